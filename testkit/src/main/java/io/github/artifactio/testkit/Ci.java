package io.github.artifactio.testkit;

/**
 * Whether the build runs in CI, where the testkit writes nothing into the source tree (no new golden, no recorded
 * digests): the environment variable {@code CI} set to anything but {@code false}, {@code 0} or nothing (CI servers set
 * {@code CI=true}; a developer's {@code CI=false} means "not CI"), unless the system property {@value #PROPERTY} says
 * otherwise ({@code true} or {@code false}). The property lets a suite pin the behaviour it tests, whatever machine
 * runs it; the testkit's own suite sets it to {@code false}, and tests of the CI behaviour set it to {@code true}.
 */
public final class Ci {
  /** Overrides the {@code CI} environment variable when set. */
  public static final String PROPERTY = "artifact-io.ci";

  private Ci() {}

  public static boolean isSet() {
    String p = System.getProperty(PROPERTY);
    if (p != null && !p.isBlank()) {
      return Boolean.parseBoolean(p.trim());
    }
    return isCi(System.getenv("CI"));
  }

  /** Whether a value of the {@code CI} variable means CI: set, and not {@code false}, {@code 0} or blank. */
  static boolean isCi(String value) {
    if (value == null) {
      return false;
    }
    String v = value.trim();
    return !(v.isEmpty() || v.equalsIgnoreCase("false") || v.equals("0"));
  }
}
