package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RoundTripTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 2, 17, 1000, 20_001})
  void every_column_kind_reads_back_equal_including_nulls_nans_and_empty_values(int n) {
    List<Column> cols = Fixtures.everyKind(n, 42);
    Path p = dir.resolve("t.parquet");
    assertEquals(n, TableWriter.writeTable(p, cols).rows());
    Table t = Table.read(p);
    assertEquals(n, t.rows());
    assertEquals(cols.stream().map(Column::name).toList(), t.columnNames());
    for (Column c : cols) {
      assertEquals(c, t.column(c.name()), c.name());
      assertEquals(c.type(), t.spec(c.name()).decodedAs(), c.name());
    }
  }

  @Test
  void nan_payloads_and_negative_zero_survive_bit_for_bit() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(50, 1));
    double[] f64 = Table.read(p, "f64").get("f64", As.FLOAT64);
    assertEquals(Double.doubleToRawLongBits(Fixtures.ODD_NAN), Double.doubleToRawLongBits(f64[3]));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(f64[1]));
  }

  @Test
  void a_row_group_cap_splits_the_rows_and_the_values_do_not_change() {
    Path p = dir.resolve("t.parquet");
    List<Column> cols = Fixtures.everyKind(10_000, 3);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(3000).build());
    assertArrayEquals(new long[] {3000, 3000, 3000, 1000}, TableFile.open(p).rowGroupRows());
    Table t = Table.read(p);
    for (Column c : cols) {
      assertEquals(c, t.column(c.name()), c.name());
    }
  }

  @Test
  void a_projected_read_holds_only_the_named_columns_in_file_order() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(100, 3));
    Table t = Table.read(p, "trace", "i64");
    assertEquals(List.of("i64", "trace"), t.columnNames());
    assertTrue(t.hasColumn("trace"));
    assertEquals(ColumnType.LIST_FLOAT32, t.column("trace").type());
  }
}
