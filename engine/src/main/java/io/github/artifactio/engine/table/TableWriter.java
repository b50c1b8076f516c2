package io.github.artifactio.engine.table;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.InvalidTableException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.ArrowChunks;
import io.github.artifactio.engine.internal.parquet.ColumnRunner;
import io.github.artifactio.engine.internal.parquet.StreamingWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes tables of {@link Column}s to Parquet artifacts: in one call ({@link #writeTable}), or chunk by chunk
 * ({@link #open}, {@link #write(List)} or {@link #write(VectorSchemaRoot)}, then {@link #finish()}).
 *
 * <p>Every writer writes the same bytes for the same rows and options, whatever the chunks they arrive in (empty
 * chunks included) and whatever {@link CodecPool} encodes them: each top-level column is encoded by an encoder of its
 * own that sees the same row sequence either way. A table is refused before a byte is written when it has no columns,
 * a duplicate column name (Arrow readers resolve a name to its first match and would hide the second) or columns of
 * unequal length. Bytes go to a temporary file beside the destination, which a finished write renames into place; a
 * refused, failed or abandoned write ({@link #close()} without {@link #finish()}) removes it and leaves the previous
 * file at the destination untouched.
 *
 * <pre>{@code
 * try (TableWriter w = TableWriter.open(path, WriteOptions.builder().rowGroupRows(65_536).build())) {
 *   for (List<Column> chunk : chunks) {
 *     w.write(chunk);
 *   }
 *   w.finish();
 * }
 * }</pre>
 */
public final class TableWriter implements AutoCloseable {
  /** The chunk size in which {@link #writeTableChunked} asks for rows (the Rust engine's write_table chunks). */
  public static final int WRITE_TABLE_CHUNK_ROWS = 1 << 16;

  private final Path path;
  private final WriteOptions options;
  private final StreamingWriter writer;

  private TableWriter(Path path, WriteOptions options, CodecPool pool) {
    this.path = path;
    this.options = options;
    ColumnRunner runner = pool == null ? ColumnRunner.SERIAL : pool::run;
    this.writer = new StreamingWriter(config(path, options), runner);
  }

  /** A chunked writer that encodes on the calling thread. Nothing is opened before the first chunk. */
  public static TableWriter open(Path path, WriteOptions options) {
    return open(path, options, null);
  }

  /** A chunked writer that encodes columns in parallel on {@code pool} (or the calling thread when it is null). */
  public static TableWriter open(Path path, WriteOptions options, CodecPool pool) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    return new TableWriter(path, options, pool);
  }

  /** Writes {@code columns} to {@code path} with the default options; returns the row count. */
  public static long writeTable(Path path, List<Column> columns) {
    return writeTable(path, columns, WriteOptions.defaults());
  }

  /** Writes {@code columns} to {@code path}; returns the row count. */
  public static long writeTable(Path path, List<Column> columns, WriteOptions options) {
    return writeTable(path, columns, options, null);
  }

  /** Writes {@code columns} to {@code path}, encoding on {@code pool}; returns the row count. */
  public static long writeTable(Path path, List<Column> columns, WriteOptions options, CodecPool pool) {
    validate(path, columns);
    try (TableWriter w = open(path, options, pool)) {
      w.write(columns, true);
      return w.finish();
    }
  }

  /** {@link #writeTable} with the content hash taken while writing. */
  public static Written writeTableHashed(Path path, List<Column> columns, WriteOptions options, CodecPool pool) {
    validate(path, columns);
    try (TableWriter w = open(path, options.toBuilder().contentHash().build(), pool)) {
      w.write(columns, true);
      return w.finishHashed();
    }
  }

  /**
   * The {@link #writeTable} file for a caller that produces its rows chunk by chunk: {@code chunk.apply(start, end)}
   * is asked for the rows {@code [start, end)} in ranges of {@value #WRITE_TABLE_CHUNK_ROWS} (one empty range for an
   * empty table), so only one chunk is resident. Returns the row count, or use {@link #writeTableChunkedHashed}.
   */
  public static long writeTableChunked(
      Path path, long rows, BiFunction<Long, Long, List<Column>> chunk, WriteOptions options, CodecPool pool) {
    try (TableWriter w = open(path, options, pool)) {
      feed(w, rows, chunk);
      return w.finish();
    }
  }

  /** {@link #writeTableChunked} with the content hash taken while writing. */
  public static Written writeTableChunkedHashed(
      Path path, long rows, BiFunction<Long, Long, List<Column>> chunk, WriteOptions options, CodecPool pool) {
    try (TableWriter w = open(path, options.toBuilder().contentHash().build(), pool)) {
      feed(w, rows, chunk);
      return w.finishHashed();
    }
  }

  private static void feed(TableWriter w, long rows, BiFunction<Long, Long, List<Column>> chunk) {
    long start = 0;
    do {
      long end = Math.min(rows, start + WRITE_TABLE_CHUNK_ROWS);
      List<Column> cols = chunk.apply(start, end);
      validate(w.path, cols);
      if (cols.get(0).length() != end - start) {
        throw new InvalidTableException(
            w.path, cols.get(0).name(), start,
            "writeTableChunked: the chunk for rows " + start + ".." + end + " of " + w.path + " has "
                + cols.get(0).length() + " rows");
      }
      w.write(cols, end == rows);
      start = end;
    } while (start < rows);
  }

  /** Writes one chunk; the first fixes the schema (an empty one too), later ones must match it. */
  public TableWriter write(List<Column> chunk) {
    return write(chunk, false);
  }

  /** The one-shot writers know their last chunk: the serial writer then streams the final row group column by column. */
  private TableWriter write(List<Column> chunk, boolean last) {
    validate(path, chunk);
    writer.write(chunk, last);
    return this;
  }

  /**
   * Writes one Arrow batch, converted column by column into the model's kinds (the Arrow types of
   * {@link io.github.artifactio.engine.column.ColumnType}); the batch stays the caller's to close.
   */
  public TableWriter write(VectorSchemaRoot batch) {
    return write(ArrowChunks.toColumns(path, batch));
  }

  /** Rows written so far. */
  public long rows() {
    return writer.rows();
  }

  /** Ends the table, publishes the file, and returns the row count. */
  public long finish() {
    return writer.finish().rows();
  }

  /** Ends the table, publishes the file, and returns the rows, the digest of the published bytes and the settings. */
  public Written finishHashed() {
    if (!options.contentHash()) {
      throw new ArtifactException(
          path, "TableWriter: finishHashed on a writer opened without WriteOptions.contentHash() (" + path + ")");
    }
    StreamingWriter.Result r = writer.finish();
    return new Written(r.rows(), r.contentHash(), r.settings());
  }

  /** Abandons the write unless it finished: the temporary file is removed, the destination left as it was. */
  @Override
  public void close() {
    writer.close();
  }

  /** The whole column set is checked before anything is encoded, so a refused write publishes nothing. */
  static void validate(Path path, List<Column> columns) {
    Objects.requireNonNull(path, "path");
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

  static StreamingWriter.Config config(Path path, WriteOptions o) {
    return new StreamingWriter.Config(
        path,
        o.codec(),
        o.rowGroupCap().isPresent() ? o.rowGroupCap().getAsInt() : null,
        o.rowGroupRows(),
        o.pageRows(),
        WriteOptions.DEFAULT_PAGE_BYTES,
        WriteOptions.DEFAULT_DICTIONARY_PAGE_BYTES,
        o.floatPlan(),
        o.plainColumns(),
        o.metadata(),
        WriteOptions.WRITER_SETTINGS_KEY,
        o.contentHash(),
        o.durable());
  }
}
