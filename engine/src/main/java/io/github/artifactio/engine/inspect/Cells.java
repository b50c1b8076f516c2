package io.github.artifactio.engine.inspect;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
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

/** One cell of the head as text: nulls as {@code null}, strings quoted, long lists and strings shortened. */
final class Cells {
  static final int MAX_ITEMS = 6;
  static final int MAX_CHARS = 40;

  private Cells() {}

  static String format(Column c, int row) {
    if (c.isNull(row)) {
      return "null";
    }
    if (c instanceof Int64Column) {
      return Long.toString(((Int64Column) c).values()[row]);
    } else if (c instanceof OptInt64Column) {
      return Long.toString(((OptInt64Column) c).values()[row]);
    } else if (c instanceof Int32Column) {
      return Integer.toString(((Int32Column) c).values()[row]);
    } else if (c instanceof OptInt32Column) {
      return Integer.toString(((OptInt32Column) c).values()[row]);
    } else if (c instanceof UInt32Column) {
      return Integer.toUnsignedString(((UInt32Column) c).values()[row]);
    } else if (c instanceof OptUInt32Column) {
      return Integer.toUnsignedString(((OptUInt32Column) c).values()[row]);
    } else if (c instanceof Float64Column) {
      return Double.toString(((Float64Column) c).values()[row]);
    } else if (c instanceof OptFloat64Column) {
      return Double.toString(((OptFloat64Column) c).values()[row]);
    } else if (c instanceof Float32Column) {
      return Float.toString(((Float32Column) c).values()[row]);
    } else if (c instanceof OptFloat32Column) {
      return Float.toString(((OptFloat32Column) c).values()[row]);
    } else if (c instanceof BoolColumn) {
      return Boolean.toString(((BoolColumn) c).values()[row]);
    } else if (c instanceof OptBoolColumn) {
      return Boolean.toString(((OptBoolColumn) c).values()[row]);
    } else if (c instanceof Utf8Column) {
      return quote(((Utf8Column) c).get(row));
    } else if (c instanceof OptUtf8Column) {
      return quote(((OptUtf8Column) c).get(row));
    } else if (c instanceof ListFloat32Column) {
      return list(((ListFloat32Column) c).get(row));
    } else if (c instanceof LargeListFloat32Column) {
      return list(((LargeListFloat32Column) c).get(row));
    } else if (c instanceof ListFloat64Column) {
      double[] d = ((ListFloat64Column) c).get(row);
      StringBuilder b = new StringBuilder("[");
      for (int i = 0; i < Math.min(d.length, MAX_ITEMS); i++) {
        b.append(i == 0 ? "" : ", ").append(d[i]);
      }
      return b.append(d.length > MAX_ITEMS ? ", … " + d.length + " items]" : "]").toString();
    }
    throw new IllegalStateException("no cell format for " + c.type());
  }

  private static String list(float[] f) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < Math.min(f.length, MAX_ITEMS); i++) {
      b.append(i == 0 ? "" : ", ").append(f[i]);
    }
    return b.append(f.length > MAX_ITEMS ? ", … " + f.length + " items]" : "]").toString();
  }

  private static String quote(String s) {
    String shown = s.codePointCount(0, s.length()) > MAX_CHARS
        ? s.substring(0, s.offsetByCodePoints(0, MAX_CHARS)) + "…"
        : s;
    return '"' + shown.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
  }
}
