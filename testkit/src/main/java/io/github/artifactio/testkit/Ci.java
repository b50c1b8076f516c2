package io.github.artifactio.testkit;

/**
 * Whether the build runs in CI, where the testkit writes nothing into the source tree (no new golden, no recorded
 * digests): the environment variable {@code CI}, unless the system property {@value #PROPERTY} says otherwise
 * ({@code true} or {@code false}). The property lets a suite pin the behaviour it tests, whatever machine runs it;
 * the testkit's own suite sets it to {@code false}, and tests of the CI behaviour set it to {@code true}.
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
    return System.getenv("CI") != null;
  }
}
