package io.github.artifactio.engine.sidecar;

import static io.github.artifactio.engine.sidecar.Fixtures.NODES;
import static io.github.artifactio.engine.sidecar.Fixtures.PEPTIDES_HASH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactReportTest {
  @TempDir Path dir;

  private static String reportWith(String field, String json) {
    String golden = Fixtures.resource("peptides.parquet.report.json");
    String replaced = golden.replaceFirst("\"" + field + "\": [^\\n]*?(,?)\\n", "\"" + field + "\": " + json + "$1\n");
    if (replaced.equals(golden)) {
      throw new IllegalStateException("no field " + field);
    }
    return replaced;
  }

  @Test
  void the_writer_prints_the_rust_engines_report_byte_for_byte() {
    assertEquals(Fixtures.resource("peptides.parquet.report.json"), SidecarJson.toJson(Fixtures.digestReport()));
  }

  @Test
  void write_for_puts_those_bytes_beside_the_artifact_without_a_trailing_newline() throws IOException {
    Path artifact = dir.resolve("peptides.parquet");
    Fixtures.digestReport().writeFor(artifact);
    Path sidecar = dir.resolve("peptides.parquet.report.json");
    assertEquals(sidecar, ArtifactReport.sidecarPathFor(artifact));
    assertEquals(Fixtures.resource("peptides.parquet.report.json"), Files.readString(sidecar));
    assertTrue(Files.readString(sidecar).endsWith("}"));
  }

  @Test
  void reading_the_rust_engines_report_gives_the_equal_record() throws IOException {
    Fixtures.copy("peptides.parquet.report.json", dir, "peptides.parquet.report.json");
    ArtifactReport read = ArtifactReport.readFor(dir.resolve("peptides.parquet"));
    assertEquals(Fixtures.digestReport(), read);
    assertEquals(new SchemaId("peptides", 1), read.schemaId());
    assertEquals(61728, read.stats().get("n_targets").intValue());
  }

  @Test
  void a_missing_model_identity_is_written_as_null_and_a_present_one_as_a_string() {
    assertTrue(SidecarJson.toJson(Fixtures.digestReport()).contains("\n  \"model_identity\": null,\n"));
    ArtifactReport withModel =
        new ArtifactReport("peptides", "peptides", 1, "digest", 0, PEPTIDES_HASH, null, null, "ms2pip-HCD2021", 0);
    assertTrue(SidecarJson.toJson(withModel).contains("\n  \"model_identity\": \"ms2pip-HCD2021\",\n"));
  }

  @Test
  void an_absent_model_identity_field_reads_as_none_as_serde_accepts_it() throws IOException {
    String json = Fixtures.resource("peptides.parquet.report.json").replace("  \"model_identity\": null,\n", "");
    ArtifactReport read = SidecarJson.readReport(Fixtures.write(dir, "r.json", json));
    assertEquals(Fixtures.digestReport(), read);
  }

  @Test
  void empty_stats_and_params_print_as_serde_prints_them() {
    ArtifactReport report =
        new ArtifactReport("spectra_ms1", "spectra_ms1", 3, "convert", 0, PEPTIDES_HASH, NODES.arrayNode(), null, null,
            5);
    assertEquals(
        "{\n  \"logical_name\": \"spectra_ms1\",\n  \"schema_name\": \"spectra_ms1\",\n  \"schema_version\": 3,\n"
            + "  \"stage\": \"convert\",\n  \"rows\": 0,\n  \"content_hash\": \"" + PEPTIDES_HASH + "\",\n"
            + "  \"params\": [],\n  \"stats\": {},\n  \"model_identity\": null,\n  \"elapsed_ms\": 5\n}",
        SidecarJson.toJson(report));
  }

  @Test
  void nested_params_are_written_with_sorted_keys_and_arrays_one_element_per_line() {
    ObjectNode params = NODES.objectNode();
    params.putObject("nn_env").put("threads", 4).put("device", "cpu");
    params.putArray("charges").add(2).add(3);
    ArtifactReport report =
        new ArtifactReport("features", "features", 2, "features", 1, PEPTIDES_HASH, params, null, null, 1);
    assertTrue(
        SidecarJson.toJson(report)
            .contains(
                "  \"params\": {\n    \"charges\": [\n      2,\n      3\n    ],\n"
                    + "    \"nn_env\": {\n      \"device\": \"cpu\",\n      \"threads\": 4\n    }\n  },\n"),
        SidecarJson.toJson(report));
  }

  @Test
  void stats_keys_are_sorted_on_write_whatever_map_was_given() {
    java.util.LinkedHashMap<String, JsonNode> unsorted = new java.util.LinkedHashMap<>();
    unsorted.put("zeta", NODES.numberNode(1));
    unsorted.put("alpha", NODES.numberNode(2));
    SortedMap<String, JsonNode> stats = new TreeMap<>(java.util.Comparator.reverseOrder());
    stats.putAll(unsorted);
    ArtifactReport report =
        new ArtifactReport("features", "features", 2, "features", 1, PEPTIDES_HASH, null, stats, null, 1);
    assertTrue(SidecarJson.toJson(report).contains("\"stats\": {\n    \"alpha\": 2,\n    \"zeta\": 1\n  },"));
    assertEquals(List.of("alpha", "zeta"), List.copyOf(report.stats().keySet()));
  }

  @Test
  void the_record_cannot_be_changed_through_its_json_trees() {
    ObjectNode params = NODES.objectNode().put("a", 1);
    ArtifactReport report =
        new ArtifactReport("x", "x", 1, "s", 1, PEPTIDES_HASH, params, null, null, 1);
    params.put("a", 2);
    ((ObjectNode) report.params()).put("a", 3);
    assertEquals(1, report.params().get("a").intValue());
    assertThrows(UnsupportedOperationException.class, () -> report.stats().put("k", NODES.nullNode()));
  }

  @Test
  void invalid_values_are_refused_with_the_json_field_name() {
    IllegalArgumentException rows =
        assertThrows(IllegalArgumentException.class,
            () -> new ArtifactReport("x", "x", 1, "s", -1, PEPTIDES_HASH, null, null, null, 1));
    assertEquals("rows must be >= 0, got -1", rows.getMessage());
    IllegalArgumentException elapsed =
        assertThrows(IllegalArgumentException.class,
            () -> new ArtifactReport("x", "x", 1, "s", 1, PEPTIDES_HASH, null, null, null, -5));
    assertEquals("elapsed_ms must be >= 0, got -5", elapsed.getMessage());
    IllegalArgumentException hash =
        assertThrows(IllegalArgumentException.class,
            () -> new ArtifactReport("x", "x", 1, "s", 1, PEPTIDES_HASH.toUpperCase(), null, null, null, 1));
    assertEquals(
        "content_hash must be 64 lower-case hex digits (a blake3 digest), got \"" + PEPTIDES_HASH.toUpperCase() + "\"",
        hash.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new ArtifactReport("x", "x", 1, "s", 1, "abc", null, null, null, 1));
    assertThrows(NullPointerException.class,
        () -> new ArtifactReport(null, "x", 1, "s", 1, PEPTIDES_HASH, null, null, null, 1));
  }

  @Test
  void a_duplicate_key_is_refused_with_its_location() throws IOException {
    String json = reportWith("stage", "\"digest\",\n  \"rows\": 1");
    Path p = Fixtures.write(dir, "dup.report.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": parsing json: duplicate key \"rows\" at /rows, line 7, column 9", e.getMessage());
    assertEquals(p, e.file().orElseThrow());
  }

  @Test
  void a_duplicate_key_inside_stats_is_refused_with_its_location() throws IOException {
    String json =
        Fixtures.resource("peptides.parquet.report.json")
            .replace("\"n_decoys\": 61728,", "\"n_decoys\": 61728,\n    \"n_decoys\": 1,");
    Path p = Fixtures.write(dir, "dup.report.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": parsing json: duplicate key \"n_decoys\" at /stats/n_decoys, line 21, column 15",
        e.getMessage());
  }

  @Test
  void a_missing_field_is_named() throws IOException {
    String json = Fixtures.resource("peptides.parquet.report.json").replace("  \"stage\": \"digest\",\n", "");
    Path p = Fixtures.write(dir, "r.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": parsing json: missing field stage", e.getMessage());
  }

  @Test
  void a_wrong_type_names_the_field_and_the_value() throws IOException {
    Path p = Fixtures.write(dir, "r.json", reportWith("rows", "\"123456\""));
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": parsing json: field rows: expected an unsigned integer (u64), got string \"123456\"",
        e.getMessage());

    Path f = Fixtures.write(dir, "f.json", reportWith("schema_version", "1.0"));
    ArtifactException fe = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(f));
    assertEquals(f + ": parsing json: field schema_version: expected an unsigned integer (u32), got float 1.0",
        fe.getMessage());

    Path n = Fixtures.write(dir, "n.json", reportWith("schema_name", "null"));
    ArtifactException ne = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(n));
    assertEquals(n + ": parsing json: field schema_name: expected a string, got null", ne.getMessage());
  }

  @Test
  void a_u64_beyond_a_java_long_is_refused_not_wrapped() throws IOException {
    Path p = Fixtures.write(dir, "r.json", reportWith("rows", "18446744073709551615"));
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(
        p + ": parsing json: field rows: 18446744073709551615 is a valid u64 but does not fit a Java long (max "
            + "9223372036854775807)",
        e.getMessage());

    Path over = Fixtures.write(dir, "o.json", reportWith("rows", "18446744073709551616"));
    ArtifactException oe = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(over));
    assertEquals(over + ": parsing json: field rows: 18446744073709551616 is out of range for u64",
        oe.getMessage());

    Path neg = Fixtures.write(dir, "n.json", reportWith("rows", "-1"));
    ArtifactException ne = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(neg));
    assertEquals(neg + ": parsing json: field rows: -1 is out of range for u64", ne.getMessage());
  }

  @Test
  void a_u128_elapsed_time_beyond_a_java_long_is_refused_and_the_largest_long_is_read() throws IOException {
    Path p = Fixtures.write(dir, "r.json", reportWith("elapsed_ms", "9223372036854775808"));
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(
        p + ": parsing json: field elapsed_ms: 9223372036854775808 is a valid u128 but does not fit a Java long "
            + "(max 9223372036854775807)",
        e.getMessage());
    Path ok = Fixtures.write(dir, "ok.json", reportWith("elapsed_ms", "9223372036854775807"));
    assertEquals(Long.MAX_VALUE, SidecarJson.readReport(ok).elapsedMs());
  }

  @Test
  void a_bad_content_hash_in_a_file_is_refused_naming_the_file() throws IOException {
    Path p = Fixtures.write(dir, "r.json", reportWith("content_hash", "\"deadbeef\""));
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(
        p + ": parsing json: content_hash must be 64 lower-case hex digits (a blake3 digest), got \"deadbeef\"",
        e.getMessage());
  }

  @Test
  void unknown_report_fields_are_kept_and_written_after_the_known_ones() throws IOException {
    String json =
        Fixtures.resource("peptides.parquet.report.json")
            .replace("  \"elapsed_ms\": 842\n}",
                "  \"elapsed_ms\": 842,\n  \"peak_rss_mb\": 512,\n  \"host\": \"n1\"\n}");
    ArtifactReport read = SidecarJson.readReport(Fixtures.write(dir, "r.json", json));
    assertEquals(List.of("host", "peak_rss_mb"), List.copyOf(read.extra().keySet()));
    assertTrue(
        SidecarJson.toJson(read).endsWith("  \"elapsed_ms\": 842,\n  \"host\": \"n1\",\n  \"peak_rss_mb\": 512\n}"));
    Path again = dir.resolve("again.json");
    SidecarJson.write(again, read);
    assertEquals(read, SidecarJson.readReport(again));
  }

  @Test
  void a_failed_write_leaves_the_previous_file_untouched_and_no_temporary_file() throws IOException {
    Path artifact = dir.resolve("peptides.parquet");
    Fixtures.digestReport().writeFor(artifact);
    Path sidecar = ArtifactReport.sidecarPathFor(artifact);
    byte[] before = Files.readAllBytes(sidecar);

    ObjectNode params = NODES.objectNode();
    params.putPOJO("unserialisable", new Object()); // Jackson has no serializer for a bare Object
    ArtifactReport bad =
        new ArtifactReport("peptides", "peptides", 1, "digest", 1, PEPTIDES_HASH, params, null, null, 1);
    ArtifactException e = assertThrows(ArtifactException.class, () -> bad.writeFor(artifact));
    assertTrue(e.getMessage().startsWith(sidecar + ": writing json: "), e.getMessage());
    assertTrue(e.getMessage().contains("java.lang.Object"), e.getMessage());

    assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(sidecar));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          List.of("peptides.parquet.report.json"),
          files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList()));
    }
  }

  @Test
  void the_sidecar_path_appends_the_suffix_to_the_whole_file_name() {
    assertEquals(Path.of("out/a.parquet.report.json"), ArtifactReport.sidecarPathFor(Path.of("out/a.parquet")));
    assertEquals(Path.of("x.report.json"), ArtifactReport.sidecarPathFor(Path.of("x")));
    assertFalse(ArtifactReport.sidecarPathFor(Path.of("/r/b[g01].parquet")).toString().contains("..."));
  }
}
