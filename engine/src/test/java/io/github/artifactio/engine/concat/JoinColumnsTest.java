package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.read.ColumnReaderOracle;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The columns axis: column subsets of a table, joined, read as the table. */
class JoinColumnsTest {
  @TempDir Path dir;

  static final List<Column> TABLE = Fixtures.everyKind(5000, 5);
  static final WriteOptions CAP_1200 = WriteOptions.builder().rowGroupRows(1200).build();

  private Path write(String name, WriteOptions o, String... columns) {
    Path p = dir.resolve(name);
    TableWriter.writeTable(p, Parts.pick(TABLE, columns), o);
    return p;
  }

  @Test
  void column_subsets_written_alike_join_to_the_whole_table_byte_for_byte_in_their_chunks() throws Exception {
    Path left = write("left.parquet", CAP_1200, "i64", "i32", "u32", "f64", "f32", "flag", "name");
    Path mid = write("mid.parquet", CAP_1200.toBuilder().codec(Codec.UNCOMPRESSED).build(), "opt_i64", "opt_i32",
        "opt_u32", "opt_f64", "opt_f32", "opt_flag", "opt_name");
    Path right = write("right.parquet", CAP_1200, "trace", "trace64", "big_trace");
    Path whole = write("whole.parquet", CAP_1200, TABLE.stream().map(Column::name).toArray(String[]::new));
    Path out = dir.resolve("joined.parquet");
    ConcatResult r = Concat.concat(out, List.of(left, mid, right), Axis.COLUMNS, ConcatOptions.defaults());
    assertEquals(ConcatResult.Publish.JOINED, r.publish());
    assertEquals(5, r.rowGroups());
    assertEquals(TABLE, Table.read(out).columns());
    assertEquals(TABLE, ColumnReaderOracle.read(out, TableFile.open(out).columns()), "parquet-java reads it too");
    assertEquals(TableFile.open(whole).metadata().get("ARROW:schema"), TableFile.open(out).metadata().get(
        "ARROW:schema"), "the joined Arrow schema is the one a whole write declares");
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
      Duck.use(db);
      assertEquals(5000, Duck.count(out));
      assertEquals(0, Duck.except(out, whole));
      assertEquals(0, Duck.except(whole, out));
    }
    Provenance p = Provenance.read(out).orElseThrow();
    assertEquals(new Provenance.Origin(1, "mid.parquet", 4321), p.origin(4321, "opt_f32"));
    assertThrows(IllegalStateException.class, () -> p.origin(4321));
    assertEquals(List.of("trace", "trace64", "big_trace"), p.inputs().get(2).columns());
  }

  @Test
  void joins_of_the_same_inputs_are_the_same_bytes() throws Exception {
    Path left = write("left.parquet", CAP_1200, "i64", "name");
    Path right = write("right.parquet", CAP_1200, "trace");
    Path a = dir.resolve("a/j.parquet");
    Path b = dir.resolve("b/j.parquet");
    Concat.concat(a, List.of(left, right), Axis.COLUMNS, ConcatOptions.builder().bufferBytes(1 << 20).build());
    Concat.concat(b, List.of(left, right), Axis.COLUMNS, ConcatOptions.defaults());
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
  }

  @Test
  void row_groups_that_do_not_line_up_are_re_encoded_on_request_and_the_values_stay_the_same() throws Exception {
    Path left = write("left.parquet", CAP_1200, "i64", "f64");
    Path right = write("right.parquet", WriteOptions.builder().rowGroupRows(700).build(), "opt_name", "trace",
        "f32");
    Path out = dir.resolve("joined.parquet");
    ConcatResult r = Concat.concat(out, List.of(left, right), Axis.COLUMNS,
        ConcatOptions.builder().reencode(true).build());
    assertEquals(List.of("opt_name", "trace", "f32"), r.reencodedColumns());
    assertEquals(Parts.pick(TABLE, "i64", "f64", "opt_name", "trace", "f32"), Table.read(out).columns());
    assertEquals(5, r.rowGroups(), "the first input's row groups");
    Provenance p = Provenance.read(out).orElseThrow();
    assertTrue(p.inputs().get(1).reencoded());
    assertEquals("[\"opt_name\",\"trace\",\"f32\"]",
        ArtifactReport.readFor(out).extra().get("reencoded_columns").toString());
    try (var files = Files.list(dir)) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().contains(".reencode-")), "scratch removed");
    }
  }
}
