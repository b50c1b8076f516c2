package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.ColumnType;
import java.util.List;

/**
 * Bounds of the generated tables: at most {@code maxColumns} columns of the given {@code kinds}, at most
 * {@code maxRows} rows (the row-count edge cases above it are left out), and whether a column may hold a string over
 * 1 MiB.
 */
public record TableShape(int maxColumns, int maxRows, boolean hugeStrings, List<ColumnType> kinds) {
  /** Up to 6 columns of every kind, up to 70,000 rows (past the page and write-chunk boundaries), huge strings. */
  public static final TableShape DEFAULT = new TableShape(6, 70_000, true, List.of(ColumnType.values()));

  public TableShape {
    if (maxColumns < 1) {
      throw new IllegalArgumentException("maxColumns must be at least 1 but was " + maxColumns);
    }
    if (maxRows < 0) {
      throw new IllegalArgumentException("maxRows must be at least 0 but was " + maxRows);
    }
    kinds = List.copyOf(kinds);
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("no column kinds");
    }
  }

  /** Small tables: up to 4 columns and 300 rows, no huge strings; for fast properties. */
  public static TableShape small() {
    return new TableShape(4, 300, false, List.of(ColumnType.values()));
  }

  public TableShape withMaxRows(int rows) {
    return new TableShape(maxColumns, rows, hugeStrings, kinds);
  }

  public TableShape withMaxColumns(int columns) {
    return new TableShape(columns, maxRows, hugeStrings, kinds);
  }

  public TableShape withHugeStrings(boolean on) {
    return new TableShape(maxColumns, maxRows, on, kinds);
  }

  public TableShape withKinds(List<ColumnType> kinds) {
    return new TableShape(maxColumns, maxRows, hugeStrings, kinds);
  }
}
