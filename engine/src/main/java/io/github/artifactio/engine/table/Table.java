package io.github.artifactio.engine.table;

import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.NullValueException;
import io.github.artifactio.engine.column.Column;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A table in memory, a plain value: the columns of an artifact as {@link Column} records over primitive arrays, with
 * the file they came from (for messages), its row count and the columns as the file declares them. Read one with
 * {@link #read} (or {@link TableFile#read}, which reads spans and row groups too); read a column out of it with the
 * one typed accessor, {@link #get(String, As)}:
 *
 * <pre>{@code
 * Table t = Table.read(path);
 * double[] mz = t.get("precursor_mz", As.FLOAT64);           // a NULL is an error naming the column and the row
 * OptFloat32Column im = t.get("predicted_im", As.OPT_FLOAT32); // nulls kept distinct
 * }</pre>
 *
 * @param path the artifact the columns were read from
 * @param rows the rows read (the file's, a span's or a row group's)
 * @param specs the columns as the file declares them, in file order, one per column read
 * @param columns the columns read, in file order
 */
public record Table(Path path, long rows, List<ColumnSpec> specs, List<Column> columns) {
  private static final int LISTED_NAMES = 24;

  public Table {
    Objects.requireNonNull(path, "path");
    specs = List.copyOf(specs);
    columns = List.copyOf(columns);
    if (specs.size() != columns.size()) {
      throw new IllegalArgumentException(specs.size() + " specs for " + columns.size() + " columns");
    }
  }

  /** Reads every column of {@code path}; a column of a type outside the model is an error naming it. */
  public static Table read(Path path) {
    return TableFile.open(path).read();
  }

  /** Reads the named columns, in file order; an unknown name is an error listing the columns present. */
  public static Table read(Path path, List<String> columns) {
    return TableFile.open(path).read(columns);
  }

  public static Table read(Path path, String... columns) {
    return TableFile.open(path).read(columns);
  }

  /** Column names, in file order. */
  public List<String> columnNames() {
    return specs.stream().map(ColumnSpec::name).toList();
  }

  public boolean hasColumn(String name) {
    return columns.stream().anyMatch(c -> c.name().equals(name));
  }

  /** The column {@code name} as its record; an unknown name is an error listing the columns read. */
  public Column column(String name) {
    for (Column c : columns) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    throw notFound(path, name, columnNames());
  }

  public ColumnSpec spec(String name) {
    for (ColumnSpec s : specs) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw notFound(path, name, columnNames());
  }

  /** The column {@code name} read {@code as} says; see {@link As} for the null policy of each form. */
  public <T> T get(String name, As<T> as) {
    T value = as.read(column(name), valid -> refuseNulls(name, valid));
    if (value == null) {
      throw as.isList() ? notOfList(name, as) : notOfType(name, as);
    }
    return value;
  }

  private void refuseNulls(String name, boolean[] valid) {
    for (int i = 0; i < valid.length; i++) {
      if (!valid[i]) {
        throw rejectNull(path, name, i);
      }
    }
  }

  /** The Rust engine's {@code reject_null} wording; the file, column and row are the error's fields. */
  static NullValueException rejectNull(Path path, String name, long row) {
    return new NullValueException(
        path,
        name,
        row,
        "a NULL in a required column. Nullable columns are written through the Opt* variants and read through the"
            + " opt* getters; a NULL here would otherwise be substituted with 0 or an empty string. Fix or drop the"
            + " row");
  }

  private ColumnTypeException notOfType(String name, As<?> as) {
    return new ColumnTypeException(
        path, name, null, "the column is not " + as.leaf().shortName() + ": it is " + spec(name).describe());
  }

  private ColumnTypeException notOfList(String name, As<?> as) {
    String why = column(name).type().isList()
        ? "the list's inner type is not " + as.leaf().shortName()
        : "the column is not a list";
    return new ColumnTypeException(path, name, null, why + ": it is " + spec(name).describe());
  }

  /** The Rust engine's missing-column wording (the first 24 names, then how many more); the column is a field. */
  static ColumnNotFoundException notFound(Path path, String name, List<String> present) {
    StringBuilder names = new StringBuilder("[");
    for (int i = 0; i < Math.min(LISTED_NAMES, present.size()); i++) {
      names.append(i == 0 ? "" : ", ").append('"').append(present.get(i)).append('"');
    }
    names.append(']');
    if (present.size() > LISTED_NAMES) {
      names.append(" ... and ").append(present.size() - LISTED_NAMES).append(" more");
    }
    return new ColumnNotFoundException(
        path,
        name,
        null,
        "not found (" + present.size() + " columns: " + names + ")");
  }

  @Override
  public String toString() {
    return "Table[" + path + ", " + rows + " rows, " + columnNames() + "]";
  }
}
