package io.github.artifactio.maven.check;

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
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.table.TableFile;
import java.util.function.Consumer;

/**
 * A {@link ColumnSource} over the engine's {@link TableFile#readRowGroup}: one column of one row group decoded at a
 * time, so memory is bounded by the largest row group's column (8 MiB plus a validity array for the engine's
 * 1,048,576-row groups), whatever the file's size.
 */
public final class RowGroupColumnSource implements ColumnSource {
  private final TableFile file;
  private final ReadAccounting accounting;

  public RowGroupColumnSource(TableFile file, ReadAccounting accounting) {
    this.file = file;
    this.accounting = accounting;
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
  public void scan(String column, Consumer<ValueChunk> consumer) {
    accounting.opened();
    for (RowGroupInfo g : file.rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        if (c.path().equals(column)) {
          accounting.read(c.compressedBytes());
        }
      }
      Column col = file.readRowGroup(g.index(), column).column(column);
      consumer.accept(chunk(g.index(), g.firstRow(), col));
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
