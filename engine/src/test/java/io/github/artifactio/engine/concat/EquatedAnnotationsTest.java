package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows axis treats an annotation that restates the physical type (DuckDB's INTEGER(32,true) on INT32 and
 * INTEGER(64,true) on INT64; arrow-rs, Polars and this engine write the bare types) as the same column: it splices,
 * keeps input 0's declaration and says so in the result and the report.
 */
class EquatedAnnotationsTest {
  @TempDir Path dir;

  /** Rows 0..99 by DuckDB, whose INTEGER and BIGINT columns carry the annotations. */
  private Path duckdb() {
    return TestFiles.duckdb(dir.resolve("duck.parquet"),
        "SELECT i::INTEGER AS id, i::BIGINT AS big FROM range(100) t(i)",
        "COMPRESSION snappy");
  }

  /** Rows 100..149 by this engine: bare INT32 and INT64. */
  private Path engine() {
    Integer[] ids = IntStream.range(100, 150).boxed().toArray(Integer[]::new);
    Long[] bigs = IntStream.range(100, 150).mapToObj(i -> (long) i).toArray(Long[]::new);
    Path p = dir.resolve("ours.parquet");
    List<Column> cols = List.of(OptInt32Column.of("id", ids), OptInt64Column.of("big", bigs));
    TableWriter.writeTable(p, cols, WriteOptions.defaults());
    return p;
  }

  @Test
  void a_duckdb_input_and_a_bare_int_input_splice_under_input_0s_declaration_and_the_report_says_so() throws Exception {
    Path out = dir.resolve("out/spliced.parquet");
    ConcatResult r = Concat.concat(out, List.of(duckdb(), engine()), Axis.ROWS, ConcatOptions.defaults());
    List<String> expected = List.of(
        "column 'id' is [optional int32 id] in input 1 and [optional int32 id (INTEGER(32,true))] in input 0: the same"
            + " values; the output declares it as input 0 does",
        "column 'big' is [optional int64 big] in input 1 and [optional int64 big (INTEGER(64,true))] in input 0: the"
            + " same values; the output declares it as input 0 does");
    assertEquals(expected, r.equatedColumns());
    var report = new ObjectMapper().readTree(Files.readString(ArtifactReport.sidecarPathFor(out)));
    assertEquals(expected, List.of(new ObjectMapper().treeToValue(report.get("equated_columns"), String[].class)));
    assertEquals(150, r.rows());
    int[] ids = Table.read(out).get("id", As.INT32);
    assertArrayEquals(IntStream.range(0, 150).toArray(), ids);
    // DuckDB, the writer of input 0, reads the output as one column of its own type
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT typeof(id), sum(id), sum(big) FROM read_parquet('" + out + "')"
            + " GROUP BY 1")) {
      rs.next();
      assertEquals("INTEGER", rs.getString(1));
      assertEquals(149L * 150 / 2, rs.getLong(2));
      assertEquals(149L * 150 / 2, rs.getLong(3));
    }
  }

  private static void copy(Path from, Path to) {
    try {
      Files.copy(from, to);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void files_that_agree_exactly_report_no_equated_column() {
    Path out = dir.resolve("out/same.parquet");
    Path a = engine();
    Path b = dir.resolve("copy.parquet");
    copy(a, b);
    ConcatResult r = Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(List.of(), r.equatedColumns());
  }

  @Test
  void a_duckdb_list_leaf_named_element_and_an_engine_list_leaf_named_item_splice_under_input_0s_name()
      throws Exception {
    Path duck = TestFiles.duckdb(dir.resolve("duck-list.parquet"),
        "SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE [i::DOUBLE, i * 0.5] END AS mzs FROM range(100) t(i)",
        "COMPRESSION snappy");
    double[][] lists = IntStream.range(100, 150).mapToObj(i -> new double[] {i}).toArray(double[][]::new);
    Path ours = dir.resolve("ours-list.parquet");
    TableWriter.writeTable(ours, List.of(ListFloat64Column.of("mzs", lists)), WriteOptions.defaults());
    Path out = dir.resolve("out/lists.parquet");

    ConcatResult r = Concat.concat(out, List.of(duck, ours), Axis.ROWS, ConcatOptions.defaults());

    String leaf = "optional group mzs (LIST) {\n  repeated group list {\n    optional double %s"
        + " columnorder(TYPE_DEFINED_ORDER);\n  }\n}";
    assertEquals(List.of("column 'mzs' is [" + leaf.formatted("item") + "] in input 1 and ["
        + leaf.formatted("element") + "] in input 0: the same values; the output declares it as input 0 does"),
        r.equatedColumns());
    // DuckDB, the writer of input 0, reads every row of both inputs, nulls and all
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*), count(mzs), sum(len(mzs)), sum(list_sum(mzs))"
            + " FROM read_parquet('" + out + "')")) {
      rs.next();
      assertEquals(150, rs.getLong(1));
      assertEquals(80 + 50, rs.getLong(2));
      assertEquals(80 * 2 + 50, rs.getLong(3));
      double duckSum = IntStream.range(0, 100).filter(i -> i % 5 != 0).mapToDouble(i -> i * 1.5).sum();
      assertEquals(duckSum + IntStream.range(100, 150).sum(), rs.getDouble(4), 1e-9);
    }
    // and so does the engine's own reader, whose chunks of input 1 now sit under input 0's leaf path
    assertEquals(150, Table.read(out).rows());
  }

  @Test
  void a_column_outside_the_model_splices_between_a_file_with_an_arrow_schema_and_one_without() {
    // arrow-rs declares charge (INTEGER(8,false)) UInt8 in its ARROW:schema; DuckDB's file has none, and an Arrow
    // reader types the same declaration UInt8 as well
    Path duck = TestData.path("writers/duckdb_precursors.parquet");
    Path arrowRs = TestData.path("writers/arrow_rs_precursors.parquet");
    Path out = dir.resolve("out/precursors.parquet");

    ConcatResult r = Concat.concat(out, List.of(duck, arrowRs), Axis.ROWS, ConcatOptions.defaults());

    assertEquals(20000, r.rows());
    assertEquals(List.of(), r.equatedColumns());
  }

  @Test
  void an_annotation_that_narrows_the_type_is_still_a_different_column() {
    Path small = TestFiles.duckdb(dir.resolve("small.parquet"), "SELECT i::SMALLINT AS id, i::BIGINT AS big"
        + " FROM range(100) t(i)", "COMPRESSION snappy");
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(dir.resolve("out/x.parquet"), List.of(small, engine()), Axis.ROWS,
            ConcatOptions.defaults()));
    assertEquals(dir.resolve("ours.parquet") + ": concat rows into " + dir.resolve("out/x.parquet") + ": input 1 does"
        + " not have the columns of input 0 (" + small + "): column 'id' is Int32 (nullable) [optional int32 id] in"
        + " input 1 but Int16 (nullable) [optional int32 id (INTEGER(16,true))] in input 0",
        e.getMessage());
  }
}
