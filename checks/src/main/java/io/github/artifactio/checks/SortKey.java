package io.github.artifactio.checks;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptBoolColumn;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One column of a declared sort order ({@code sorting_columns}), comparing values as Parquet's sort orders do:
 * signed integers, unsigned for UInt32, floating point numerically (-0.0 equals 0.0), booleans false first, strings
 * by their UTF-8 bytes, unsigned.
 */
record SortKey(String column, boolean descending, boolean nullsFirst) {
  /** {@code a descending nulls first, b ascending nulls last}: how messages name a declared order. */
  static String describe(List<SortKey> keys) {
    StringBuilder b = new StringBuilder();
    for (SortKey k : keys) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(k.column).append(k.descending ? " descending" : " ascending")
          .append(k.nullsFirst ? " nulls first" : " nulls last");
    }
    return b.toString();
  }

  /**
   * Negative when row {@code i} of {@code a} sorts before row {@code j} of {@code b} under this key, 0 when they tie,
   * positive when after. Nulls go where {@code nullsFirst} puts them, not flipped by the direction (Parquet's
   * {@code nulls_first} is absolute).
   */
  int compare(Column a, int i, Column b, int j) {
    boolean na = a.isNull(i);
    boolean nb = b.isNull(j);
    if (na || nb) {
      if (na && nb) {
        return 0;
      }
      return (na ? -1 : 1) * (nullsFirst ? 1 : -1);
    }
    int c = compareValues(a, i, b, j);
    return descending ? -c : c;
  }

  private static int compareValues(Column a, int i, Column b, int j) {
    if (isFloat(a)) {
      double x = doubleAt(a, i);
      double y = doubleAt(b, j);
      return x == y ? 0 : Double.compare(x, y);
    }
    if (a instanceof Utf8Column x) {
      Utf8Column y = (Utf8Column) b;
      return Arrays.compareUnsigned(x.data(), x.offsets()[i], x.offsets()[i + 1], y.data(), y.offsets()[j],
          y.offsets()[j + 1]);
    }
    if (a instanceof OptUtf8Column x) {
      OptUtf8Column y = (OptUtf8Column) b;
      return Arrays.compareUnsigned(x.data(), x.offsets()[i], x.offsets()[i + 1], y.data(), y.offsets()[j],
          y.offsets()[j + 1]);
    }
    return Long.compare(longAt(a, i), longAt(b, j));
  }

  /** Whether row {@code i} holds NaN (only floating-point columns can). */
  static boolean isNaN(Column c, int i) {
    return isFloat(c) && !c.isNull(i) && Double.isNaN(doubleAt(c, i));
  }

  /** Row {@code i} as a message shows it. */
  static String text(Column c, int i) {
    if (c.isNull(i)) {
      return "NULL";
    }
    if (c instanceof Utf8Column x) {
      return quote(new String(x.data(), x.offsets()[i], x.offsets()[i + 1] - x.offsets()[i], StandardCharsets.UTF_8));
    }
    if (c instanceof OptUtf8Column x) {
      return quote(new String(x.data(), x.offsets()[i], x.offsets()[i + 1] - x.offsets()[i], StandardCharsets.UTF_8));
    }
    if (c instanceof BoolColumn || c instanceof OptBoolColumn) {
      return Boolean.toString(longAt(c, i) != 0);
    }
    if (isFloat(c)) {
      return Double.toString(doubleAt(c, i));
    }
    return Long.toString(longAt(c, i));
  }

  private static String quote(String s) {
    // a message line stays readable whatever the string
    return "'" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "'";
  }

  private static boolean isFloat(Column c) {
    return c instanceof Float64Column || c instanceof OptFloat64Column || c instanceof Float32Column
        || c instanceof OptFloat32Column;
  }

  private static double doubleAt(Column c, int i) {
    if (c instanceof Float64Column x) {
      return x.values()[i];
    }
    if (c instanceof OptFloat64Column x) {
      return x.values()[i];
    }
    if (c instanceof Float32Column x) {
      return x.values()[i];
    }
    if (c instanceof OptFloat32Column x) {
      return x.values()[i];
    }
    throw new IllegalArgumentException("column '" + c.name() + "' of type " + c.type() + " is not floating-point");
  }

  private static long longAt(Column c, int i) {
    if (c instanceof Int64Column x) {
      return x.values()[i];
    }
    if (c instanceof OptInt64Column x) {
      return x.values()[i];
    }
    if (c instanceof Int32Column x) {
      return x.values()[i];
    }
    if (c instanceof OptInt32Column x) {
      return x.values()[i];
    }
    if (c instanceof UInt32Column x) {
      return Integer.toUnsignedLong(x.values()[i]);
    }
    if (c instanceof OptUInt32Column x) {
      return Integer.toUnsignedLong(x.values()[i]);
    }
    if (c instanceof BoolColumn x) {
      return x.values()[i] ? 1 : 0;
    }
    if (c instanceof OptBoolColumn x) {
      return x.values()[i] ? 1 : 0;
    }
    throw new IllegalArgumentException("column '" + c.name() + "' of type " + c.type() + " is not compared as a key");
  }
}
