package io.github.artifactio.cli;

import io.github.artifactio.checks.GateLog;
import java.io.PrintWriter;

/** The gate's lines on a terminal stream: errors and warnings marked as Maven marks them, the rest as they are. */
final class TerminalLog implements GateLog {
  private final PrintWriter out;

  TerminalLog(PrintWriter out) {
    this.out = out;
  }

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
}
