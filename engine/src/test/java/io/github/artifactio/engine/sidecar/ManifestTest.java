package io.github.artifactio.engine.sidecar;

import static io.github.artifactio.engine.sidecar.Fixtures.CONFIG_HASH;
import static io.github.artifactio.engine.sidecar.Fixtures.PEPTIDES_HASH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
  @TempDir Path dir;

  @Test
  void the_writer_prints_the_rust_engines_two_artifact_manifest_byte_for_byte() throws IOException {
    assertEquals(Fixtures.resource("manifest.json"), SidecarJson.toJson(Fixtures.twoArtifactManifest()));
    Path out = dir.resolve("run/out/manifest.json"); // parent folders are created
    SidecarJson.write(out, Fixtures.twoArtifactManifest());
    assertEquals(Fixtures.resource("manifest.json"), Files.readString(out));
  }

  @Test
  void reading_the_rust_engines_manifest_gives_the_equal_record() throws IOException {
    Manifest read = SidecarJson.readManifest(Fixtures.copy("manifest.json", dir, "manifest.json"));
    assertEquals(Fixtures.twoArtifactManifest(), read);
    assertEquals(SchemaId.parse("psms_scored@3"), read.get("psms_scored").orElseThrow().schemaId());
    assertEquals(Optional.empty(), read.get("features"));
    assertEquals(List.of("peptides", "psms_scored"), List.copyOf(read.artifacts().keySet()));
    assertTrue(read.extra().isEmpty());
  }

  @Test
  void unknown_top_level_fields_of_a_newer_manifest_are_kept_and_written_back() throws IOException {
    Path p = Fixtures.copy("manifest-newer.json", dir, "manifest.json");
    Manifest read = SidecarJson.readManifest(p);
    assertEquals(List.of("argv", "classifier_feature_schema_id", "git_sha", "timings"),
        List.copyOf(read.extra().keySet()));
    assertEquals("run", read.extra().get("argv").get(1).textValue());
    assertEquals(Fixtures.twoArtifactManifest(), new Manifest(read.mumdiaVersion(), read.configJson(),
        read.configHash(), read.modelIdentities(), read.artifacts(), null));
    // written after the known fields, in key order: this file already was, so the bytes come back unchanged
    assertEquals(Fixtures.resource("manifest-newer.json"), SidecarJson.toJson(read));
    Path again = dir.resolve("again.json");
    SidecarJson.write(again, read);
    assertEquals(read, SidecarJson.readManifest(again));
  }

  @Test
  void an_unknown_field_between_known_ones_is_kept_and_moved_after_them() throws IOException {
    String json =
        Fixtures.resource("manifest.json")
            .replace("  \"config_hash\": ", "  \"git_sha\": \"769b2f9\",\n  \"config_hash\": ");
    Manifest read = SidecarJson.readManifest(Fixtures.write(dir, "m.json", json));
    assertEquals("769b2f9", read.extra().get("git_sha").textValue());
    assertTrue(SidecarJson.toJson(read).endsWith("  },\n  \"git_sha\": \"769b2f9\"\n}"));
  }

  @Test
  void unknown_fields_inside_an_artifact_record_are_kept_too() throws IOException {
    String json =
        Fixtures.resource("manifest.json")
            .replace("      \"producing_stage\": \"digest\",\n",
                "      \"producing_stage\": \"digest\",\n      \"publish\": \"hard_link\",\n");
    Manifest read = SidecarJson.readManifest(Fixtures.write(dir, "m.json", json));
    assertEquals("hard_link", read.get("peptides").orElseThrow().extra().get("publish").textValue());
    assertTrue(SidecarJson.toJson(read).contains(
        "      \"config_hash\": \"" + CONFIG_HASH + "\",\n      \"publish\": \"hard_link\"\n    },\n"));
  }

  @Test
  void a_duplicate_key_inside_an_artifact_record_is_refused_with_its_location() throws IOException {
    String json =
        Fixtures.resource("manifest.json")
            .replace("      \"rows\": 98765,\n", "      \"rows\": 98765,\n      \"rows\": 1,\n");
    Path p = Fixtures.write(dir, "manifest.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(p));
    assertEquals(p + ": parsing json: duplicate key \"rows\" at /artifacts/psms_scored/rows, line 28, column 13",
        e.getMessage());
  }

  @Test
  void a_duplicate_top_level_key_is_refused_with_its_location() throws IOException {
    String json = Fixtures.resource("manifest.json").replace("{\n", "{\n  \"config_hash\": \"x\",\n");
    Path p = Fixtures.write(dir, "manifest.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(p));
    assertEquals(p + ": parsing json: duplicate key \"config_hash\" at /config_hash, line 5, column 16",
        e.getMessage());
  }

  @Test
  void a_bad_artifact_record_is_named_by_its_key() throws IOException {
    String json = Fixtures.resource("manifest.json").replace("\"rows\": 98765", "\"rows\": 98765.5");
    Path p = Fixtures.write(dir, "m.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(p));
    assertEquals(
        p + ": parsing json: field artifacts[\"psms_scored\"].rows: expected an unsigned integer (u64), got float "
            + "98765.5",
        e.getMessage());

    String badHash =
        Fixtures.resource("manifest.json").replace("\"content_hash\": \"" + PEPTIDES_HASH, "\"content_hash\": \"x");
    Path h = Fixtures.write(dir, "h.json", badHash);
    ArtifactException he = assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(h));
    assertEquals(
        h + ": parsing json: artifacts[\"peptides\"]: content_hash must be 64 lower-case hex digits (a blake3 "
            + "digest), got \"x\"",
        he.getMessage());

    String missing = Fixtures.resource("manifest.json").replaceFirst("      \"format\": \"parquet\",\n", "");
    Path m = Fixtures.write(dir, "missing.json", missing);
    assertEquals(m + ": parsing json: missing field artifacts[\"peptides\"].format",
        assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(m)).getMessage());
  }

  @Test
  void an_artifact_key_that_is_not_its_records_logical_name_is_refused() throws IOException {
    String json = Fixtures.resource("manifest.json").replace("    \"peptides\": {", "    \"peptides_old\": {");
    Path p = Fixtures.write(dir, "m.json", json);
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(p));
    assertEquals(
        p + ": parsing json: artifacts[\"peptides_old\"] holds the record of \"peptides\"; the key must be its "
            + "logical_name",
        e.getMessage());
  }

  @Test
  void record_inserts_by_logical_name_and_replaces_an_earlier_record() {
    Manifest empty = Manifest.of("0.1.0", "{}", CONFIG_HASH);
    ArtifactRecord first = new ArtifactRecord("peptides", "a.parquet", ArtifactRecord.FORMAT_PARQUET, "peptides", 1,
        10, PEPTIDES_HASH, "digest", CONFIG_HASH);
    ArtifactRecord second = new ArtifactRecord("peptides", "b.parquet", ArtifactRecord.FORMAT_PARQUET, "peptides", 1,
        20, PEPTIDES_HASH, "digest", CONFIG_HASH);
    Manifest once = empty.record(first);
    Manifest twice = once.record(second);
    assertEquals(Optional.of(first), once.get("peptides"));
    assertEquals(Optional.of(second), twice.get("peptides"));
    assertEquals(1, twice.artifacts().size());
    assertTrue(empty.artifacts().isEmpty(), "record returns a new manifest");
    assertThrows(UnsupportedOperationException.class, () -> twice.artifacts().clear());
  }

  @Test
  void an_empty_manifest_prints_empty_maps_as_serde_does() {
    assertEquals(
        "{\n  \"mumdia_version\": \"0.1.0\",\n  \"config_json\": \"{}\",\n  \"config_hash\": \"" + CONFIG_HASH
            + "\",\n  \"model_identities\": {},\n  \"artifacts\": {}\n}",
        SidecarJson.toJson(Manifest.of("0.1.0", "{}", CONFIG_HASH)));
  }

  @Test
  void an_extra_field_may_not_shadow_a_known_one() {
    TreeMap<String, com.fasterxml.jackson.databind.JsonNode> extra = new TreeMap<>();
    extra.put("artifacts", Fixtures.NODES.nullNode());
    assertThrows(IllegalArgumentException.class, () -> new Manifest("v", "{}", CONFIG_HASH, null, null, extra));
  }

  @Test
  void a_single_artifact_record_round_trips_on_its_own() throws IOException {
    ArtifactRecord record = Fixtures.twoArtifactManifest().get("peptides").orElseThrow();
    Path p = dir.resolve("record.json");
    SidecarJson.write(p, record);
    assertEquals(record, SidecarJson.readRecord(p));
    assertTrue(Files.readString(p).startsWith("{\n  \"logical_name\": \"peptides\",\n  \"path\": "));
  }
}
