package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.RowGroupStats;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamingReadTest {
  @TempDir Path dir;

  @Test
  void open_rows_reads_exactly_the_span_and_stats_describe_the_groups() {
    Path p = dir.resolve("ten.parquet");
    long[] ids = new long[10];
    double[] x = new double[10];
    for (int i = 0; i < 10; i++) {
      ids[i] = i;
      x[i] = i * 0.5;
    }
    TableWriter.writeTable(
        p, List.of(new Int64Column("id", ids), new Float64Column("x", x)),
        WriteOptions.builder().rowGroupRows(3).build());
    TableFile f = TableFile.open(p);
    assertArrayEquals(new long[] {3, 3, 3, 1}, f.rowGroupRows());
    List<RowGroupStats> stats = f.rowGroupStats("id");
    assertEquals(4, stats.size());
    assertEquals(3.0, stats.get(1).min().getAsDouble());
    assertEquals(5.0, stats.get(1).max().getAsDouble());
    assertEquals(1, stats.get(3).rows());
    assertTrue(f.rowGroupsSortedBy("id"));
    assertTrue(f.allLeavesRequired());

    TableFile span = TableFile.openRows(p, 4, 5);
    assertEquals(5, span.rows());
    assertArrayEquals(new long[] {4, 5, 6, 7, 8}, span.get("id", As.INT64));
    assertArrayEquals(new double[] {2.0, 2.5, 3.0, 3.5, 4.0}, span.get("x", As.FLOAT64));
    assertEquals(stats, span.rowGroupStats("id"), "stats are whole-file on a span");
    assertArrayEquals(new long[] {3, 4, 5}, f.span(3, 3).get("id", As.INT64), "one exact group");
    assertArrayEquals(new long[0], f.span(10, 0).get("id", As.INT64), "an empty span");
    assertArrayEquals(new long[] {9}, f.span(9, 1).get("id", As.INT64));

    ArtifactException outside = assertThrows(ArtifactException.class, () -> f.span(8, 3));
    assertEquals(p + ": row span 8..11 lies outside the file, which has 10 rows", outside.getMessage());
    ArtifactException nested = assertThrows(ArtifactException.class, () -> span.span(0, 1));
    assertEquals(
        p + ": TableFile.span: this handle is already a row span; take spans from the whole-file handle so their rows"
            + " are file rows",
        nested.getMessage());
  }

  @Test
  void batches_of_every_kind_read_back_the_written_rows_across_row_groups_and_straddling_batches() {
    Path p = dir.resolve("every.parquet");
    List<Column> cols = Fixtures.everyKind(5000, 11);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(1500).build());
    TableFile f = TableFile.open(p);
    for (int batch : new int[] {1, 7, 500, 1024, 1500, 4096, 10_000}) {
      assertEquals(Values.pick(cols, null, Values.range(0, 5000)), Values.drain(f.batches(null, batch)),
          "batch " + batch);
    }
    TableFile span = f.span(1234, 2000);
    assertEquals(
        Values.pick(cols, List.of("f64", "trace", "opt_name"), Values.range(1234, 3234)),
        Values.drain(span.batches(List.of("trace", "opt_name", "f64"), 333)));
  }

  @Test
  void batches_project_in_file_order_and_reject_unknown_columns() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(10, 1));
    TableFile f = TableFile.open(p);
    try (var r = f.batches(List.of("trace", "i64"), 4)) {
      assertEquals(List.of("i64", "trace"), r.next().columns().stream().map(Column::name).toList());
    }
    ColumnNotFoundException e = assertThrows(ColumnNotFoundException.class, () -> f.batches(List.of("i64", "nope"), 4));
    assertTrue(e.getMessage().startsWith(p + ", column 'nope': not found (17 columns: [\"i64\", \"i32\""),
        e.getMessage());
  }

  @Test
  void arrow_batches_hold_the_typed_batches_rows_in_the_callers_allocator() {
    Path p = dir.resolve("arrow.parquet");
    List<Column> cols = Fixtures.everyKind(3000, 5);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(1000).build());
    TableFile f = TableFile.open(p);
    try (BufferAllocator a = new RootAllocator()) {
      Map<String, List<Object>> got = new java.util.LinkedHashMap<>();
      try (var r = f.arrowBatches(null, 700, a)) {
        assertEquals(f.arrowSchema().orElseThrow().getFields(), r.schema().getFields());
        while (r.hasNext()) {
          try (VectorSchemaRoot root = r.next()) {
            assertTrue(root.getRowCount() <= 700);
            Values.rows(root).forEach((k, v) -> got.computeIfAbsent(k, x -> new java.util.ArrayList<>()).addAll(v));
          }
        }
      }
      assertEquals(Values.pick(cols, null, Values.range(0, 3000)), got);
      assertEquals(0, a.getAllocatedMemory(), "every buffer went back to the caller's allocator");
    }
  }

  @Test
  void the_handle_getters_match_the_whole_table_getters() {
    Path p = dir.resolve("g.parquet");
    List<Column> cols = Fixtures.everyKind(2000, 3);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(700).build());
    TableFile f = TableFile.open(p);
    Table t = Table.read(p);
    assertArrayEquals(t.get("i64", As.INT64), f.get("i64", As.INT64));
    assertArrayEquals(t.get("u32", As.UINT32), f.get("u32", As.UINT32));
    assertArrayEquals(t.get("f64", As.FLOAT64), f.get("f64", As.FLOAT64));
    assertArrayEquals(t.get("name", As.UTF8), f.get("name", As.UTF8));
    assertEquals(t.get("opt_f64", As.OPT_FLOAT64), f.get("opt_f64", As.OPT_FLOAT64));
    assertEquals(t.get("big_trace", As.LIST_FLOAT32), f.get("big_trace", As.LIST_FLOAT32));
    assertEquals(t.get("trace64", As.LIST_FLOAT64), f.get("trace64", As.LIST_FLOAT64));
    ArtifactException a = assertThrows(ArtifactException.class, () -> t.get("opt_i64", As.INT64));
    ArtifactException b = assertThrows(ArtifactException.class, () -> f.get("opt_i64", As.INT64));
    assertEquals(a.getMessage(), b.getMessage(), "both paths refuse a null the same way");
    ArtifactException c = assertThrows(ArtifactException.class, () -> t.get("name", As.FLOAT64));
    ArtifactException d = assertThrows(ArtifactException.class, () -> f.get("name", As.FLOAT64));
    assertEquals(c.getMessage(), d.getMessage(), "and a wrong type");
    assertFalse(f.allLeavesRequired());
  }

  @Test
  void strings_interned_and_flat_rebuild_the_string_column_and_refuse_a_null_with_its_row() {
    Path p = dir.resolve("s.parquet");
    List<Column> cols = Fixtures.everyKind(200_000, 4);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(70_000).build());
    TableFile f = TableFile.open(p);
    String[] names = Table.read(p, "name").get("name", As.UTF8);
    var interned = f.stringsInterned("name");
    for (int i = 0; i < names.length; i++) {
      assertEquals(names[i], interned.values().get(interned.ids()[i]));
    }
    assertEquals(names[0], interned.values().get(0), "ids by first appearance");
    assertEquals(new java.util.HashSet<>(List.of(names)).size(), interned.values().size());
    assertArrayEquals(names, f.get("name", As.UTF8_FLAT).toStrings());
    ArtifactException e = assertThrows(ArtifactException.class, () -> f.stringsInterned("opt_name"));
    assertTrue(e.getMessage().startsWith(p + ", column 'opt_name', row 1: a NULL in a required column."),
        e.getMessage());
    ArtifactException e2 = assertThrows(ArtifactException.class, () -> f.get("opt_name", As.UTF8_FLAT));
    assertEquals(e.getMessage(), e2.getMessage());
    TableFile empty = f.span(0, 0);
    assertEquals(0, empty.get("name", As.UTF8_FLAT).length());
    assertEquals(0, empty.stringsInterned("name").ids().length);
  }
}
