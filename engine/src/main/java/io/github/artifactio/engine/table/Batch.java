package io.github.artifactio.engine.table;

import io.github.artifactio.engine.column.Column;
import java.util.List;

/**
 * One batch of a streaming read: the projected columns, in file order, each a {@link Column} record over primitive
 * arrays of {@code rows} rows (the typed chunk form; {@link TableFile#arrowBatches} gives the same rows as Arrow).
 */
public record Batch(int rows, List<Column> columns) {
  public Batch {
    columns = List.copyOf(columns);
  }

  /** The column named {@code name}; a column outside the projection is an error naming it. */
  public Column column(String name) {
    for (Column c : columns) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "column '" + name + "' is not in this batch (" + columns.stream().map(Column::name).toList() + ")");
  }
}
