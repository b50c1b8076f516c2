package io.github.artifactio.testkit.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class GoldenFilesTest {
  @TempDir Path dir;

  private static final double NAN_A = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);

  private Path write(String file, List<Column> cols, WriteOptions o) {
    Path p = dir.resolve("out").resolve(file);
    try {
      Files.createDirectories(p.getParent());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    TableWriter.writeTable(p, cols, o);
    return p;
  }

  private Path write(String file, List<Column> cols) {
    return write(file, cols, WriteOptions.defaults());
  }

  private static List<Column> table(double... scores) {
    int[] ids = new int[scores.length];
    String[] names = new String[scores.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
      names[i] = "n" + i;
    }
    return List.of(new UInt32Column("id", ids), new Float64Column("score", scores), Utf8Column.of("name", names));
  }

  private GoldenFiles goldens(GoldenMode mode) {
    return GoldenFiles.in(dir.resolve("golden")).actualDir(dir.resolve("target")).mode(mode);
  }

  @Test
  void a_missing_golden_is_created_with_its_facet_and_then_matches() throws Exception {
    Path a = write("a.parquet", table(1, 2, 3));
    goldens(GoldenMode.NEW).assertMatches(a, "scores");
    assertTrue(Files.exists(dir.resolve("golden/scores.parquet")));
    JsonNode facet = new ObjectMapper().readTree(dir.resolve("golden/scores.parquet.golden.json").toFile());
    assertTrue(facet.get("fingerprint").get("writer_settings").asText().contains("\"codec\":\"SNAPPY\""));
    assertTrue(facet.get("fingerprint").get("created_by").asText().startsWith("artifact-io version "),
        facet.toString());
    assertEquals(3, facet.get("rows").asLong());
    assertTrue(facet.get("structure").toString().contains("column score: Float64, parquet"), facet.toString());
    assertEquals(3, facet.get("column_digests").size());
    assertEquals("2.0", facet.get("first_rows").get(1).get("score").asText());
    goldens(GoldenMode.NO).assertMatches(write("b.parquet", table(1, 2, 3)), "scores");
  }

  @Test
  void a_missing_golden_fails_when_nothing_may_be_written() {
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NO).assertMatches(write("a.parquet", table(1)), "absent"));
    assertTrue(e.getMessage().startsWith("golden \"absent\" does not exist"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("golden/absent.parquet")));
  }

  @Test
  void a_changed_value_fails_at_the_row_layer_with_a_short_diff_and_how_to_accept() throws Exception {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(1, 2, 3)), "scores");
    Path changed = write("a.parquet", table(1, 2.5, 3));
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NEW).assertMatches(changed, "scores"));
    String m = e.getMessage();
    assertTrue(m.contains("bytes      DIFFERENT (blake3 "), m);
    assertTrue(m.contains("structure  EQUAL"), m);
    assertTrue(m.contains("content    1 of 3 columns differ: score"), m);
    assertTrue(m.contains("  1 |  | score | 2.0 | 2.5 | |Δ| 0.5 | exact"), m);
    assertTrue(m.contains("score: 1 row(s) differ, max |Δ| 0.5 > exact"), m);
    assertTrue(m.endsWith("verdict: FAIL (rows). Accept with -Dartifact-io.golden.update=true or "
        + "ARTIFACT_IO_GOLDEN=overwrite"), m);
    assertTrue(Files.exists(dir.resolve("target/scores.actual.parquet")));
    assertTrue(Files.exists(dir.resolve("target/scores.actual.parquet.golden.json")));
    assertTrue(Files.readString(dir.resolve("target/scores.diff.md")).contains("verdict: FAIL (rows)"));
    JsonNode diff = new ObjectMapper().readTree(dir.resolve("target/scores.diff.json").toFile());
    assertEquals("rows", diff.get("verdict").asText());
    assertEquals("score", diff.get("differing_columns").get(0).asText());
    assertEquals("2.5", diff.get("first_differing_cells").get(0).get("actual").asText());
    assertEquals(1, diff.get("differing_rows_per_column").get("score").asInt());
    // the golden was not overwritten in the default mode
    goldens(GoldenMode.NO).assertMatches(write("again.parquet", table(1, 2, 3)), "scores");
  }

  @Test
  void overwrite_accepts_the_actual_artifact_and_removes_the_stale_actual_files() {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(1, 2, 3)), "scores");
    Path changed = write("a.parquet", table(7, 8));
    assertThrows(AssertionFailedError.class, () -> goldens(GoldenMode.NEW).assertMatches(changed, "scores"));
    assertTrue(Files.exists(dir.resolve("target/scores.actual.parquet")));
    goldens(GoldenMode.OVERWRITE).assertMatches(changed, "scores");
    assertFalse(Files.exists(dir.resolve("target/scores.actual.parquet")));
    assertFalse(Files.exists(dir.resolve("target/scores.diff.md")));
    assertFalse(Files.exists(dir.resolve("target/scores.diff.json")));
    goldens(GoldenMode.NO).assertMatches(changed, "scores");
  }

  @Test
  void a_changed_codec_fails_at_the_structure_layer_naming_the_chunks() {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(1, 2, 3)), "scores");
    Path other = write("a.parquet", table(1, 2, 3), WriteOptions.builder().codec(Codec.UNCOMPRESSED).build());
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NEW).assertMatches(other, "scores"));
    String m = e.getMessage();
    assertTrue(m.contains("not asserted: the writer changed (writer_settings: {\"codec\":\"SNAPPY\""), m);
    assertTrue(m.contains("  - row group 0 score: SNAPPY"), m);
    assertTrue(m.contains("  + row group 0 score: UNCOMPRESSED"), m);
    assertTrue(m.contains("content    EQUAL (all 3 columns)"), m);
    assertTrue(m.contains("verdict: FAIL (structure)"), m);
  }

  @Test
  void a_changed_writer_fingerprint_with_the_same_structure_and_content_passes_without_byte_identity() {
    // the float plan only acts on capped writers: an uncapped file differs in its recorded settings alone
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(1, 2, 3)), "scores");
    Path other = write("a.parquet", table(1, 2, 3), WriteOptions.builder().floatPlan(false).build());
    goldens(GoldenMode.NO).assertMatches(other, "scores");
    // with the writer unchanged, a file that differs only in bytes would fail; here it is the same file
    goldens(GoldenMode.NO).assertMatches(write("b.parquet", table(1, 2, 3)), "scores");
  }

  @Test
  void per_column_tolerances_accept_small_float_differences_and_name_the_largest() {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(1, 2, 3)), "scores");
    Path noisy = write("a.parquet", table(1 + 1e-12, 2, Math.nextUp(3.0)));
    assertThrows(AssertionFailedError.class, () -> goldens(GoldenMode.NO).assertMatches(noisy, "scores"));
    goldens(GoldenMode.NO).tolerance("score", Tolerance.abs(1e-9)).assertMatches(noisy, "scores");
    goldens(GoldenMode.NO).tolerance("score", new Tolerance(0, 1e-11, 0)).assertMatches(noisy, "scores");
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NO).tolerance("score", Tolerance.ulps(4)).assertMatches(noisy, "scores"));
    assertTrue(e.getMessage().contains("score: 1 row(s) differ, max |Δ| 1.000088900582341E-12 > 4 ulps"),
        e.getMessage());
  }

  @Test
  void nan_payloads_and_signed_zeros_differ_unless_relaxed() {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", table(Double.NaN, 0.0)), "special");
    Path other = write("a.parquet", table(NAN_A, -0.0));
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NO).assertMatches(other, "special"));
    assertTrue(e.getMessage().contains("| NaN(0x7ff8000000000000) | NaN(0x7ff80000deadbeef) | NaN payload |"),
        e.getMessage());
    assertTrue(e.getMessage().contains("| 0.0 | -0.0(0x8000000000000000) | sign of zero |"), e.getMessage());
    assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NO).nanEqualsNaN().assertMatches(other, "special"));
    goldens(GoldenMode.NO).nanEqualsNaN().signedZerosEqual().assertMatches(other, "special");
  }

  @Test
  void rows_keyed_by_an_id_column_match_in_any_order_and_missing_keys_are_named() {
    List<Column> golden = List.of(Int64Column.of("id", 10, 20, 30), Float64Column.of("v", 1, 2, 3));
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", golden), "keyed");
    Path shuffled = write("a.parquet", List.of(Int64Column.of("id", 30, 10, 20), Float64Column.of("v", 3, 1, 2)));
    assertThrows(AssertionFailedError.class, () -> goldens(GoldenMode.NO).assertMatches(shuffled, "keyed"));
    goldens(GoldenMode.NO).keyedBy("id").assertMatches(shuffled, "keyed");
    Path missing = write("b.parquet", List.of(Int64Column.of("id", 30, 10, 40), Float64Column.of("v", 3, 1.5, 2)));
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> goldens(GoldenMode.NO).keyedBy("id").assertMatches(missing, "keyed"));
    String m = e.getMessage();
    assertTrue(m.contains("key id=20 (golden row 1) is missing from the actual"), m);
    assertTrue(m.contains("key id=40 (actual row 2) is new"), m);
    assertTrue(m.contains("  0 | 10 | v | 1.0 | 1.5 | |Δ| 0.5 | exact"), m);
  }

  @Test
  void a_renamed_column_is_a_structure_difference() {
    goldens(GoldenMode.NEW).assertMatches(write("g.parquet", List.of(Int64Column.of("id", 1))), "renamed");
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> goldens(GoldenMode.NO)
        .assertMatches(write("a.parquet", List.of(Int64Column.of("key", 1))), "renamed"));
    assertTrue(e.getMessage().contains("  - column id: Int64, parquet"), e.getMessage());
    assertTrue(e.getMessage().contains("  + column key: Int64, parquet"), e.getMessage());
    assertTrue(e.getMessage().contains("verdict: FAIL (structure)"), e.getMessage());
  }

  @Test
  void goldens_no_test_asserted_are_reported_as_unreferenced() throws Exception {
    GoldenFiles g = goldens(GoldenMode.NEW);
    g.assertMatches(write("a.parquet", table(1)), "used");
    Files.copy(g.golden("used"), g.golden("forgotten"));
    assertEquals(List.of(g.golden("forgotten")), g.unreferenced());
    assertEquals(List.of(g.golden("forgotten")), g.reportUnreferenced());
  }

  @Test
  void the_mode_comes_from_ci_the_update_property_and_the_environment_variable() {
    assertEquals(GoldenMode.NEW, GoldenMode.resolve(null, Map.of()));
    assertEquals(GoldenMode.OVERWRITE, GoldenMode.resolve("true", Map.of()));
    assertEquals(GoldenMode.NO, GoldenMode.resolve("true", Map.of("CI", "1")));
    assertEquals(GoldenMode.NO, GoldenMode.resolve(null, Map.of("ARTIFACT_IO_GOLDEN", "no")));
    assertEquals(GoldenMode.OVERWRITE, GoldenMode.resolve(null, Map.of("ARTIFACT_IO_GOLDEN", "overwrite")));
    assertEquals(GoldenMode.NO, GoldenMode.resolve(null, Map.of("ARTIFACT_IO_GOLDEN", "overwrite", "CI", "true")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GoldenMode.resolve(null, Map.of("ARTIFACT_IO_GOLDEN", "always")));
    assertTrue(e.getMessage().contains("not one of overwrite, new, no"));
  }

  @Test
  void the_content_digest_tells_nan_payloads_and_signed_zeros_apart() {
    assertFalse(ArtifactFacts.digest(Float64Column.of("x", Double.NaN))
        .equals(ArtifactFacts.digest(Float64Column.of("x", NAN_A))));
    assertFalse(ArtifactFacts.digest(Float64Column.of("x", 0.0))
        .equals(ArtifactFacts.digest(Float64Column.of("x", -0.0))));
    assertEquals(ArtifactFacts.digest(Float64Column.of("x", 1.0)), ArtifactFacts.digest(Float64Column.of("y", 1.0)));
  }
}
