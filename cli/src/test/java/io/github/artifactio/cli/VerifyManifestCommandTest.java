package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SidecarJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify-manifest}: a run folder checked as the plugin checks it, with its messages and exit codes. */
class VerifyManifestCommandTest {
  @TempDir Path dir;

  /** A run folder: one DuckDB-written artifact recorded under a schema of our own. */
  private Path run() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Path scores = TestFiles.duckdb(run.resolve("scores.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    String config = "{\"seed\":1}";
    Manifest m = Manifest.of("cli-test", config, Blake3.hashString(config).hex()).record(ArtifactRecords.record(
        "scores", new SchemaId("scores", 1), run, scores, 40, "score", Blake3.hashString(config).hex()));
    SidecarJson.write(run.resolve("manifest.json"), m);
    return run;
  }

  @Test
  void a_run_whose_schema_is_named_passes_and_an_unregistered_schema_fails_with_the_plugins_message()
      throws IOException {
    Path run = run();
    Cli.Result ok = Cli.run("verify-manifest", run.toString(), "--schema", "scores@1");
    assertEquals(Main.PASS, ok.code(), ok.toString());
    assertTrue(ok.out().contains("2 files, 10 checks: 10 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED"), ok.out());
    Cli.Result unknown = Cli.run("verify-manifest", run.toString());
    assertEquals(Main.FAILED, unknown.code(), unknown.toString());
    assertTrue(unknown.out().contains("[ERROR] [manifest-schema] manifest.json#scores: "), unknown.out());
  }

  @Test
  void a_tampered_file_fails_with_both_hashes_named() throws IOException {
    Path run = run();
    String recorded = Blake3.hashFile(run.resolve("scores.parquet")).hex();
    TestFiles.duckdb(run.resolve("scores.parquet"), "SELECT i + 1 AS id FROM range(40) t(i)", "COMPRESSION snappy");
    Cli.Result r = Cli.run("verify-manifest", run.toString(), "--schema", "scores@1", "--rules", "manifest-hash");
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.out().contains("[ERROR] [manifest-hash] manifest.json#scores: content_hash is " + recorded
        + " but the blake3 of scores.parquet is " + Blake3.hashFile(run.resolve("scores.parquet")).hex()
        + " (1 violation)"), r.out());
    assertTrue(Files.isRegularFile(run.resolve("manifest.json")));
  }

  @Test
  void a_malformed_schema_identifier_is_a_misconfiguration() throws IOException {
    Cli.Result r = Cli.run("verify-manifest", run().toString(), "--schema", "scores");
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("artifact-io verify-manifest is misconfigured: --schema: "), r.err());
  }

  @Test
  void severities_from_a_configuration_file_make_a_rule_a_warning() throws IOException {
    Path run = run();
    Path config = Files.writeString(dir.resolve("severities.json"),
        "{\"severities\": {\"manifest-schema\": \"WARN\"}}");
    Cli.Result r = Cli.run("verify-manifest", run.toString(), "--config", config.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertTrue(r.out().contains("[WARN] [manifest-schema] manifest.json#scores: "), r.out());
  }
}
