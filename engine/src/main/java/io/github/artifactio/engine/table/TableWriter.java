package io.github.artifactio.engine.table;

import io.github.artifactio.engine.InvalidTableException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.ParquetTableWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Writes tables of {@link Column}s to Parquet artifacts.
 *
 * <p>{@link #writeTable(Path, List)} refuses a table before a byte is written when it has no columns, a duplicate
 * column name (Arrow readers resolve a name to its first match and would hide the second) or columns of unequal
 * length; a refused or failed write leaves whatever was at the path untouched, and a finished one appears there by
 * rename, never half-written.
 */
public final class TableWriter {
  private TableWriter() {}

  /** Writes {@code columns} to {@code path} with the default options; returns the row count. */
  public static long writeTable(Path path, List<Column> columns) {
    return writeTable(path, columns, WriteOptions.defaults());
  }

  /** Writes {@code columns} to {@code path}; returns the row count. */
  public static long writeTable(Path path, List<Column> columns, WriteOptions options) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    validate(path, columns);
    return ParquetTableWriter.write(path, List.copyOf(columns), settings(options));
  }

  /** The whole column set is checked before anything is encoded, so a refused write publishes nothing. */
  static void validate(Path path, List<Column> columns) {
    if (columns == null || columns.isEmpty()) {
      throw new InvalidTableException(path, null, null, "writeTable: no columns for " + path);
    }
    Set<String> seen = new HashSet<>();
    for (Column c : columns) {
      Objects.requireNonNull(c, "a column of the table for " + path);
      if (!seen.add(c.name())) {
        throw new InvalidTableException(
            path, c.name(), null, "writeTable: duplicate column '" + c.name() + "' for " + path);
      }
    }
    Column first = columns.get(0);
    for (Column c : columns) {
      if (c.length() != first.length()) {
        throw new InvalidTableException(
            path,
            c.name(),
            null,
            "writeTable: column '" + c.name() + "' has " + c.length() + " rows, expected " + first.length()
                + " (the length of column '" + first.name() + "') for " + path);
      }
    }
  }

  static ParquetTableWriter.Settings settings(WriteOptions o) {
    return new ParquetTableWriter.Settings(
        CompressionCodecName.valueOf(o.codec().name()),
        o.rowGroupRows(),
        WriteOptions.DEFAULT_PAGE_ROWS,
        WriteOptions.DEFAULT_PAGE_BYTES,
        WriteOptions.DEFAULT_DICTIONARY_PAGE_BYTES,
        o.metadata());
  }
}
