package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.NullValueException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GetterTest {
  @TempDir Path dir;
  Path p;

  @BeforeEach
  void write() {
    p = dir.resolve("t.parquet");
    TableWriter.writeTable(
        p,
        List.of(
            Int64Column.of("id", 0, 1, 2, 3),
            Float64Column.of("mz", 1.5, 2.5, -0.0, Double.NaN),
            OptInt32Column.of("charge", 2, null, 3, 1),
            OptFloat64Column.of("im", 0.5, 0.6, 0.7, 0.8),
            OptUtf8Column.of("note", "a", "", null, "ü"),
            Utf8Column.of("seq", "PEPTIDE", "", "ÅÄÖ", "K"),
            ListFloat32Column.of("trace", new float[] {1, 2}, new float[0], null, new float[] {3}),
            LargeListFloat32Column.of("big", new float[] {1}, null, new float[0], new float[] {4, 5})),
        WriteOptions.builder().rowGroupRows(3).build());
  }

  @Test
  void required_getters_return_the_primitive_arrays() {
    Table t = Table.read(p);
    assertArrayEquals(new long[] {0, 1, 2, 3}, t.get("id", As.INT64));
    assertArrayEquals(new String[] {"PEPTIDE", "", "ÅÄÖ", "K"}, t.get("seq", As.UTF8));
    assertArrayEquals(
        new double[] {0.5, 0.6, 0.7, 0.8}, t.get("im", As.FLOAT64), "a nullable column without nulls reads");
  }

  @Test
  void a_required_getter_refuses_a_null_with_the_column_and_the_absolute_row() {
    Table t = Table.read(p);
    NullValueException e = assertThrows(NullValueException.class, () -> t.get("charge", As.INT32));
    assertEquals(
        p + ", column 'charge', row 1: a NULL in a required column. Nullable columns are written through the"
            + " Opt* variants and read through the opt* getters; a NULL here would otherwise be substituted with 0 or"
            + " an empty string. Fix or drop the row",
        e.getMessage());
    assertEquals(1L, e.row().getAsLong());
    assertEquals("charge", e.column().orElseThrow());
    NullValueException s = assertThrows(NullValueException.class, () -> t.get("note", As.UTF8));
    assertEquals(2L, s.row().getAsLong(), "the row is the file row, past the first row group of 3");
  }

  @Test
  void null_aware_getters_keep_nulls_distinct_for_every_type() {
    Table t = Table.read(p);
    assertNull(t.get("charge", As.OPT_INT32).get(1));
    assertEquals(3, t.get("charge", As.OPT_INT32).get(2));
    assertNull(t.get("note", As.OPT_UTF8).get(2));
    assertEquals("", t.get("note", As.OPT_UTF8).get(1));
    assertEquals(4, t.get("id", As.OPT_INT64).length());
    assertEquals(0, t.get("mz", As.OPT_FLOAT64).nullCount());
  }

  @Test
  void list_getters_read_list_and_large_list_alike_and_keep_null_rows_apart_from_empty_ones() {
    Table t = Table.read(p);
    ListFloat32Column trace = t.get("trace", As.LIST_FLOAT32);
    assertArrayEquals(new float[] {1, 2}, trace.get(0));
    assertArrayEquals(new float[0], trace.get(1));
    assertNull(trace.get(2));
    ListFloat32Column big = t.get("big", As.LIST_FLOAT32);
    assertNull(big.get(1));
    assertArrayEquals(new float[0], big.get(2));
    assertArrayEquals(new float[] {4, 5}, big.get(3));
  }

  @Test
  void a_getter_of_another_type_names_both_types_and_the_file() {
    Table t = Table.read(p);
    ColumnTypeException e = assertThrows(ColumnTypeException.class, () -> t.get("seq", As.FLOAT64));
    assertEquals(p + ", column 'seq': the column is not f64: it is Utf8", e.getMessage());
    ColumnTypeException l = assertThrows(ColumnTypeException.class, () -> t.get("mz", As.LIST_FLOAT32));
    assertEquals(p + ", column 'mz': the column is not a list: it is Float64", l.getMessage());
    ColumnTypeException inner = assertThrows(ColumnTypeException.class, () -> t.get("trace", As.LIST_FLOAT64));
    assertEquals(p + ", column 'trace': the list's inner type is not f64: it is List(Float32) (nullable)",
        inner.getMessage());
  }

  @Test
  void a_missing_column_is_an_error_that_lists_the_columns_present() {
    ColumnNotFoundException e = assertThrows(ColumnNotFoundException.class, () -> Table.read(p, "id", "nope"));
    assertEquals(
        p + ", column 'nope': not found (8 columns: [\"id\", \"mz\", \"charge\", \"im\", \"note\", \"seq\","
            + " \"trace\", \"big\"])",
        e.getMessage());
    Table t = Table.read(p, "id");
    assertThrows(
        ColumnNotFoundException.class, () -> t.get("mz", As.INT64), "an unprojected column is absent, not empty");
  }

  @Test
  void a_missing_column_message_lists_the_first_24_names_then_how_many_more() {
    Path wide = dir.resolve("wide.parquet");
    List<Column> cols = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      cols.add(Int64Column.of("c" + i, i));
    }
    TableWriter.writeTable(wide, cols);
    ColumnNotFoundException e = assertThrows(ColumnNotFoundException.class, () -> TableFile.open(wide).column("x"));
    assertEquals(true, e.getMessage().endsWith("\"c22\", \"c23\"] ... and 6 more)"), e.getMessage());
  }
}
