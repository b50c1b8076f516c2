package io.github.artifactio.testkit.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.testkit.property.Property;
import io.github.artifactio.testkit.property.PropertyFailedError;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TablesTest {
  @Test
  void the_table_generator_keeps_producing_every_edge_case_at_a_useful_rate() {
    // values do not need big tables: the row counts are covered below, through the generator the tables use
    Property<TableCase> p = Property.forAll(Tables.tables(TableShape.DEFAULT.withMaxRows(500)))
        .seed(20261130).tries(300).named("table coverage");
    for (ColumnType k : ColumnType.values()) {
      p.cover(3, "has a " + k + " column", t -> t.columns().stream().anyMatch(c -> c.type() == k));
    }
    p.cover(5, "0 rows", t -> t.rows() == 0)
        .cover(5, "1 row", t -> t.rows() == 1)
        .cover(3, "an all-null column", t -> t.rows() > 0 && t.columns().stream()
            .anyMatch(c -> c.type().nullable() && c.nullCount() == c.length()))
        .cover(5, "a nullable column without nulls", t -> t.rows() > 0 && t.columns().stream()
            .anyMatch(c -> c.type().nullable() && c.nullCount() == 0))
        .cover(5, "a column with some nulls", t -> t.columns().stream()
            .anyMatch(c -> c.nullCount() > 0 && c.nullCount() < c.length()))
        .cover(2, "a NaN with a non-canonical payload", t -> anyDouble(t, d -> Double.isNaN(d)
            && Double.doubleToRawLongBits(d) != 0x7ff8000000000000L && (float) d == (float) d == false))
        .cover(2, "a NaN", t -> anyDouble(t, Double::isNaN))
        .cover(2, "-0.0", t -> anyDouble(t, d -> d == 0 && 1 / d < 0))
        .cover(2, "an infinity", t -> anyDouble(t, Double::isInfinite))
        .cover(2, "a subnormal", t -> anyDouble(t, d -> d != 0 && Math.abs(d) < Float.MIN_NORMAL))
        .cover(2, "an extreme",
            t -> anyDouble(t, d -> Math.abs(d) == Double.MAX_VALUE || Math.abs(d) == Float.MAX_VALUE))
        .cover(3, "an empty string", t -> anyString(t, String::isEmpty))
        .cover(3, "a multi-byte string", t -> anyString(t, s -> s.chars().anyMatch(c -> c > 0x7f && c < 0xd800)))
        .cover(3, "an astral string", t -> anyString(t, s -> s.codePoints().anyMatch(c -> c > 0xffff)))
        .cover(3, "a combining mark", t -> anyString(t, s -> s.chars().anyMatch(c -> c >= 0x300 && c <= 0x36f)))
        .cover(3, "U+0000", t -> anyString(t, s -> s.indexOf('\u0000') >= 0))
        .cover(0.3, "a string over 1 MiB", t -> anyString(t, s -> s.length() > Tables.HUGE))
        .cover(3, "an empty list", t -> anyList(t, 0, 0))
        .cover(3, "a null list", t -> t.columns().stream().anyMatch(c -> c.type().isList() && c.nullCount() > 0))
        .cover(1, "a list of 1000 items or more", t -> anyList(t, 1000, Integer.MAX_VALUE))
        .check(t -> assertEquals(t.columns().size(), t.columns().stream().map(Column::name).distinct().count()));
  }

  @Test
  void row_counts_cover_zero_one_and_the_page_chunk_and_row_group_boundaries() {
    Property.forAll(Tables.rowCounts(70_000, 0)).seed(1).tries(1000).named("row counts")
        .cover(3, "0", n -> n == 0)
        .cover(3, "1", n -> n == 1)
        .cover(2, "page boundary +-1", n -> Math.abs(n - Tables.PAGE_ROWS) <= 1)
        .cover(2, "write-chunk boundary +-1", n -> Math.abs(n - Tables.CHUNK_ROWS) <= 1)
        .cover(20, "11 to 500", n -> n > 10 && n <= 500)
        .check(n -> assertTrue(n >= 0 && n <= 70_000));
    Property.forAll(Tables.rowCounts(10_000, 700)).seed(1).tries(1000).named("capped row counts")
        .cover(1, "one group +-1", n -> Math.abs(n - 700) <= 1)
        .cover(1, "three groups +-1", n -> Math.abs(n - 2100) <= 1)
        .check(n -> assertTrue(n <= 10_000));
  }

  @Test
  void write_cases_cover_chunkings_thread_counts_caps_and_row_group_boundaries() {
    Property.forAll(Tables.writeCases(TableShape.small())).seed(7).tries(400).named("write case coverage")
        .cover(10, "one chunk", c -> c.chunks().length == 1)
        .cover(3, "one row per chunk", c -> c.table().rows() > 1 && Arrays.stream(c.chunks()).allMatch(x -> x == 1))
        .cover(10, "an empty chunk among others", c -> c.chunks().length > 1
            && Arrays.stream(c.chunks()).anyMatch(x -> x == 0))
        .cover(10, "one thread", c -> c.threads() == 1)
        .cover(30, "several threads", c -> c.threads() > 1)
        .cover(20, "uncapped", c -> c.options().rowGroupCap().isEmpty())
        .cover(20, "capped", c -> c.options().rowGroupCap().isPresent())
        .cover(3, "a row-group boundary +-1 row", c -> c.options().rowGroupCap().isPresent()
            && c.table().rows() > 0 && IntStream.of(-1, 0, 1).anyMatch(
                d -> (c.table().rows() + d) % c.options().rowGroupCap().getAsInt() == 0))
        .cover(20, "float plan off", c -> !c.options().floatPlan())
        .cover(5, "a plain column", c -> !c.options().plainColumns().isEmpty())
        .cover(20, "uncompressed", c -> c.options().codec().name().equals("UNCOMPRESSED"))
        .check(c -> assertEquals(c.table().rows(), Arrays.stream(c.chunks()).sum()));
  }

  @Test
  void a_chunking_always_adds_up_to_the_row_count_in_at_least_one_chunk() {
    Property.forAll(Tables.rowCounts(3000, 0).flatMap(n -> Tables.chunkings(n).map(c -> new int[][] {{n}, c})))
        .seed(3).tries(300)
        .cover(5, "0 rows", p -> p[0][0] == 0)
        .check(p -> {
          assertEquals(p[0][0], Arrays.stream(p[1]).sum());
          assertTrue(p[1].length >= 1, "a writer needs at least one chunk");
        });
  }

  @Test
  void a_table_with_a_nan_shrinks_to_one_row_of_one_float_column() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Tables.tables(TableShape.small())).seed(11).tries(300)
            .check(t -> assertTrue(!anyDouble(t, Double::isNaN), "a NaN")));
    TableCase t = (TableCase) e.counterexample();
    assertEquals(1, t.rows(), e.getMessage());
    assertEquals(1, t.columns().size(), t.toString());
    assertTrue(t.toString().contains("NaN"), t.toString());
  }

  @Test
  void a_table_with_a_huge_string_shrinks_to_a_single_row() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Tables.tables(TableShape.DEFAULT.withMaxRows(200))).seed(5).tries(2000)
            .check(t -> assertTrue(!anyString(t, s -> s.length() > Tables.HUGE), "huge")));
    TableCase t = (TableCase) e.counterexample();
    assertEquals(1, t.rows(), e.getMessage());
    assertEquals(1, t.columns().size(), t.toString());
    assertTrue(t.toString().contains("chars)"), t.toString());
  }

  @Test
  void a_contract_yields_tables_with_its_columns_contiguous_ids_and_ascending_values() {
    TableContract contract = TableContract.builder()
        .column("id", ColumnType.UINT32).contiguousIds()
        .column("rt", ColumnType.FLOAT64).ascending()
        .column("name", ColumnType.UTF8).ascending()
        .column("score", ColumnType.OPT_FLOAT32, Nulls.NEVER)
        .column("note", ColumnType.OPT_UTF8)
        .build();
    Property.forAll(contract.tables(2000)).seed(2).tries(200)
        .cover(5, "0 rows", t -> t.rows() == 0)
        .cover(5, "note all null", t -> t.rows() > 0 && t.column("note").nullCount() == t.rows())
        .check(t -> {
          assertEquals(List.of("id", "rt", "name", "score", "note"), t.columns().stream().map(Column::name).toList());
          int[] ids = ((io.github.artifactio.engine.column.UInt32Column) t.column("id")).values();
          assertTrue(IntStream.range(0, ids.length).allMatch(i -> ids[i] == i));
          double[] rt = ((Float64Column) t.column("rt")).values();
          for (int i = 1; i < rt.length; i++) {
            assertTrue(Double.compare(rt[i - 1], rt[i]) <= 0, "rt at " + i);
          }
          String[] names = ((Utf8Column) t.column("name")).toStrings();
          for (int i = 1; i < names.length; i++) {
            assertTrue(Arrays.compareUnsigned(names[i - 1].getBytes(java.nio.charset.StandardCharsets.UTF_8),
                names[i].getBytes(java.nio.charset.StandardCharsets.UTF_8)) <= 0, "name at " + i);
          }
          assertEquals(0, t.column("score").nullCount());
          assertEquals(ColumnType.OPT_FLOAT32, t.column("score").type());
        });
  }

  @Test
  void a_contract_refuses_invariants_its_column_kind_cannot_hold() {
    assertThrows(IllegalArgumentException.class,
        () -> TableContract.builder().column("id", ColumnType.FLOAT64).contiguousIds());
    assertThrows(IllegalArgumentException.class,
        () -> TableContract.builder().column("x", ColumnType.OPT_INT64).ascending());
    assertThrows(IllegalArgumentException.class,
        () -> TableContract.builder().column("x", ColumnType.INT64).column("x", ColumnType.INT32));
    assertThrows(IllegalArgumentException.class,
        () -> TableContract.builder().column("x", ColumnType.INT64, Nulls.ALWAYS));
  }

  @Test
  void a_table_case_prints_nan_payloads_negative_zero_and_escaped_strings() {
    TableCase t = new TableCase(List.of(
        Float64Column.of("f", Double.longBitsToDouble(0x7ff8_0000_dead_beefL), -0.0),
        Utf8Column.of("s", "a\u0000", "e\u0301")));
    String s = t.toString();
    assertTrue(s.contains("NaN(0x7ff80000deadbeef)"), s);
    assertTrue(s.contains("-0.0(0x8000000000000000)"), s);
    assertTrue(s.contains("\"a\\u0000\""), s);
    assertTrue(s.contains("\"e\\u0301\""), s);
  }

  static boolean anyDouble(TableCase t, DoublePredicate p) {
    for (Column c : t.columns()) {
      double[] v = doubles(c);
      if (v == null) {
        continue;
      }
      for (int i = 0; i < v.length; i++) {
        boolean valid = c.type().isList() || !c.isNull(i);
        if (valid && p.test(v[i])) {
          return true;
        }
      }
    }
    return false;
  }

  private static double[] doubles(Column c) {
    if (c instanceof Float64Column f) {
      return f.values();
    }
    if (c instanceof OptFloat64Column f) {
      return f.values();
    }
    if (c instanceof ListFloat64Column f) {
      return f.values();
    }
    float[] v = c instanceof Float32Column f ? f.values()
        : c instanceof OptFloat32Column f ? f.values()
        : c instanceof ListFloat32Column f ? f.values()
        : c instanceof LargeListFloat32Column f ? f.values() : null;
    if (v == null) {
      return null;
    }
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return d;
  }

  static boolean anyString(TableCase t, Predicate<String> p) {
    for (Column c : t.columns()) {
      String[] v = c instanceof Utf8Column u ? u.toStrings() : c instanceof OptUtf8Column u ? u.toStrings() : null;
      if (v != null && Arrays.stream(v).anyMatch(s -> s != null && p.test(s))) {
        return true;
      }
    }
    return false;
  }

  private static boolean anyList(TableCase t, int minLen, int maxLen) {
    for (Column c : t.columns()) {
      if (!c.type().isList()) {
        continue;
      }
      for (int i = 0; i < c.length(); i++) {
        if (c.isNull(i)) {
          continue;
        }
        long len = c instanceof ListFloat32Column l ? l.offsets()[i + 1] - l.offsets()[i]
            : c instanceof ListFloat64Column l ? l.offsets()[i + 1] - l.offsets()[i]
            : ((LargeListFloat32Column) c).offsets()[i + 1] - ((LargeListFloat32Column) c).offsets()[i];
        if (len >= minLen && len <= maxLen) {
          return true;
        }
      }
    }
    return false;
  }
}
