package io.github.artifactio.testkit.gen;

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
import java.util.List;
import java.util.function.IntFunction;

/**
 * A generated table: its columns, all of one length. {@code toString} prints each column's kind, null count and first
 * values (floats with their bit patterns where they are NaN or -0.0), so a shrunk counterexample reads at a glance.
 */
public record TableCase(List<Column> columns) {
  /** How many values {@link #toString} prints per column. */
  static final int SHOWN = 6;

  public TableCase {
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a table case needs at least one column");
    }
  }

  /**
   * The table in a Parquet file: a saved failure's {@code input.parquet} (see
   * {@link io.github.artifactio.testkit.FailureArchive}) becomes a regression test's input.
   */
  public static TableCase read(java.nio.file.Path parquet) {
    return new TableCase(io.github.artifactio.engine.table.Table.read(parquet).columns());
  }

  /** The row count. */
  public int rows() {
    return columns.get(0).length();
  }

  /** The column named {@code name}. */
  public Column column(String name) {
    return columns.stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no column '" + name + "' in " + this));
  }

  /** Rows {@code [from, to)} of every column. */
  public List<Column> slice(int from, int to) {
    return columns.stream().map(c -> c.slice(from, to)).toList();
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("table of ").append(rows()).append(rows() == 1 ? " row" : " rows");
    for (Column c : columns) {
      b.append("\n    ").append(c.name()).append(": ").append(c.type().arrowName())
          .append(c.type().nullable() ? " (nullable)" : "").append(", nulls ").append(c.nullCount()).append(", [");
      int n = Math.min(SHOWN, c.length());
      IntFunction<String> text = values(c);
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ", ").append(text.apply(i));
      }
      b.append(c.length() > n ? ", ...]" : "]");
    }
    return b.toString();
  }

  /** Row {@code row} of {@code c} as text: {@code null}, a quoted string, floats with their bits where unusual. */
  public static String value(Column c, int row) {
    return values(c).apply(row);
  }

  /** The rows of {@code c} as {@link #value} writes them; made once per column, then called per row. */
  public static IntFunction<String> values(Column c) {
    IntFunction<String> present = c.accept(TEXT);
    return row -> c.isNull(row) ? "null" : present.apply(row);
  }

  /** How a present row of each kind reads. */
  private static final ColumnVisitor<IntFunction<String>> TEXT = new ColumnVisitor<>() {
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
      return row -> dbl(c.values()[row]);
    }

    @Override
    public IntFunction<String> float32(Float32Column c) {
      return row -> flt(c.values()[row]);
    }

    @Override
    public IntFunction<String> bool(BoolColumn c) {
      return row -> Boolean.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> utf8(Utf8Column c) {
      return row -> str(c.get(row));
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
      return row -> dbl(c.values()[row]);
    }

    @Override
    public IntFunction<String> optFloat32(OptFloat32Column c) {
      return row -> flt(c.values()[row]);
    }

    @Override
    public IntFunction<String> optBool(OptBoolColumn c) {
      return row -> Boolean.toString(c.values()[row]);
    }

    @Override
    public IntFunction<String> optUtf8(OptUtf8Column c) {
      return row -> str(c.get(row));
    }

    @Override
    public IntFunction<String> listFloat32(ListFloat32Column c) {
      return row -> floats(c.get(row));
    }

    @Override
    public IntFunction<String> listFloat64(ListFloat64Column c) {
      return row -> doubles(c.get(row));
    }

    @Override
    public IntFunction<String> largeListFloat32(LargeListFloat32Column c) {
      return row -> floats(c.get(row));
    }
  };

  private static String doubles(double[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < Math.min(v.length, SHOWN); i++) {
      b.append(i == 0 ? "" : ", ").append(dbl(v[i]));
    }
    return b.append(v.length > SHOWN ? ", ... " + v.length + " items]" : "]").toString();
  }

  private static String floats(float[] v) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < Math.min(v.length, SHOWN); i++) {
      b.append(i == 0 ? "" : ", ").append(flt(v[i]));
    }
    return b.append(v.length > SHOWN ? ", ... " + v.length + " items]" : "]").toString();
  }

  static String dbl(double d) {
    long bits = Double.doubleToRawLongBits(d);
    if (Double.isNaN(d) || bits == Long.MIN_VALUE) {
      return (Double.isNaN(d) ? "NaN" : "-0.0") + "(0x" + Long.toHexString(bits) + ")";
    }
    return Double.toString(d);
  }

  static String flt(float f) {
    int bits = Float.floatToRawIntBits(f);
    if (Float.isNaN(f) || bits == Integer.MIN_VALUE) {
      return (Float.isNaN(f) ? "NaN" : "-0.0") + "f(0x" + Integer.toHexString(bits) + ")";
    }
    return f + "f";
  }

  static String str(String s) {
    StringBuilder b = new StringBuilder("\"");
    int shown = 0;
    for (int i = 0; i < s.length() && shown < 24;) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      shown++;
      if (cp < 0x20 || cp == '"' || cp == '\\' || (cp >= 0x300 && cp <= 0x36f) || cp > 0xffff) {
        b.append(String.format(cp > 0xffff ? "\\u{%x}" : "\\u%04x", cp));
      } else {
        b.appendCodePoint(cp);
      }
    }
    if (s.codePointCount(0, s.length()) > 24) {
      b.append("...\" (").append(s.length()).append(" chars)");
      return b.toString();
    }
    return b.append('"').toString();
  }
}
