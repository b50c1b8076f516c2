package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.KeyValue;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Re-encoding on the columns axis takes whatever the engine's reader reads from a DuckDB file: INTEGER and BIGINT with
 * their INTEGER(32,true) and INTEGER(64,true) annotations, lists whose leaf is named {@code element}, lists declared
 * required, and writes the same values, declared as DuckDB declared them (a required list as the nullable list the
 * engine's model holds, which the report says). A column the reader does not read is refused before anything is
 * decoded, naming the file and the column.
 */
class ReencodeDuckdbTest {
  @TempDir Path dir;

  private static final ConcatOptions REENCODE = ConcatOptions.builder().reencode(true).build();

  /** 10,000 rows by DuckDB in row groups of 2,048, which line up with no other writer's. */
  private Path duckdb() {
    return TestFiles.duckdb(dir.resolve("duck.parquet"), "SELECT i::INTEGER AS id, (i * 1000003)::BIGINT AS big,"
        + " CASE WHEN i % 97 = 0 THEN NULL ELSE [(i * 0.25)::FLOAT FOR k IN range(i % 4)] END AS mzs,"
        + " [i::DOUBLE, -i::DOUBLE] AS pair, 'p' || i AS label,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE (i % 1000)::INTEGER END AS maybe"
        + " FROM range(10000) t(i)", "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
  }

  /** DuckDB's read of {@code out}: the same rows as its read of {@code left} and {@code right} side by side. */
  private static long rowsThatDiffer(Statement st, Path out, Path left, Path right) throws Exception {
    String joined = "SELECT l.* EXCLUDE (file_row_number), r.* FROM read_parquet(" + Duck.literal(left)
        + ", file_row_number = true) l JOIN read_parquet(" + Duck.literal(right)
        + ", file_row_number = true) r ON l.file_row_number = r.file_row_number";
    String output = "SELECT * FROM read_parquet(" + Duck.literal(out) + ", file_row_number = true)";
    try (ResultSet rs = st.executeQuery("SELECT (SELECT count(*) FROM (" + output + " EXCEPT " + joined + "))"
        + " + (SELECT count(*) FROM (" + joined + " EXCEPT " + output + "))")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String types(Statement st, Path p) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + Duck.literal(p) + ")")) {
      while (rs.next()) {
        out.add(rs.getString(1) + " " + rs.getString(2));
      }
    }
    return String.join(", ", out);
  }

  @Test
  void a_duckdb_input_beside_an_arrow_rs_input_is_re_encoded_with_its_values_and_its_declarations()
      throws Exception {
    Path arrowRs = TestData.path("writers/arrow_rs_precursors.parquet");
    Path duck = duckdb();
    Path out = dir.resolve("out/joined.parquet");
    ConcatResult r = Concat.concat(out, List.of(arrowRs, duck), Axis.COLUMNS, REENCODE);
    assertEquals(List.of("id", "big", "mzs", "pair", "label", "maybe"), r.reencodedColumns());
    List<ColumnSpec> declared = TableFile.open(duck).columns();
    List<ColumnSpec> written = TableFile.open(out).columns().subList(7, 13);
    for (int i = 0; i < declared.size(); i++) {
      if (!declared.get(i).name().equals("pair")) {
        assertEquals(declared.get(i).parquetType(), written.get(i).parquetType(), declared.get(i).name());
      }
    }
    // the required list is the one column the output declares as the engine wrote it, and says so
    String pair = "column 'pair' is [required group pair (LIST) {\n  repeated group list {\n    optional double element"
        + " columnorder(TYPE_DEFINED_ORDER);\n  }\n}] in input 1 and [optional group pair (LIST) {\n  repeated group"
        + " list {\n    optional double item columnorder(TYPE_DEFINED_ORDER);\n  }\n}] as re-encoded: the same values;"
        + " the engine's lists are nullable, so the output declares it as re-encoded";
    assertEquals(List.of(pair), r.equatedColumns());
    var report = new ObjectMapper().readTree(Files.readString(ArtifactReport.sidecarPathFor(out)));
    assertEquals(pair, report.get("equated_columns").get(0).asText());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      assertEquals(0, rowsThatDiffer(st, out, arrowRs, duck), "DuckDB reads the inputs' rows from the output");
      assertEquals(types(st, arrowRs) + ", " + types(st, duck), types(st, out), "and reads them as the same types");
    }
  }

  @Test
  void a_duckdb_input_re_encoded_to_an_engine_files_row_groups_reads_back_row_by_row() throws Exception {
    Path left = dir.resolve("left.parquet");
    TableWriter.writeTable(left, List.<Column>of(Int64Column.of("row", LongStream.range(0, 10000).toArray())),
        WriteOptions.builder().rowGroupRows(3000).build());
    Path duck = duckdb();
    Path out = dir.resolve("out/joined.parquet");
    ConcatResult r = Concat.concat(out, List.of(left, duck), Axis.COLUMNS, REENCODE);
    assertEquals(4, r.rowGroups());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      assertEquals(0, rowsThatDiffer(st, out, left, duck));
      assertEquals(types(st, left) + ", " + types(st, duck), types(st, out));
    }
  }

  @Test
  void a_re_encoded_input_keeps_its_arrow_fields_but_a_required_lists_which_is_nullable_as_written() {
    Path left = dir.resolve("left.parquet");
    TableWriter.writeTable(left, List.<Column>of(Int64Column.of("row", LongStream.range(0, 10000).toArray())),
        WriteOptions.builder().rowGroupRows(3000).build());
    Path duck = duckdb();
    // as an Arrow writer declares them: the list without nulls not nullable, the strings large
    Field pair = Schemas.arrowField("pair", ColumnType.LIST_FLOAT64);
    Field strictPair = new Field("pair", FieldType.notNullable(pair.getType()), pair.getChildren());
    Field largeLabel = Field.nullable("label", ArrowType.LargeUtf8.INSTANCE);
    Schema declared = new Schema(List.of(Schemas.arrowField("id", ColumnType.OPT_INT32),
        Schemas.arrowField("big", ColumnType.OPT_INT64), Schemas.arrowField("mzs", ColumnType.LIST_FLOAT32),
        strictPair, largeLabel, Schemas.arrowField("maybe", ColumnType.OPT_INT32)));
    TestFiles.rewriteFooter(duck, m -> m.addToKey_value_metadata(
        new KeyValue(Schemas.ARROW_SCHEMA_KEY).setValue(Schemas.encodeArrowFields(declared.getFields()))));
    Path out = dir.resolve("out/joined.parquet");
    Concat.concat(out, List.of(left, duck), Axis.COLUMNS, REENCODE);
    List<Field> fields = TableFile.open(out).arrowSchema().orElseThrow().getFields();
    assertEquals(largeLabel, fields.get(5), "the input's field");
    assertEquals(pair, fields.get(4), "the engine's nullable list, as the Parquet schema declares it");
  }

  @Test
  void the_precursor_file_duckdb_wrote_is_refused_for_its_uint8_column_before_anything_is_decoded() {
    Path left = dir.resolve("left.parquet");
    TableWriter.writeTable(left, List.<Column>of(Int64Column.of("row", LongStream.range(0, 10000).toArray())),
        WriteOptions.builder().rowGroupRows(3000).build());
    Path duck = duckdb();
    Path precursors = TestData.path("writers/duckdb_precursors.parquet");
    Path out = dir.resolve("out/joined.parquet");
    // input 1 could be re-encoded; input 2 is refused before it is
    ColumnTypeException e = assertThrows(ColumnTypeException.class,
        () -> Concat.concat(out, List.of(left, duck, precursors), Axis.COLUMNS, REENCODE));
    assertEquals(precursors + ", column 'charge': concat columns into " + out + ": input 2's row groups do not line"
        + " up with input 0's and its column has type UInt8 (optional int32 charge"
        + " (INTEGER(8,false))), which the engine does not read, so it cannot re-encode it; write the input in input"
        + " 0's row groups", e.getMessage());
    assertFalse(Files.exists(out.getParent()), "no scratch folder was made beside the output");
  }

  @Test
  void a_list_whose_repeated_group_is_not_named_list_is_read_but_refused_as_the_writer_would_rename_it() {
    Path left = dir.resolve("left.parquet");
    TableWriter.writeTable(left, List.<Column>of(Int64Column.of("row", LongStream.range(0, 5000).toArray())),
        WriteOptions.builder().rowGroupRows(1200).build());
    Path duck = TestFiles.duckdb(dir.resolve("duck.parquet"), "SELECT [i::FLOAT] AS c FROM range(5000) t(i)",
        "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
    // the LIST spec's older spelling: any name for the repeated group, which the writer names list
    TestFiles.rewriteFooter(duck, m -> {
      m.getSchema().stream().filter(e -> e.getName().equals("list")).forEach(e -> e.setName("bag"));
      m.getRow_groups().forEach(g -> g.getColumns().forEach(
          c -> c.getMeta_data().setPath_in_schema(List.of("c", "bag", "element"))));
    });
    assertEquals(5000, TableFile.open(duck).read("c").rows(), "the reader reads it");
    Path out = dir.resolve("out/joined.parquet");
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(left, duck), Axis.COLUMNS, REENCODE));
    assertEquals(duck + ": concat columns into " + out + ": the columns of input 1 cannot be re-encoded as they are:"
        + " column 'c' is List(Float32) (nullable) [optional group c (LIST) {\n  repeated group list {\n    optional"
        + " float item columnorder(TYPE_DEFINED_ORDER);\n  }\n}] in the re-encoded columns but List(Float32)"
        + " [required group c (LIST) {\n  repeated group bag {\n    optional float element"
        + " columnorder(TYPE_DEFINED_ORDER);\n  }\n}] in input 1", e.getMessage());
    assertFalse(Files.exists(out));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "DATE '2020-01-01' + i::INTEGER | INT32 (DATE) (optional int32 c (DATE))",
    "TIMESTAMP '2020-01-01' + to_seconds(i) | INT64 (TIMESTAMP(MICROS,false)) (optional int64 c"
        + " (TIMESTAMP(MICROS,false)))",
    "(i / 100)::DECIMAL(9,2) | INT32 (DECIMAL(9,2)) (optional int32 c (DECIMAL(9,2)))",
    "[i::INTEGER] | List(Int32) (required group c (LIST) { repeated group list { optional int32 element"
        + " (INTEGER(32,true)); } })"})
  void a_column_the_reader_does_not_read_is_refused_naming_the_file_and_the_column(String expr, String type) {
    Path left = dir.resolve("left.parquet");
    TableWriter.writeTable(left, List.<Column>of(Int64Column.of("row", LongStream.range(0, 5000).toArray())),
        WriteOptions.builder().rowGroupRows(1200).build());
    Path duck = TestFiles.duckdb(dir.resolve("duck.parquet"), "SELECT " + expr + " AS c FROM range(5000) t(i)",
        "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
    Path out = dir.resolve("out/joined.parquet");
    ColumnTypeException e = assertThrows(ColumnTypeException.class,
        () -> Concat.concat(out, List.of(left, duck), Axis.COLUMNS, REENCODE));
    assertEquals(duck + ", column 'c': concat columns into " + out + ": input 1's row groups do not line up with"
        + " input 0's and its column has type " + type + ", which the engine does not read, so it cannot re-encode"
        + " it; write the input in input 0's row groups", e.getMessage());
    assertFalse(Files.exists(out));
  }
}
