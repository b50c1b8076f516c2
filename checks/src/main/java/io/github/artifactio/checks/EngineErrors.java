package io.github.artifactio.checks;

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
    StringBuilder where = new StringBuilder();
    e.column().filter(c -> !c.equals(column)).ifPresent(c -> where.append("column '").append(c).append('\''));
    e.rowGroup().ifPresent(g -> separate(where).append("row group ").append(g));
    e.row().ifPresent(r -> separate(where).append("row ").append(r));
    return column + ": not readable: " + (where.length() == 0 ? "" : where + ": ") + e.detail();
  }

  private static StringBuilder separate(StringBuilder b) {
    return b.length() == 0 ? b : b.append(", ");
  }
}
