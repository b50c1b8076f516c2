package io.github.artifactio.checks.config;

/**
 * A setting of the gate, with the name each front end gives it: the Maven plugin's user property and the command
 * line's option. Messages name a setting through a {@link Dialect}, so a user reads the name they typed.
 */
public enum Setting {
  DIRECTORY("artifact-io.directory", "PATH"),
  INCLUDES("artifact-io.includes", "--include"),
  CONTRACT("artifact-io.contract", "--contract"),
  RULES("artifact-io.rules", "--rules"),
  SKIP_RULES("artifact-io.skipRules", "--skip-rules"),
  FAIL_ON("artifact-io.failOn", "--fail-on"),
  FAIL_ON_UNDETERMINED("artifact-io.failOnUndetermined", "--fail-on-undetermined"),
  FAIL_IF_NO_FILES("artifact-io.failIfNoFiles", "--fail-if-no-files"),
  THREADS("artifact-io.threads", "--threads"),
  CACHE_DIR("artifact-io.cacheDir", "--cache-dir"),
  SCHEMAS("artifact-io.schemas", "--schema");

  private final String property;
  private final String option;

  Setting(String property, String option) {
    this.property = property;
    this.option = option;
  }

  /** The Maven user property ({@code -Dartifact-io.failOn=WARN}). */
  public String property() {
    return property;
  }

  /** The command-line option ({@code --fail-on WARN}). */
  public String option() {
    return option;
  }
}
