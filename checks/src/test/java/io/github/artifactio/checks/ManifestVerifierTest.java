package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestVerifierTest {
  @TempDir Path dir;

  private static final SchemaId PRECURSORS = SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS;
  private static final String CONFIG = "{\"seed\":7}";

  /** A run folder as the demo writes it: one artifact, its report sidecar, the manifest. */
  private Path goodRun() {
    Path artifact = Inputs.precursors(dir.resolve("run/precursors.parquet"), 50, 20);
    TableWriter.writeTable(artifact, io.github.artifactio.engine.table.Table.read(artifact).columns(),
        WriteOptions.builder().rowGroupRows(20).schema(PRECURSORS).build());
    String configHash = Blake3.hashString(CONFIG).hex();
    ArtifactRecord r = ArtifactRecords.record("fragment_library_precursors", PRECURSORS, dir.resolve("run"),
        artifact, 50, "predict-frag", configHash);
    new ArtifactReport("fragment_library_precursors", PRECURSORS.name(), PRECURSORS.version(), "predict-frag", 50,
        r.contentHash(), null, new TreeMap<>(), null, 1).writeFor(artifact);
    Path m = dir.resolve("run/manifest.json");
    SidecarJson.write(m, Manifest.of("test", CONFIG, configHash).record(r));
    return m;
  }

  private static Map<String, Severity> all() {
    Map<String, Severity> m = new LinkedHashMap<>();
    RuleIds.VERIFY_MANIFEST.forEach(id -> m.put(id, Severity.ERROR));
    return m;
  }

  private Outcome verify(Path manifest) {
    try (EngineContext context = EngineContext.create("test-verify", 1)) {
      return new ManifestVerifier(SchemaRegistry.builtIn(), all(), null).verify(dir, List.of(manifest), context);
    }
  }

  private static List<String> messages(Outcome o) {
    return o.findings().stream().map(Finding::message).toList();
  }

  /** What {@link ManifestVerifier#read} and a shard's check finished with the file's digest give, in verify's order. */
  private List<io.github.artifactio.checks.result.RuleResult> inParts(Path manifest) {
    ManifestVerifier v = new ManifestVerifier(SchemaRegistry.builtIn(), all(), null);
    ManifestVerifier.ManifestRead read = v.read(dir, manifest);
    List<io.github.artifactio.checks.result.RuleResult> out = new java.util.ArrayList<>(read.results());
    for (ManifestVerifier.RecordRead r : read.records()) {
      String digest = r.file() == null ? null : Blake3.hashFile(r.file()).hex();
      out.addAll(ManifestVerifier.finish(v.checkExceptDigest(r), digest, null));
    }
    return out;
  }

  @Test
  void a_record_checked_apart_from_its_digest_and_finished_with_it_gives_verifys_results() throws IOException {
    Path m = goodRun();
    assertEquals(verify(m).results(), inParts(m));
    // the file changes after its sidecar and manifest were written: manifest-hash and manifest-report fail alike
    Path artifact = dir.resolve("run/precursors.parquet");
    Files.write(artifact, Files.readAllBytes(artifact), java.nio.file.StandardOpenOption.APPEND);
    List<io.github.artifactio.checks.result.RuleResult> parts = inParts(m);
    assertEquals(verify(m).results(), parts);
    assertTrue(parts.stream().anyMatch(r -> r.rule().equals(RuleIds.MANIFEST_REPORT) && r.status() == Status.FAIL),
        parts.toString());
  }

  @Test
  void a_manifest_written_by_the_engine_passes_every_rule() {
    Outcome o = verify(goodRun());
    assertEquals(List.of(), messages(o));
    assertEquals(List.of("run/manifest.json", "run/manifest.json#fragment_library_precursors"), o.files());
    assertEquals(RuleIds.VERIFY_MANIFEST.size(), o.results().size());
    assertTrue(o.results().stream().allMatch(r -> r.status() == Status.PASS), o.results().toString());
  }

  @Test
  void past_the_threshold_the_files_are_hashed_in_a_vector_child_jvm_with_the_same_verdicts() throws IOException {
    Path m = goodRun();
    String recorded = SidecarJson.readManifest(m).artifacts().get("fragment_library_precursors").contentHash();
    Files.writeString(m, Files.readString(m).replace(recorded, "0".repeat(64)));
    ManifestVerifier v = new ManifestVerifier(SchemaRegistry.builtIn(), all(), null)
        .hashing(io.github.artifactio.engine.hash.FileHashing.builder().forkAbove(0));
    Outcome forked;
    try (EngineContext context = EngineContext.create("test-verify", 1)) {
      forked = v.verify(dir, List.of(m), context);
    }
    assertEquals(messages(verify(m)), messages(forked));
    assertEquals(1, forked.findings().size());
    String backend = io.github.artifactio.engine.hash.Blake3.backend();
    assertEquals(backend.equals("scalar")
        ? "hashed 1 file in a child JVM with the Vector API (this JVM has the scalar back end)"
        : "hashed 1 file in this JVM (" + backend + " back end)", v.hashingNote());
  }

  @Test
  void a_hash_mismatch_names_both_hashes() throws IOException {
    Path m = goodRun();
    String text = Files.readString(m);
    String recorded = SidecarJson.readManifest(m).artifacts().get("fragment_library_precursors").contentHash();
    Files.writeString(m, text.replace(recorded, "0".repeat(64)));
    Outcome o = verify(m);
    assertEquals(List.of("[manifest-hash] run/manifest.json#fragment_library_precursors: content_hash is "
        + "0".repeat(64) + " but the blake3 of precursors.parquet is " + recorded + " (1 violation)"), messages(o));
  }

  @Test
  void a_path_with_a_trailing_separator_or_an_empty_segment_is_refused() throws IOException {
    Path m = goodRun();
    String good = Files.readString(m);
    Files.writeString(m, good.replace("\"precursors.parquet\"", "\"precursors.parquet/\""));
    assertEquals(List.of("[manifest-path] run/manifest.json#fragment_library_precursors: path \"precursors.parquet/\""
        + " ends with a separator, so it names a folder; an artifact's path names its file (1 violation)"),
        messages(verify(m)));
    Files.writeString(m, good.replace("\"precursors.parquet\"", "\"./precursors.parquet\""));
    assertEquals(List.of("[manifest-path] run/manifest.json#fragment_library_precursors: path \"./precursors.parquet\""
        + " is not in its plain form (an empty or '.' segment); write the path as the file's relative name (1"
        + " violation)"), messages(verify(m)));
  }

  @Test
  void a_manifest_whose_config_is_one_50_mb_string_is_read() throws IOException {
    String config = "{\"blob\":\"" + "x".repeat(50 << 20) + "\"}";
    Path m = goodRun();
    String configHash = Blake3.hashString(config).hex();
    Manifest read = SidecarJson.readManifest(m);
    Manifest big = Manifest.of("test", config, configHash);
    for (ArtifactRecord r : read.artifacts().values()) {
      big = big.record(r);
    }
    SidecarJson.write(m, big);
    assertTrue(Files.size(m) > 50 << 20);
    assertEquals(List.of(), messages(verify(m)), "Jackson's default 20 MB string cap no longer refuses it");
    assertEquals(config, SidecarJson.readManifest(m).configJson());
  }

  @Test
  void a_path_that_leaves_the_manifest_folder_is_refused_without_reading_it() throws IOException {
    Path m = goodRun();
    Files.copy(dir.resolve("run/precursors.parquet"), dir.resolve("outside.parquet"));
    Files.writeString(m, Files.readString(m).replace("\"precursors.parquet\"", "\"../outside.parquet\""));
    assertEquals(List.of("[manifest-path] run/manifest.json#fragment_library_precursors: path \"../outside.parquet\""
        + " contains '..'; paths must stay inside the manifest's folder (1 violation)"), messages(verify(m)));
    Files.writeString(m, Files.readString(m).replace("\"../outside.parquet\"",
        "\"" + dir.resolve("outside.parquet") + "\""));
    assertEquals(List.of("[manifest-path] run/manifest.json#fragment_library_precursors: path \""
        + dir.resolve("outside.parquet") + "\" is absolute; paths must be relative to the manifest's folder (1"
        + " violation)"), messages(verify(m)));
    Files.createSymbolicLink(dir.resolve("run/link.parquet"), dir.resolve("outside.parquet"));
    Files.writeString(m, Files.readString(m).replace("\"" + dir.resolve("outside.parquet") + "\"",
        "\"link.parquet\""));
    assertEquals(List.of("[manifest-path] run/manifest.json#fragment_library_precursors: path \"link.parquet\" leads"
        + " out of the manifest's folder through a symbolic link, to " + dir.resolve("outside.parquet").toRealPath()
        + " (1 violation)"), messages(verify(m)));
  }

  @Test
  void a_duplicate_key_fails_manifest_json_with_its_location() throws IOException {
    Path m = goodRun();
    Files.writeString(m,
        Files.readString(m).replaceFirst("\"config_hash\"", "\"config_json\": \"x\",\n  \"config_hash\""));
    List<String> msgs = messages(verify(m));
    assertEquals(1, msgs.size());
    assertTrue(msgs.get(0).startsWith("[manifest-json] run/manifest.json: parsing json: Duplicate"
        + " field 'config_json'"), msgs.get(0));
  }

  @Test
  void a_key_that_is_not_the_logical_name_rows_that_disagree_and_an_unknown_schema_are_each_reported()
      throws IOException {
    Path m = goodRun();
    Files.writeString(m, Files.readString(m)
        .replace("\"fragment_library_precursors\": {", "\"precursors\": {")
        .replace("\"rows\": 50", "\"rows\": 51")
        .replace("\"schema_version\": 2", "\"schema_version\": 9"));
    assertEquals(List.of(
        "[manifest-key] run/manifest.json#precursors: the record is stored under the key \"precursors\" but its"
            + " logical_name is \"fragment_library_precursors\" (1 violation)",
        "[manifest-rows] run/manifest.json#precursors: rows is 51 but the footer of precursors.parquet counts 50 (1"
            + " violation)",
        "[manifest-schema] run/manifest.json#precursors: schema fragment_library_precursors@9 is not in the registry"
            + " (known versions of fragment_library_precursors: [1, 2]) (1 violation)",
        "[manifest-report] run/manifest.json#precursors: the sidecar precursors.parquet.report.json disagrees: rows"
            + " 50 (manifest: 51), schema fragment_library_precursors@2 (manifest: fragment_library_precursors@9) (1"
            + " violation)"),
        messages(verify(m)));
  }

  @Test
  void a_config_hash_that_is_not_the_blake3_of_config_json_is_reported() throws IOException {
    Path m = goodRun();
    String hash = Blake3.hashString(CONFIG).hex();
    Files.writeString(m, Files.readString(m).replace("\"config_json\": \"{\\\"seed\\\":7}\"",
        "\"config_json\": \"{\\\"seed\\\":8}\""));
    List<String> msgs = messages(verify(m));
    assertEquals(List.of("[manifest-config-hash] run/manifest.json: config_hash is " + hash + " but the blake3 of"
        + " config_json is " + Blake3.hashString("{\"seed\":8}").hex() + " (1 violation)"), msgs);
  }

  /** A run whose one record is a linked file, carrying its bounded fingerprint as the dataset form records it. */
  private Path linkedRun() throws IOException {
    Path m = goodRun();
    Path artifact = dir.resolve("run/precursors.parquet");
    com.fasterxml.jackson.databind.JsonNode f = io.github.artifactio.engine.concat.Fingerprint.of(artifact).toJson();
    Manifest manifest = SidecarJson.readManifest(m);
    ArtifactRecord r = manifest.artifacts().values().iterator().next();
    TreeMap<String, com.fasterxml.jackson.databind.JsonNode> extra = new TreeMap<>();
    extra.put("fingerprint", f);
    ArtifactRecord linked = new ArtifactRecord(r.logicalName(), r.path(), r.format(), r.schemaName(),
        r.schemaVersion(), r.rows(), r.contentHash(), r.producingStage(), r.configHash(), extra);
    SidecarJson.write(m, Manifest.of("test", CONFIG, r.configHash()).record(linked));
    return m;
  }

  @Test
  void a_linked_record_whose_fingerprint_matches_passes() throws IOException {
    Outcome o = verify(linkedRun());
    assertEquals(List.of(), messages(o));
    assertTrue(o.results().stream().anyMatch(r -> r.rule().equals(RuleIds.MANIFEST_FINGERPRINT)
        && r.status() == Status.PASS && r.observed().startsWith("matches")), o.results().toString());
  }

  @Test
  void a_linked_file_rewritten_in_place_fails_its_fingerprint_with_what_changed() throws IOException {
    Path m = linkedRun();
    Path artifact = dir.resolve("run/precursors.parquet");
    long size = Files.size(artifact);
    Files.write(artifact, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
    Outcome o = verify(m);
    assertTrue(messages(o).contains("[manifest-fingerprint] run/manifest.json#fragment_library_precursors: the linked"
        + " file precursors.parquet changed since its fingerprint was recorded: its size is " + (size + 1)
        + " bytes, recorded " + size + " (1 violation)"), messages(o).toString());
  }
}
