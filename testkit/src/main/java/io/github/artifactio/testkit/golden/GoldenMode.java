package io.github.artifactio.testkit.golden;

import java.util.Locale;
import java.util.Map;

/**
 * When a golden file may be written: {@link #NEW} (the default) creates a missing golden but never overwrites one,
 * {@link #OVERWRITE} accepts the actual artifact as the new golden, {@link #NO} writes nothing and fails on a missing
 * golden. {@code -Dartifact-io.golden.update=true} means OVERWRITE; the environment variable
 * {@code ARTIFACT_IO_GOLDEN=overwrite|new|no} chooses any; when {@code CI} is set the mode is always NO.
 */
public enum GoldenMode {
  NEW,
  OVERWRITE,
  NO;

  /** The system property that, set to true, accepts every actual artifact. */
  public static final String UPDATE_PROPERTY = "artifact-io.golden.update";
  /** The environment variable that chooses the mode. */
  public static final String ENV = "ARTIFACT_IO_GOLDEN";

  /** The mode of this JVM: its system properties and environment. */
  public static GoldenMode current() {
    java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
    if (io.github.artifactio.testkit.Ci.isSet()) {
      env.put("CI", "true");
    } else {
      env.remove("CI");
    }
    return resolve(System.getProperty(UPDATE_PROPERTY), env);
  }

  /** The mode for the given update property and environment. */
  static GoldenMode resolve(String updateProperty, Map<String, String> env) {
    if (env.get("CI") != null) {
      return NO;
    }
    if (Boolean.parseBoolean(updateProperty)) {
      return OVERWRITE;
    }
    String e = env.get(ENV);
    if (e == null || e.isBlank()) {
      return NEW;
    }
    try {
      return valueOf(e.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException(ENV + "=" + e + " is not one of overwrite, new, no");
    }
  }
}
