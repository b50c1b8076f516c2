package io.github.artifactio.checks.result;

/**
 * A check that is configured wrongly: an unknown rule id or contract, a rule without the columns it needs, an empty
 * rule set, a malformed contract file. It is raised before any file is read, because a misconfigured check must never
 * pass silently; the goals turn it into a build error, not a finding.
 */
public class ConfigurationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConfigurationException(String message) {
    super(message);
  }

  public ConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
