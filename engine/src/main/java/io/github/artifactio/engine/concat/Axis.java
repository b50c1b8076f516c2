package io.github.artifactio.engine.concat;

/** Which way inputs are combined. */
public enum Axis {
  /** Splice: the output holds every input's rows, input after input (the inputs share one schema). */
  ROWS,
  /** Join: the output holds every input's columns, input after input (the inputs share their rows). */
  COLUMNS;

  /** The name the provenance and the report use. */
  public String jsonName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
