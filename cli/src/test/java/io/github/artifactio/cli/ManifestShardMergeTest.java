package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.shard.ManifestShards;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SidecarJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify-manifest --shard I/N} on every shard, then {@code merge}: the unsharded run's report, log and exit
 * code on manifests with findings (validation.json byte for byte: it holds no timings), and a refusal naming what
 * is wrong with a set that cannot be merged.
 */
class ManifestShardMergeTest {
  @TempDir Path dir;
  private Path run;
  private Path partials;

  /**
   * A run folder whose manifest has a good record, a file larger than 1 MiB (hashed in ranges at --split-mib 1), a
   * file changed after it was recorded, a wrong row count, a missing file and an unregistered schema; the first four
   * have report sidecars, which disagree with the changed file's digest and with the wrong row count.
   */
  @BeforeEach
  void runFolder() throws IOException {
    run = Files.createDirectories(dir.resolve("run"));
    partials = Files.createDirectory(dir.resolve("partials"));
    String config = "{\"seed\":1}";
    String configHash = Blake3.hashString(config).hex();
    Manifest m = Manifest.of("cli-test", config, configHash);
    Path good = TestFiles.duckdb(run.resolve("good.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    ArtifactRecord goodRecord = ArtifactRecords.record("good", new SchemaId("scores", 1), run, good, 40, "score",
        configHash);
    m = m.record(goodRecord);
    sidecar(goodRecord, good);
    Path big = TestFiles.duckdb(run.resolve("big.parquet"),
        "SELECT i AS id, md5(i::VARCHAR) AS h FROM range(120000) t(i)", "COMPRESSION uncompressed");
    ArtifactRecord bigRecord = ArtifactRecords.record("big", new SchemaId("scores", 1), run, big, 120000, "score",
        configHash);
    m = m.record(bigRecord);
    sidecar(bigRecord, big);
    Path changed = TestFiles.duckdb(run.resolve("changed.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    ArtifactRecord changedRecord =
        ArtifactRecords.record("changed", new SchemaId("scores", 1), run, changed, 40, "score",
            configHash);
    m = m.record(changedRecord);
    sidecar(changedRecord, changed);
    Path rows = TestFiles.duckdb(run.resolve("rows.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    ArtifactRecord rowsRecord = ArtifactRecords.record("rows", new SchemaId("scores", 1), run, rows, 41, "score",
        configHash);
    m = m.record(rowsRecord);
    sidecar(rowsRecord, rows);
    Path missing = TestFiles.duckdb(run.resolve("missing.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    m = m.record(ArtifactRecords.record("missing", new SchemaId("scores", 1), run, missing, 40, "score",
        configHash));
    Path schema = TestFiles.duckdb(run.resolve("schema.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    m = m.record(ArtifactRecords.record("schema", new SchemaId("unknown", 3), run, schema, 40, "score",
        configHash));
    SidecarJson.write(run.resolve("manifest.json"), m);
    TestFiles.duckdb(changed, "SELECT i + 1 AS id FROM range(40) t(i)", "COMPRESSION snappy");
    Files.delete(missing);
  }

  /** A sidecar that says 40 rows (the footer's, except for big.parquet) and the file's digest when recorded. */
  private static void sidecar(ArtifactRecord r, Path file) {
    new ArtifactReport(r.logicalName(), "scores", 1, "score", file.getFileName().toString().equals("big.parquet")
        ? 120000 : 40, r.contentHash(), null, new TreeMap<>(), null, 1).writeFor(file);
  }

  private static final List<String> OPTIONS = List.of("--schema", "scores@1", "--format", "json");

  private Cli.Result whole() {
    List<String> args = new ArrayList<>(List.of("verify-manifest"));
    args.addAll(OPTIONS);
    args.add(run.toString());
    return Cli.run(args.toArray(String[]::new));
  }

  private Cli.Result shard(String shard, String out, Map<String, String> env) {
    List<String> args = new ArrayList<>(List.of("--shard", shard, "--split-mib", "1", "--partial-out",
        partials.resolve(out).toString()));
    args.addAll(OPTIONS);
    args.add(run.toString());
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = Main.run(new VerifyManifestCommand().env(env), args, new PrintWriter(o, true),
        new PrintWriter(e, true));
    return new Cli.Result(code, o.toString(), Cli.withoutProgress(e.toString()));
  }

  private void allShards(int count) throws IOException {
    try (var s = Files.list(partials)) {
      for (Path p : s.toList()) {
        Files.delete(p);
      }
    }
    for (int i = 0; i < count; i++) {
      Cli.Result r = shard(i + "/" + count, "shard-" + i + ".json", Map.of());
      assertEquals(Main.PASS, r.code(), r.toString());
      assertEquals("", r.out());
    }
  }

  @Test
  void merged_shards_give_the_unsharded_report_and_exit_code_for_any_shard_count() throws IOException {
    Cli.Result whole = whole();
    assertEquals(Main.FAILED, whole.code(), whole.toString());
    for (String finding : List.of("[manifest-hash] manifest.json#changed", "[manifest-rows] manifest.json#rows",
        "[manifest-report] manifest.json#changed", "[manifest-report] manifest.json#rows",
        "[manifest-path] manifest.json#missing", "[manifest-schema] manifest.json#schema")) {
      assertTrue(whole.out().contains(finding), finding + " in " + whole.out());
    }
    for (int count : new int[] {1, 2, 3, 9}) {
      allShards(count);
      Cli.Result merged = Cli.run("merge", partials.toString());
      assertEquals(whole.code(), merged.code(), merged.toString());
      assertEquals(whole.out(), merged.out(), count + " shards");
      assertEquals(whole.err().lines().filter(l -> !l.contains("hashed")).toList(),
          merged.err().lines().filter(l -> !l.contains("hashed")).toList(), count + " shards");
    }
  }

  @Test
  void a_file_past_the_split_size_is_hashed_in_ranges_that_shards_share() throws IOException {
    allShards(3);
    long ranges = 0;
    int shardsWithBig = 0;
    for (int i = 0; i < 3; i++) {
      long here = Files.readString(partials.resolve("shard-" + i + ".json")).lines()
          .filter(l -> l.contains("\"path\"") && l.contains("big.parquet")).count();
      ranges += here;
      shardsWithBig += here > 0 ? 1 : 0;
    }
    assertTrue(ranges >= 4, ranges + " ranges");
    assertTrue(shardsWithBig >= 2, shardsWithBig + " shards");
  }

  @Test
  void a_hash_shard_and_a_verify_manifest_shard_are_refused_as_different_commands() throws IOException {
    allShards(2);
    Path file = Files.writeString(dir.resolve("a.txt"), "a");
    assertEquals(Main.PASS, Cli.run("hash", "--shard", "1/2", "--partial-out", partials.resolve("shard-1.json")
        .toString(), file.toString()).code());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: partial reports of different commands: " + partials.resolve("shard-0.json")
        + " is of verify-manifest, " + partials.resolve("shard-1.json") + " of hash\n", r.err());
  }

  @Test
  void in_text_mode_the_merge_logs_and_writes_the_reports_of_the_unsharded_run() throws IOException {
    Path reports = dir.resolve("reports");
    List<String> args = new ArrayList<>(List.of("verify-manifest", "--schema", "scores@1", "--report",
        reports.toString(), run.toString()));
    Cli.Result whole = Cli.run(args.toArray(String[]::new));
    String json = Files.readString(reports.resolve("validation.json"));
    String junit = Files.readString(reports.resolve("TEST-artifact-io.xml"));
    Files.delete(reports.resolve("validation.json"));
    Files.delete(reports.resolve("TEST-artifact-io.xml"));
    for (int i = 0; i < 2; i++) {
      List<String> shard = new ArrayList<>(List.of("verify-manifest", "--shard", i + "/2", "--split-mib", "1",
          "--partial-out", partials.resolve("shard-" + i + ".json").toString()));
      shard.addAll(args.subList(1, args.size()));
      assertEquals(Main.PASS, Cli.run(shard.toArray(String[]::new)).code());
    }
    assertTrue(Files.notExists(reports.resolve("validation.json")), "a shard writes no report");
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(whole.code(), merged.code(), merged.toString());
    assertEquals(whole.out().lines().filter(l -> !l.contains("hashed")).toList(), merged.out().lines().toList());
    assertEquals(json, Files.readString(reports.resolve("validation.json")));
    // the JUnit XML gives each test case its time
    assertEquals(junit.replaceAll("time=\"[^\"]*\"", ""), Files.readString(reports.resolve("TEST-artifact-io.xml"))
        .replaceAll("time=\"[^\"]*\"", ""));
  }

  @Test
  void a_range_that_could_not_be_hashed_is_that_records_manifest_hash_finding() throws IOException {
    allShards(1);
    Path partial = partials.resolve("shard-0.json");
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) ManifestShards.JSON.readTree(partial.toFile());
    String why = run.resolve("good.parquet") + ": changed since it was planned: its size was 1 bytes, now 2";
    for (com.fasterxml.jackson.databind.JsonNode u : root.get("units")) {
      if (u.path("record").asText().equals("manifest.json#good")) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) u).remove("part");
        ((com.fasterxml.jackson.databind.node.ObjectNode) u).put("error", why);
      }
    }
    ManifestShards.JSON.writeValue(partial.toFile(), root);
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, merged.code(), merged.toString());
    assertTrue(merged.out().contains("\"detail\" : \"" + why + "\""), merged.out());
    assertTrue(merged.out().contains("\"message\" : \"[manifest-hash] manifest.json#good: " + why
        + " (1 violation)\""), merged.out());
  }

  @Test
  void a_slurm_array_merges_to_the_unsharded_report() throws IOException {
    for (int id = 1; id <= 4; id++) {
      Cli.Result r = shard("slurm", "task-" + id + ".json", Map.of("SLURM_ARRAY_TASK_ID", "" + id,
          "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1"));
      assertEquals(Main.PASS, r.code(), r.toString());
    }
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(whole().out(), merged.out());
  }

  @Test
  void a_missing_shard_is_refused_naming_the_units_no_report_holds() throws IOException {
    allShards(3);
    Files.delete(partials.resolve("shard-1.json"));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.err().matches("artifact-io merge: shard 1/3 is missing; units \\d+ to \\d+ of \\d+ are in no partial"
        + " report\n"), r.err());
  }

  @Test
  void a_shard_given_twice_is_refused_naming_both_reports() throws IOException {
    allShards(2);
    Files.copy(partials.resolve("shard-1.json"), partials.resolve("shard-1-again.json"));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: shard 1/2 is in two partial reports: " + partials.resolve("shard-1-again.json")
        + " and " + partials.resolve("shard-1.json") + "\n", r.err());
  }

  @Test
  void shards_of_other_command_lines_are_refused_naming_both() throws IOException {
    allShards(2);
    List<String> args = new ArrayList<>(List.of("--shard", "1/2", "--split-mib", "1", "--partial-out",
        partials.resolve("shard-1.json").toString(), "--fail-on", "WARN", "--schema", "scores@1", "--format",
        "json", run.toString()));
    assertEquals(Main.PASS, Main.run(new VerifyManifestCommand(), args, new PrintWriter(new StringWriter()),
        new PrintWriter(new StringWriter())));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.err().startsWith("artifact-io merge: partial reports of different plans: "
        + partials.resolve("shard-0.json") + " and " + partials.resolve("shard-1.json")
        + " ran with other command lines: "), r.err());
  }

  @Test
  void a_manifest_changed_between_the_plans_of_two_shards_is_refused_naming_both_stamps() throws IOException {
    allShards(2);
    Files.setLastModifiedTime(run.resolve("manifest.json"), java.nio.file.attribute.FileTime.fromMillis(1000));
    assertEquals(Main.PASS, shard("1/2", "shard-1.json", Map.of()).code());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    long size = Files.size(run.resolve("manifest.json"));
    assertTrue(r.err().matches("artifact-io merge: partial reports of different plans: " + partials.resolve(
        "shard-0.json") + " and " + partials.resolve("shard-1.json") + " saw the manifests differently \\(path,"
        + " size, modification time\\): manifest.json " + size + " \\d+ and manifest.json " + size
        + " 1000000000\n"), r.err());
  }

  @Test
  void a_file_changed_between_the_plans_of_two_shards_is_refused_as_another_plan() throws IOException {
    allShards(2);
    Files.setLastModifiedTime(run.resolve("good.parquet"), java.nio.file.attribute.FileTime.fromMillis(1000));
    assertEquals(Main.PASS, shard("1/2", "shard-1.json", Map.of()).code());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.err().contains("(a record's file changed between them)"), r.err());
  }
}
