package io.github.artifactio.engine.table;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.InvalidTableException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.write.ArrowChunks;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.parquet.write.StreamingWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes tables of {@link Column}s to Parquet artifacts: in one call ({@link #writeTable}), for a producer called back
 * per range of rows ({@link #writeTableChunked}), or chunk by chunk ({@link #open}, {@link #write(List)} or
 * {@link #write(VectorSchemaRoot)}, then {@link #finish()}). Every form returns a {@link Written}: the rows, the
 * settings that shaped the bytes and, when {@link WriteOptions.Builder#contentHash()} asked for it, the blake3 of the
 * published file taken while writing.
 *
 * <p>Every writer writes the same bytes for the same rows and options, whatever the chunks they arrive in (empty
 * chunks included) and whatever {@link EngineContext} encodes them: each top-level column is encoded by an encoder of
 * its own that sees the same row sequence either way. A table is refused before a byte is written when it has no
 * columns, a duplicate column name (Arrow readers resolve a name to its first match and would hide the second) or
 * columns of unequal length. Bytes go to a temporary file beside the destination, which a finished write renames into
 * place; a refused, failed or abandoned write ({@link #close()} without {@link #finish()}) removes it and leaves the
 * previous file at the destination untouched.
 *
 * <pre>{@code
 * try (TableWriter w = TableWriter.open(path, WriteOptions.builder().rowGroupRows(65_536).build(), context)) {
 *   for (List<Column> chunk : chunks) {
 *     w.write(chunk);
 *   }
 *   Written written = w.finish();
 * }
 * }</pre>
 */
public final class TableWriter implements AutoCloseable {
  /** The chunk size in which {@link #writeTableChunked} asks for rows (the Rust engine's write_table chunks). */
  public static final int WRITE_TABLE_CHUNK_ROWS = 1 << 16;

  private final Path path;
  private final StreamingWriter writer;

  private TableWriter(Path path, WriteOptions options, EngineContext context) {
    this.path = path;
    this.writer = new StreamingWriter(config(path, options), Workers.of(context));
  }

  /** A chunked writer that encodes on the calling thread. Nothing is opened before the first chunk. */
  public static TableWriter open(Path path, WriteOptions options) {
    return open(path, options, EngineContext.serial());
  }

  /**
   * A chunked writer that encodes columns in parallel on {@code context}, and hashes there when asked to; nothing is
   * opened before the first chunk.
   */
  public static TableWriter open(Path path, WriteOptions options, EngineContext context) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(context, "context");
    return new TableWriter(path, options, context);
  }

  /** Writes {@code columns} to {@code path} with the default options, on the calling thread. */
  public static Written writeTable(Path path, List<Column> columns) {
    return writeTable(path, columns, WriteOptions.defaults());
  }

  /** Writes {@code columns} to {@code path} on the calling thread. */
  public static Written writeTable(Path path, List<Column> columns, WriteOptions options) {
    return writeTable(path, columns, options, EngineContext.serial());
  }

  /** Writes {@code columns} to {@code path}, encoding (and hashing, when asked) on {@code context}. */
  public static Written writeTable(Path path, List<Column> columns, WriteOptions options, EngineContext context) {
    validate(path, columns);
    try (TableWriter w = open(path, options, context)) {
      w.write(columns, true);
      return w.finish();
    }
  }

  /**
   * The {@link #writeTable} file for a caller that produces its rows chunk by chunk: {@code chunk.apply(start, end)}
   * is asked for the rows {@code [start, end)} in ranges of {@value #WRITE_TABLE_CHUNK_ROWS} (one empty range for an
   * empty table), so only one chunk is resident.
   */
  public static Written writeTableChunked(
      Path path, long rows, BiFunction<Long, Long, List<Column>> chunk, WriteOptions options, EngineContext context) {
    try (TableWriter w = open(path, options, context)) {
      feed(w, rows, chunk);
      return w.finish();
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
            "writeTableChunked: the chunk for rows " + start + ".." + end + " has " + cols.get(0).length() + " rows");
      }
      w.write(cols, end == rows);
      start = end;
    } while (start < rows);
  }

  /** Writes one chunk; the first fixes the schema (an empty one too), later ones must match it. */
  public TableWriter write(List<Column> chunk) {
    return write(chunk, false);
  }

  /**
   * The one-shot writers know their last chunk: the serial writer then streams the final row group column by column.
   */
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

  /**
   * Ends the table and publishes the file; returns the rows, the settings and, for a writer whose options asked for
   * it, the digest of the published bytes.
   */
  public Written finish() {
    StreamingWriter.Result r = writer.finish();
    return new Written(r.rows(), Optional.ofNullable(r.contentHash()), r.settings());
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
      throw new InvalidTableException(path, null, null, "writeTable: no columns");
    }
    Set<String> seen = new HashSet<>();
    for (Column c : columns) {
      Objects.requireNonNull(c, "a column of the table for " + path);
      if (!seen.add(c.name())) {
        throw new InvalidTableException(
            path, c.name(), null, "writeTable: a duplicate column name");
      }
    }
    Column first = columns.get(0);
    for (Column c : columns) {
      if (c.length() != first.length()) {
        throw new InvalidTableException(
            path,
            c.name(),
            null,
            "writeTable: the column has " + c.length() + " rows, expected " + first.length()
                + " (the length of column '" + first.name() + "')");
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
        o.durable(),
        o.directIo());
  }
}
