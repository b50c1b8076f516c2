package io.github.artifactio.checks;

import io.github.artifactio.checks.result.Severity;
import java.io.PrintWriter;

/**
 * Where the gate's lines go: Maven's log for the plugin, the terminal for the command line. The gate decides what is
 * said and at which level; the front end only prints.
 */
public interface GateLog {
  void info(String line);

  void warn(String line);

  void error(String line);

  /**
   * The lines on {@code out} as a terminal shows them: warnings and errors marked as Maven marks them, the rest as
   * they are (the command line's log, and the Spark driver's by default).
   */
  static GateLog printing(PrintWriter out) {
    return new GateLog() {
      @Override
      public void info(String line) {
        out.println(line);
      }

      @Override
      public void warn(String line) {
        out.println("[WARN] " + line);
      }

      @Override
      public void error(String line) {
        out.println("[ERROR] " + line);
      }
    };
  }

  /** A line at a finding's level. */
  default void at(Severity level, String line) {
    switch (level) {
      case ERROR -> error(line);
      case WARN -> warn(line);
      default -> info(line);
    }
  }
}
