package io.github.artifactio.checks;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.UInt32Column;
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
  BatchColumnSource(TableFile file, ReadAccounting accounting, int batchRows) {
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
    // the engine's batch holds the projection in file order; the caller named its keys in sort order
    forEachBatch(g, columns, (row, b) ->
        consumer.accept(new Rows(rowGroup, row, b.rows(), columns.stream().map(b::column).toList())));
  }

  @Override
  public void scan(String column, Consumer<ValueChunk> consumer) {
    List<String> projection = List.of(column);
    for (RowGroupInfo g : file.rowGroups()) {
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

  static ValueChunk chunk(int rowGroup, long firstRow, Column c) {
    if (c instanceof Int64Column x) {
      return new ValueChunk(rowGroup, firstRow, x.values(), null, null);
    }
    if (c instanceof OptInt64Column x) {
      return new ValueChunk(rowGroup, firstRow, x.values(), null, x.valid());
    }
    if (c instanceof Int32Column x) {
      return new ValueChunk(rowGroup, firstRow, widen(x.values(), false), null, null);
    }
    if (c instanceof OptInt32Column x) {
      return new ValueChunk(rowGroup, firstRow, widen(x.values(), false), null, x.valid());
    }
    if (c instanceof UInt32Column x) {
      return new ValueChunk(rowGroup, firstRow, widen(x.values(), true), null, null);
    }
    if (c instanceof OptUInt32Column x) {
      return new ValueChunk(rowGroup, firstRow, widen(x.values(), true), null, x.valid());
    }
    if (c instanceof Float64Column x) {
      return new ValueChunk(rowGroup, firstRow, null, x.values(), null);
    }
    if (c instanceof OptFloat64Column x) {
      return new ValueChunk(rowGroup, firstRow, null, x.values(), x.valid());
    }
    if (c instanceof Float32Column x) {
      return new ValueChunk(rowGroup, firstRow, null, widen(x.values()), null);
    }
    if (c instanceof OptFloat32Column x) {
      return new ValueChunk(rowGroup, firstRow, null, widen(x.values()), x.valid());
    }
    throw new IllegalArgumentException("column '" + c.name() + "' of type " + c.type() + " is not scannable");
  }

  private static long[] widen(int[] v, boolean unsigned) {
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = unsigned ? Integer.toUnsignedLong(v[i]) : v[i];
    }
    return out;
  }

  private static double[] widen(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }
}
