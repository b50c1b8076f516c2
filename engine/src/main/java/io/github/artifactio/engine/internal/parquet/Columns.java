package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;

/** Cheap facts about column slices that scheduling needs. */
final class Columns {
  private Columns() {}

  /** A rough cost of encoding rows {@code [from, to)}: value bytes, plus a per-row and per-item overhead. */
  static long workEstimate(Column c, int from, int to) {
    long rows = to - from;
    if (c instanceof ListFloat32Column) {
      int[] o = ((ListFloat32Column) c).offsets();
      return rows * 4 + (o[to] - o[from]) * 12L;
    }
    if (c instanceof LargeListFloat32Column) {
      long[] o = ((LargeListFloat32Column) c).offsets();
      return rows * 4 + (o[to] - o[from]) * 12L;
    }
    if (c instanceof ListFloat64Column) {
      int[] o = ((ListFloat64Column) c).offsets();
      return rows * 4 + (o[to] - o[from]) * 16L;
    }
    if (c instanceof Utf8Column) {
      int[] o = ((Utf8Column) c).offsets();
      return rows * 16 + (o[to] - o[from]);
    }
    if (c instanceof OptUtf8Column) {
      int[] o = ((OptUtf8Column) c).offsets();
      return rows * 16 + (o[to] - o[from]);
    }
    switch (c.type().leaf()) {
      case INT64:
      case FLOAT64:
        return rows * 8;
      case BOOL:
        return rows;
      default:
        return rows * 4;
    }
  }
}
