package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.util.List;

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
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ", ").append(value(c, i));
      }
      b.append(c.length() > n ? ", ...]" : "]");
    }
    return b.toString();
  }

  /** Row {@code row} of {@code c} as text: {@code null}, a quoted string, floats with their bits where unusual. */
  public static String value(Column c, int row) {
    if (c.isNull(row)) {
      return "null";
    }
    if (c instanceof Float64Column f) {
      return dbl(f.values()[row]);
    }
    if (c instanceof OptFloat64Column f) {
      return dbl(f.values()[row]);
    }
    if (c instanceof Float32Column f) {
      return flt(f.values()[row]);
    }
    if (c instanceof OptFloat32Column f) {
      return flt(f.values()[row]);
    }
    if (c instanceof Utf8Column u) {
      return str(u.get(row));
    }
    if (c instanceof OptUtf8Column u) {
      return str(u.get(row));
    }
    if (c instanceof ListFloat32Column l) {
      return floats(l.get(row));
    }
    if (c instanceof LargeListFloat32Column l) {
      return floats(l.get(row));
    }
    if (c instanceof ListFloat64Column l) {
      double[] v = l.get(row);
      StringBuilder b = new StringBuilder("[");
      for (int i = 0; i < Math.min(v.length, SHOWN); i++) {
        b.append(i == 0 ? "" : ", ").append(dbl(v[i]));
      }
      return b.append(v.length > SHOWN ? ", ... " + v.length + " items]" : "]").toString();
    }
    return scalar(c, row);
  }

  private static String scalar(Column c, int row) {
    String s = c.toString();
    // the integer and boolean kinds: read through the record accessors
    try {
      Object values = c.getClass().getMethod("values").invoke(c);
      if (values instanceof long[] a) {
        return Long.toString(a[row]);
      }
      if (values instanceof int[] a) {
        return c.type().leaf() == io.github.artifactio.engine.column.ColumnType.Leaf.UINT32
            ? Integer.toUnsignedString(a[row]) : Integer.toString(a[row]);
      }
      if (values instanceof boolean[] a) {
        return Boolean.toString(a[row]);
      }
    } catch (ReflectiveOperationException e) {
      return s;
    }
    return s;
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
    for (int i = 0; i < s.length() && shown < 24; ) {
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
