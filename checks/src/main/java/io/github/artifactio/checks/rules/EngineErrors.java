package io.github.artifactio.checks.rules;

import io.github.artifactio.engine.ArtifactException;

/**
 * The engine's errors in the checks' texts. A report names the file it is about already, so an error about that file
 * is given without it: the rest of its location, then its detail, never the location twice.
 */
final class EngineErrors {
  private EngineErrors() {}

  /**
   * Why {@code column} could not be read: {@code col: not readable: row group 0: DETAIL}. The error's column is left
   * out when it is {@code column}, named when it is another one.
   */
  static String notReadable(String column, ArtifactException e) {
    return column + ": not readable: " + e.messageWithoutFile(column);
  }
}
