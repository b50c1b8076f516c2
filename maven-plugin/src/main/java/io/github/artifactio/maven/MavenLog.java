package io.github.artifactio.maven;

import io.github.artifactio.checks.GateLog;
import org.apache.maven.plugin.logging.Log;

/** The gate's lines in Maven's log, at their level. */
final class MavenLog implements GateLog {
  private final Log log;

  MavenLog(Log log) {
    this.log = log;
  }

  @Override
  public void info(String line) {
    log.info(line);
  }

  @Override
  public void warn(String line) {
    log.warn(line);
  }

  @Override
  public void error(String line) {
    log.error(line);
  }
}
