package io.github.artifactio.checks.rules;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ValueVisitor;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.table.TableFile;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A {@link ColumnSource} over the engine's streaming reader ({@link TableFile#batches}): one column, at most
 * {@link #BATCH_ROWS} rows decoded at a time, so a rule's memory is one batch (512 KiB of values plus validity) however
 * large a row group is. What else is resident is the engine's: the compressed bytes of the one column chunk being
 * read and one page's decompression buffer.
 *
 * <p>Each row group is read as its own row span, so a batch never crosses a row group and every {@link ValueChunk}
 * knows the one row group its rows belong to (the engine's batches over a whole file may straddle two).
 */
public final class BatchColumnSource implements ColumnSource {
  /** Rows per chunk handed to rules: the engine's own streaming unit (its string batches use the same). */
  public static final int BATCH_ROWS = 1 << 16;

  private final TableFile file;
  private final ReadAccounting accounting;
  private final int batchRows;

  public BatchColumnSource(TableFile file, ReadAccounting accounting) {
    this(file, accounting, BATCH_ROWS);
  }

  /** With another batch size: tests use small ones to put batch edges where they want them. */
  public BatchColumnSource(TableFile file, ReadAccounting accounting, int batchRows) {
    if (batchRows < 1) {
      throw new IllegalArgumentException("batchRows must be at least 1 but was " + batchRows);
    }
    this.file = file;
    this.accounting = accounting;
    this.batchRows = batchRows;
  }

  @Override
  public String describe(String column) {
    if (!file.hasColumn(column)) {
      return "is not in the file (columns: " + String.join(", ", file.columnNames()) + ")";
    }
    ColumnSpec spec = file.column(column);
    ColumnType kind = spec.decodedAs();
    if (kind == null || kind.isList() || kind.leaf() == ColumnType.Leaf.BOOL || kind.leaf() == ColumnType.Leaf.UTF8) {
      return "has type " + spec.arrowType() + ", not an integer or floating-point type";
    }
    return null;
  }

  @Override
  public boolean isInteger(String column) {
    ColumnType.Leaf leaf = file.column(column).decodedAs().leaf();
    return leaf == ColumnType.Leaf.INT64 || leaf == ColumnType.Leaf.INT32 || leaf == ColumnType.Leaf.UINT32;
  }

  @Override
  public String describeKey(String column) {
    if (!file.hasColumn(column)) {
      return "is not in the file (columns: " + String.join(", ", file.columnNames()) + ")";
    }
    ColumnSpec spec = file.column(column);
    ColumnType kind = spec.decodedAs();
    if (kind == null || kind.isList() || column.contains(".")) {
      return "has type " + spec.arrowType() + ", which is not compared as a sort key";
    }
    return null;
  }

  @Override
  public void scanRows(int rowGroup, List<String> columns, Consumer<Rows> consumer) {
    RowGroupInfo g = file.rowGroups().get(rowGroup);
    // the engine's batch holds the projection in file order; the caller named its keys in sort order. Each key
    // column is widened once a batch, so the rule compares rows without asking for the kind per value
    forEachBatch(g, columns, (row, b) -> consumer.accept(
        new Rows(rowGroup, row, b.rows(), columns.stream().map(b::column).map(KeyValues::of).toList())));
  }

  @Override
  public void scan(String column, Consumer<ValueChunk> consumer) {
    scan(column, 0, file.rowGroups().size(), consumer);
  }

  @Override
  public void scan(String column, int fromGroup, int toGroup, Consumer<ValueChunk> consumer) {
    List<String> projection = List.of(column);
    for (RowGroupInfo g : file.rowGroups().subList(fromGroup, toGroup)) {
      forEachBatch(g, projection, (row, b) -> consumer.accept(chunk(g.index(), row, b.column(column))));
    }
  }

  /**
   * Hands each batch of row group {@code g}'s projection to {@code each} with the file row of its first row. Each row
   * group's reader opens the file; bytes are counted as the reader reports them (pages and dictionaries actually
   * read), also when a page fails.
   */
  private void forEachBatch(RowGroupInfo g, List<String> projection, BiConsumer<Long, Batch> each) {
    if (g.rows() == 0) {
      return;
    }
    BatchReader reader = file.span(g.firstRow(), g.rows()).batches(projection, batchRows);
    accounting.opened();
    try {
      long row = g.firstRow();
      while (reader.hasNext()) {
        Batch b = reader.next();
        each.accept(row, b);
        row += b.rows();
      }
    } finally {
      accounting.read(reader.bytesRead());
      reader.close();
    }
  }

  /** One batch of a scannable column (integer or floating point, see {@link #describe}) as a value chunk. */
  static ValueChunk chunk(int rowGroup, long firstRow, Column c) {
    return c.acceptValues(new ValueVisitor<>() {
      @Override
      public ValueChunk int64(long[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, values, null, valid);
      }

      @Override
      public ValueChunk int32(int[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, widen(values, false), null, valid);
      }

      @Override
      public ValueChunk uint32(int[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, widen(values, true), null, valid);
      }

      @Override
      public ValueChunk float64(double[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, values, valid);
      }

      @Override
      public ValueChunk float32(float[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, widen(values), valid);
      }

      @Override
      public ValueChunk bool(boolean[] values, boolean[] valid) {
        throw notScannable(c);
      }

      @Override
      public ValueChunk utf8(byte[] data, int[] offsets, boolean[] valid) {
        throw notScannable(c);
      }
    });
  }

  /** {@link #describe} keeps booleans and strings from the value rules; reaching here is a bug. */
  private static IllegalArgumentException notScannable(Column c) {
    return new IllegalArgumentException("column '" + c.name() + "' of type " + c.type() + " is not scannable");
  }

  static long[] widen(int[] v, boolean unsigned) {
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = unsigned ? Integer.toUnsignedLong(v[i]) : v[i];
    }
    return out;
  }

  static double[] widen(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }
}
