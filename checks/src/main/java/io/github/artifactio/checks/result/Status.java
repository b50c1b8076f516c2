package io.github.artifactio.checks.result;

/**
 * The verdict of one rule on one file, as the summary table, {@code validation.json} and the JUnit report show it.
 * A violation of an {@link Severity#INFO} rule is reported as a finding but leaves the verdict {@link #PASS}.
 */
public enum Status {
  PASS,
  WARN,
  FAIL,
  /** The rule could not decide: the data it needs is missing or not readable (the reason is the observed value). */
  UNDETERMINED;

  static Status of(Severity severity) {
    switch (severity) {
      case ERROR:
        return FAIL;
      case WARN:
        return WARN;
      default:
        return PASS;
    }
  }
}
