package io.github.artifactio.checks;

import io.github.artifactio.checks.result.Severity;

/**
 * Where the gate's lines go: Maven's log for the plugin, the terminal for the command line. The gate decides what is
 * said and at which level; the front end only prints.
 */
public interface GateLog {
  void info(String line);

  void warn(String line);

  void error(String line);

  /** A line at a finding's level. */
  default void at(Severity level, String line) {
    switch (level) {
      case ERROR -> error(line);
      case WARN -> warn(line);
      default -> info(line);
    }
  }
}
