package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnVisitor;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptBoolColumn;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;

/** Cheap facts about column slices that scheduling needs. */
final class Columns {
  private Columns() {}

  /** A rough cost of encoding rows {@code [from, to)}: value bytes, plus a per-row and per-item overhead. */
  static long workEstimate(Column c, int from, int to) {
    return c.accept(new Work(from, to));
  }

  /** Value bytes per row by kind; strings and lists by the bytes or items their offsets span. */
  private record Work(int from, int to) implements ColumnVisitor<Long> {
    private long rows() {
      return to - from;
    }

    @Override
    public Long int64(Int64Column c) {
      return rows() * 8;
    }

    @Override
    public Long int32(Int32Column c) {
      return rows() * 4;
    }

    @Override
    public Long uint32(UInt32Column c) {
      return rows() * 4;
    }

    @Override
    public Long float64(Float64Column c) {
      return rows() * 8;
    }

    @Override
    public Long float32(Float32Column c) {
      return rows() * 4;
    }

    @Override
    public Long bool(BoolColumn c) {
      return rows();
    }

    @Override
    public Long utf8(Utf8Column c) {
      return rows() * 16 + (c.offsets()[to] - c.offsets()[from]);
    }

    @Override
    public Long optInt64(OptInt64Column c) {
      return rows() * 8;
    }

    @Override
    public Long optInt32(OptInt32Column c) {
      return rows() * 4;
    }

    @Override
    public Long optUInt32(OptUInt32Column c) {
      return rows() * 4;
    }

    @Override
    public Long optFloat64(OptFloat64Column c) {
      return rows() * 8;
    }

    @Override
    public Long optFloat32(OptFloat32Column c) {
      return rows() * 4;
    }

    @Override
    public Long optBool(OptBoolColumn c) {
      return rows();
    }

    @Override
    public Long optUtf8(OptUtf8Column c) {
      return rows() * 16 + (c.offsets()[to] - c.offsets()[from]);
    }

    @Override
    public Long listFloat32(ListFloat32Column c) {
      return rows() * 4 + (c.offsets()[to] - c.offsets()[from]) * 12L;
    }

    @Override
    public Long listFloat64(ListFloat64Column c) {
      return rows() * 4 + (c.offsets()[to] - c.offsets()[from]) * 16L;
    }

    @Override
    public Long largeListFloat32(LargeListFloat32Column c) {
      return rows() * 4 + (c.offsets()[to] - c.offsets()[from]) * 12L;
    }
  }
}
