package io.github.artifactio.engine.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.WriterSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectorTest {
  @TempDir Path dir;

  @Test
  void inspect_prints_schema_row_groups_chunks_metadata_and_the_first_ten_rows() {
    Path p = dir.resolve("t.parquet");
    long[] ids = new long[25];
    double[] mz = new double[25];
    for (int i = 0; i < 25; i++) {
      ids[i] = i;
      mz[i] = 100 + i * 0.5;
    }
    TableWriter.writeTable(
        p,
        List.of(
            new Int64Column("id", ids),
            new Float64Column("mz", mz),
            OptUtf8Column.of("note", new String[25]),
            ListFloat32Column.of("trace", new float[25][])),
        WriteOptions.builder().rowGroupRows(20).metadata("artifact_io.schema_name", "peptides").build());
    String text = Inspector.inspect(p);
    assertTrue(
        text.startsWith(
            "artifact: " + p + "\nrows: 25\ncreated_by: artifact-io version " + WriterSettings.LAYOUT_REVISION + "\n"),
        text);
    assertTrue(text.contains(
        "schema:\n  id: Int64\n  mz: Float64\n  note: Utf8 (nullable)\n  trace: List(Float32) (nullable)\n"), text);
    assertTrue(text.contains("row groups: 2\n  #0: 20 rows from row 0, "), text);
    assertTrue(text.contains("    id: SNAPPY ["), text);
    assertTrue(text.contains("column index, offset index; min 0, max 19, nulls 0"), text);
    assertTrue(text.contains("  ARROW:schema (decoded):\n    id: Int(64, true)\n"), text);
    assertTrue(text.contains("    trace: List (nullable)\n      item: FloatingPoint(SINGLE) (nullable)\n"), text);
    assertTrue(text.contains("  artifact_io.schema_name = peptides\n"), text);
    assertTrue(text.contains("head (first 10 rows):"), text);
    assertTrue(text.contains("| 9  | 104.5 | null | null  |"), text);
    assertEquals(false, text.contains("| 10 |"), "ten rows only");
  }

  @Test
  void the_report_as_data_has_the_head_rows_and_the_codec_of_every_chunk() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(30, 5));
    InspectReport r = Inspector.describe(p);
    assertEquals(10, r.head().size());
    assertEquals(17, r.headColumns().size());
    assertEquals("SNAPPY", r.rowGroups().get(0).chunks().get(0).codec());
    assertTrue(r.arrowSchema().contains("u32: Int(32, false)"), r.arrowSchema().toString());
  }

  @Test
  void an_empty_table_shows_its_schema_and_an_empty_head() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(new Int64Column("id", new long[0])));
    String text = Inspector.inspect(p);
    assertTrue(text.contains("rows: 0\n"), text);
    assertTrue(text.contains("row groups: 0\n"), text);
    assertTrue(text.contains("head (first 0 rows):"), text);
  }

  @Test
  void a_file_whose_codec_the_engine_does_not_read_still_shows_its_footer_and_says_why_each_column_is_not_read() {
    Path p = io.github.artifactio.engine.TestData.parquetTesting("data/hadoop_lz4_compressed.parquet");
    String text = Inspector.inspect(p);
    assertTrue(text.contains("rows: 4\n"), text);
    assertTrue(text.contains(": LZ4 ["), text);
    assertTrue(text.contains("| (not read) |"), text);
    assertTrue(text.contains("not read:\n  c0: row group 0: compressed with LZ4"), text);
  }

  @Test
  void decimal_and_int96_columns_show_in_the_schema_and_footer_and_the_head_shows_the_other_columns() {
    // parquet-testing's alltypes_plain: INT96 timestamps and plain BINARY (no string annotation) beside ints
    Path p = io.github.artifactio.engine.TestData.parquetTesting("data/alltypes_plain.parquet");
    InspectReport r = Inspector.describe(p);
    assertEquals(8, r.head().size());
    int id = r.headColumns().indexOf("id");
    int ts = r.headColumns().indexOf("timestamp_col");
    assertEquals("4", r.head().get(0).get(id));
    assertEquals("(not read)", r.head().get(0).get(ts));
    assertEquals("the engine has no column kind for optional int96 timestamp_col", r.notRead().get("timestamp_col"));
    assertEquals(List.of("date_string_col", "string_col", "timestamp_col"), List.copyOf(r.notRead().keySet()));
    Path decimal = io.github.artifactio.engine.TestData.parquetTesting("data/int32_decimal.parquet");
    String text = Inspector.inspect(decimal);
    assertTrue(text.contains("  value: INT32 (DECIMAL(4,2)) (nullable)  [not readable by the engine:"), text);
    assertTrue(text.contains("not read:\n  value: the engine has no column kind for optional int32 value"
        + " (DECIMAL(4,2))\n"), text);
  }

  @Test
  void inspect_of_a_missing_file_is_an_error_naming_it() {
    Path p = dir.resolve("missing.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> Inspector.inspect(p));
    assertTrue(e.getMessage().startsWith(p + ": opening the file: "), e.getMessage());
  }
}
