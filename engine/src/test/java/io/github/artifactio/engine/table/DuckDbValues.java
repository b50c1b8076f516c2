package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

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
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Values as DuckDB reads them beside the engine's own, for the tests that use DuckDB (its own Parquet reader, C++, no
 * code shared with the engine or parquet-java) as an oracle of what the engine wrote: {@link DuckDbOracleTest} and,
 * through the engine's test jar, the testkit's properties.
 */
public final class DuckDbValues {
  private DuckDbValues() {}

  /**
   * Asserts that DuckDB reads {@code file} as {@code columns}: the same column names in order, the same row count, and
   * every value equal ({@link #same}), rows in file order.
   */
  public static void assertReadsAs(Connection db, Path file, List<Column> columns) throws SQLException {
    int n = columns.size();
    long rows = 0;
    try (PreparedStatement ps =
        db.prepareStatement("SELECT * FROM read_parquet(?, file_row_number = true) ORDER BY file_row_number")) {
      ps.setString(1, file.toString());
      try (ResultSet r = ps.executeQuery()) {
        assertEquals(n + 1, r.getMetaData().getColumnCount(), "columns DuckDB reads in " + file.getFileName());
        for (int c = 0; c < n; c++) {
          assertEquals(columns.get(c).name(), r.getMetaData().getColumnName(c + 1), "column " + c + "'s name");
        }
        while (r.next()) {
          assertEquals(rows, r.getLong(n + 1), "DuckDB's file_row_number");
          for (int c = 0; c < n; c++) {
            Column col = columns.get(c);
            if (rows >= col.length()) {
              fail("DuckDB reads more than the " + col.length() + " rows written");
            }
            assertSame(col.name(), (int) rows, ours(col, (int) rows), theirs(r.getObject(c + 1)));
          }
          rows++;
        }
      }
    }
    assertEquals(columns.get(0).length(), rows, "rows DuckDB reads in " + file.getFileName());
  }

  /** A JDBC value in the form {@link #ours} gives: whole numbers as Long, lists as List, floats kept by width. */
  public static Object theirs(Object o) throws SQLException {
    if (o instanceof Integer i) {
      return i.longValue();
    }
    if (o instanceof Array a) {
      List<Object> items = new ArrayList<>();
      for (Object item : (Object[]) a.getArray()) {
        items.add(theirs(item));
      }
      return items;
    }
    return o;
  }

  /** Row {@code row} of our column: null, Long (UInt32 as its unsigned value), Double, Float, Boolean, String, List. */
  public static Object ours(Column c, int row) {
    if (c.isNull(row)) {
      return null;
    }
    if (c instanceof Int64Column x) {
      return x.values()[row];
    }
    if (c instanceof Int32Column x) {
      return (long) x.values()[row];
    }
    if (c instanceof UInt32Column x) {
      return Integer.toUnsignedLong(x.values()[row]);
    }
    if (c instanceof Float64Column x) {
      return x.values()[row];
    }
    if (c instanceof Float32Column x) {
      return x.values()[row];
    }
    if (c instanceof BoolColumn x) {
      return x.values()[row];
    }
    if (c instanceof Utf8Column x) {
      return x.get(row);
    }
    if (c instanceof OptInt64Column x) {
      return x.values()[row];
    }
    if (c instanceof OptInt32Column x) {
      return (long) x.values()[row];
    }
    if (c instanceof OptUInt32Column x) {
      return Integer.toUnsignedLong(x.values()[row]);
    }
    if (c instanceof OptFloat64Column x) {
      return x.values()[row];
    }
    if (c instanceof OptFloat32Column x) {
      return x.values()[row];
    }
    if (c instanceof OptBoolColumn x) {
      return x.values()[row];
    }
    if (c instanceof OptUtf8Column x) {
      return x.get(row);
    }
    if (c instanceof ListFloat32Column x) {
      return boxed(x.get(row));
    }
    if (c instanceof LargeListFloat32Column x) {
      return boxed(x.get(row));
    }
    ListFloat64Column x = (ListFloat64Column) c;
    List<Object> l = new ArrayList<>();
    for (double d : x.get(row)) {
      l.add(d);
    }
    return l;
  }

  private static List<Object> boxed(float[] f) {
    List<Object> l = new ArrayList<>(f.length);
    for (float v : f) {
      l.add(v);
    }
    return l;
  }

  /** Equal values of the same Java type; floats by bits with every NaN equal (so -0.0 is not 0.0). */
  public static void assertSame(String column, int row, Object ours, Object theirs) {
    if (!same(ours, theirs)) {
      fail("column '" + column + "' row " + row + ": ours " + show(ours) + ", DuckDB's " + show(theirs));
    }
  }

  public static boolean same(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a.getClass() != b.getClass()) {
      return false;
    }
    if (a instanceof Double x) {
      return Double.doubleToLongBits(x) == Double.doubleToLongBits((Double) b);
    }
    if (a instanceof Float x) {
      return Float.floatToIntBits(x) == Float.floatToIntBits((Float) b);
    }
    if (a instanceof List<?> x) {
      List<?> y = (List<?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  public static String show(Object o) {
    if (o == null) {
      return "null";
    }
    if (o instanceof Double d) {
      return d + " (0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
    }
    if (o instanceof Float f) {
      return f + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
    }
    return o + " (" + o.getClass().getSimpleName() + ")";
  }
}
