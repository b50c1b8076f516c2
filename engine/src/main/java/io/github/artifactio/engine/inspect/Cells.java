package io.github.artifactio.engine.inspect;

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
import java.util.function.IntFunction;

/** One cell of the head as text: nulls as {@code null}, strings quoted, long lists and strings shortened. */
final class Cells {
  static final int MAX_ITEMS = 6;
  static final int MAX_CHARS = 40;

  private Cells() {}

  /** The cells of column {@code c}, row by row. */
  static IntFunction<String> of(Column c) {
    IntFunction<String> present = c.accept(FORMATS);
    return row -> c.isNull(row) ? "null" : present.apply(row);
  }

  /** How a present row of each kind reads. */
  private static final ColumnVisitor<IntFunction<String>> FORMATS = new ColumnVisitor<>() {
    @Override
    public IntFunction<String> int64(Int64Column c) {
      return row -> Long.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> int32(Int32Column c) {
      return row -> Integer.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> uint32(UInt32Column c) {
      return row -> Integer.toUnsignedString(c.values()[row]);
    }

    @Override
    public IntFunction<String> float64(Float64Column c) {
      return row -> Double.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> float32(Float32Column c) {
      return row -> Float.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> bool(BoolColumn c) {
      return row -> Boolean.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> utf8(Utf8Column c) {
      return row -> quote(c.get(row));
    }

    @Override
    public IntFunction<String> optInt64(OptInt64Column c) {
      return row -> Long.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optInt32(OptInt32Column c) {
      return row -> Integer.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optUInt32(OptUInt32Column c) {
      return row -> Integer.toUnsignedString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optFloat64(OptFloat64Column c) {
      return row -> Double.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optFloat32(OptFloat32Column c) {
      return row -> Float.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optBool(OptBoolColumn c) {
      return row -> Boolean.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optUtf8(OptUtf8Column c) {
      return row -> quote(c.get(row));
    }

    @Override
    public IntFunction<String> listFloat32(ListFloat32Column c) {
      return row -> list(c.get(row));
    }

    @Override
    public IntFunction<String> listFloat64(ListFloat64Column c) {
      return row -> list(c.get(row));
    }

    @Override
    public IntFunction<String> largeListFloat32(LargeListFloat32Column c) {
      return row -> list(c.get(row));
    }
  };

  private static String list(double[] d) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < Math.min(d.length, MAX_ITEMS); i++) {
      b.append(i == 0 ? "" : ", ").append(d[i]);
    }
    return b.append(d.length > MAX_ITEMS ? ", … " + d.length + " items]" : "]").toString();
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
