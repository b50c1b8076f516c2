package io.github.artifactio.spark;

import io.github.artifactio.checks.GateLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.Verdict;
import io.github.artifactio.checks.report.Reports;
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
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify-manifest} and {@code hash} as Spark jobs on {@code local[2]}, with a file larger than the split size
 * hashed in ranges by several tasks: the command line's report and verdict on a run folder with findings of every
 * manifest rule that needs a file, and b3sum's lines as {@code artifact-io hash} prints them; and
 * {@link SparkMain}'s exit codes and usage errors.
 */
class ManifestAndHashOnSparkTest {
  private static SparkSession spark;

  @TempDir Path dir;
  private Path run;

  @BeforeAll
  static void start() {
    spark = SparkTests.session();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  /**
   * A run folder whose manifest has a good record, a file larger than 1 MiB, a file changed after it was recorded, a
   * wrong row count, a missing file and an unregistered schema; the first four have report sidecars.
   */
  @BeforeEach
  void runFolder() throws IOException {
    run = Files.createDirectories(dir.resolve("run"));
    String config = "{\"seed\":1}";
    String configHash = Blake3.hashString(config).hex();
    Manifest m = Manifest.of("spark-test", config, configHash);
    Path good = TestFiles.duckdb(run.resolve("good.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    m = m.record(sidecar(ArtifactRecords.record("good", new SchemaId("scores", 1), run, good, 40, "score",
        configHash), good, 40));
    Path big = TestFiles.duckdb(run.resolve("big.parquet"),
        "SELECT i AS id, md5(i::VARCHAR) AS h FROM range(120000) t(i)", "COMPRESSION uncompressed");
    m = m.record(sidecar(ArtifactRecords.record("big", new SchemaId("scores", 1), run, big, 120000, "score",
        configHash), big, 120000));
    Path changed = TestFiles.duckdb(run.resolve("changed.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    m = m.record(sidecar(ArtifactRecords.record("changed", new SchemaId("scores", 1), run, changed, 40, "score",
        configHash), changed, 40));
    Path rows = TestFiles.duckdb(run.resolve("rows.parquet"), "SELECT i AS id FROM range(40) t(i)",
        "COMPRESSION snappy");
    m = m.record(sidecar(ArtifactRecords.record("rows", new SchemaId("scores", 1), run, rows, 41, "score",
        configHash), rows, 40));
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

  /** A sidecar that says {@code rows} rows and the file's digest when recorded. */
  private static ArtifactRecord sidecar(ArtifactRecord r, Path file, long rows) {
    new ArtifactReport(r.logicalName(), "scores", 1, "score", rows, r.contentHash(), null, new TreeMap<>(), null, 1)
        .writeFor(file);
    return r;
  }

  @Test
  void verify_manifest_gives_the_command_lines_report_output_and_verdict_with_ranges_hashed_by_several_tasks()
      throws IOException {
    assertTrue(Files.size(run.resolve("big.parquet")) > 2 << 20, "big.parquet is hashed in several 1 MiB ranges");
    Path cliReport = dir.resolve("cli-report");
    SparkTests.Cli cli = SparkTests.cli("verify-manifest", "--schema", "scores@1", "--format", "json", "--report",
        cliReport.toString(), run.toString());
    assertEquals(1, cli.code(), cli.err());
    for (String finding : List.of("[manifest-hash] manifest.json#changed", "[manifest-rows] manifest.json#rows",
        "[manifest-report] manifest.json#changed", "[manifest-path] manifest.json#missing",
        "[manifest-schema] manifest.json#schema")) {
      assertTrue(cli.out().contains(finding), finding + " in " + cli.out());
    }

    Path sparkReport = dir.resolve("spark-report");
    StringWriter log = new StringWriter();
    SparkOptions options = SparkTests.asTheCli().schemas(List.of("scores@1")).splitMib(1).reportDir(sparkReport
        .toString()).logResults(false).log(GateLog.printing(new PrintWriter(log, true))).build();
    Verdict v = ArtifactChecks.verifyManifest(spark, List.of(run.toString()), options);

    assertFalse(v.passed());
    assertEquals(cli.out(), Reports.json(v.runs(), options.tool(), options.version()), "the JSON output");
    assertEquals(Files.readString(cliReport.resolve("validation.json")), Files.readString(sparkReport.resolve(
        "validation.json")), "validation.json");
    assertEquals(SparkTests.withoutTimes(cliReport.resolve("TEST-artifact-io.xml")), SparkTests.withoutTimes(
        sparkReport.resolve("TEST-artifact-io.xml")), "the JUnit XML");
    assertTrue(cli.err().contains(v.failure().replace(sparkReport.toString(), cliReport.toString())), v.failure()
        + " in " + cli.err());
  }

  @Test
  void hash_prints_the_command_lines_b3sum_lines_for_files_hashed_whole_and_in_ranges() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty"));
    List<String> files = new ArrayList<>();
    for (String f : List.of("big.parquet", "good.parquet", "manifest.json", "big.parquet")) {
      files.add(run.resolve(f).toString());
    }
    files.add(empty.toString());
    List<String> cliArgs = new ArrayList<>(List.of("hash"));
    cliArgs.addAll(files);
    SparkTests.Cli cli = SparkTests.cli(cliArgs.toArray(String[]::new));
    assertEquals(0, cli.code(), cli.err());
    assertEquals(5, cli.out().lines().count(), "a file named twice has two lines: " + cli.out());

    List<String> sparkArgs = new ArrayList<>(List.of("hash", "--split-mib", "1"));
    sparkArgs.addAll(files);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SparkMain.run(spark, sparkArgs.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(
        err, true));

    assertEquals(0, code, err.toString());
    assertEquals(cli.out(), out.toString());
  }

  @Test
  void a_task_that_fails_on_a_record_is_that_records_manifest_hash_finding_and_the_job_goes_on() {
    // the small record's one unit, and the second of the big record's 1 MiB ranges
    ArtifactChecks.ManifestUnitCheck failing = (job, manifest, unit) -> {
      if (unit.display().equals("manifest.json#good") || unit.display().equals("manifest.json#big") && unit
          .from() == 1) {
        throw new IllegalStateException("the disk went away");
      }
      return ArtifactChecks.MANIFEST_UNIT.check(job, manifest, unit);
    };
    StringWriter log = new StringWriter();
    Verdict v = ArtifactChecks.verifyManifest(spark, List.of(run.toString()), SparkOptions.builder().schemas(List.of(
        "scores@1")).splitMib(1).log(GateLog.printing(new PrintWriter(log, true))).build(), failing);

    assertFalse(v.passed());
    for (String record : List.of("good", "big")) {
      assertTrue(log.toString().contains("[ERROR] [manifest-hash] manifest.json#" + record + ": the Spark task"
          + " checking it failed: java.lang.IllegalStateException: the disk went away (1 violation)"), log.toString());
    }
    assertTrue(log.toString().contains("[ERROR] [manifest-rows] manifest.json#rows: rows is 41 but the footer of"
        + " rows.parquet counts 40"), "the other records are checked: " + log);
  }

  @Test
  void a_task_that_fails_on_a_range_is_an_error_naming_the_file_and_the_other_units_are_hashed() {
    Path big = run.resolve("big.parquet");
    Path good = run.resolve("good.parquet");
    String bigPath = big.toString(); // what the task captures must serialise: a Path does not
    ArtifactChecks.HashUnit failing = (plan, unit) -> {
      if (unit.path().equals(bigPath) && unit.from() == 2) {
        throw new IllegalStateException("the disk went away");
      }
      return ArtifactChecks.HASH_UNIT.hash(plan, unit);
    };
    var merged = ArtifactChecks.hash(spark, List.of(good.toString(), big.toString()), SparkOptions.builder().splitMib(
        1).build(), failing);

    assertEquals(List.of(big + ": the Spark task hashing it failed: java.lang.IllegalStateException: the disk went"
        + " away"), merged.errors(), "one error, for the one failed unit, and the job ended");
  }

  @Test
  void spark_main_exits_as_the_command_line_does_and_refuses_its_sharding_options() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SparkMain.run(spark, new String[] {"verify-manifest", "--schema", "scores@1", run.toString()},
        new PrintWriter(out, true), new PrintWriter(err, true));
    SparkTests.Cli cli = SparkTests.cli("verify-manifest", "--schema", "scores@1", run.toString());
    assertEquals(cli.code(), code, err.toString());
    // the one line that differs: how the command line's JVM hashed; on Spark the executors hashed
    assertEquals(cli.out().replaceFirst("artifact-io verify-manifest: hashed 5 files in this JVM \\([^)]+\\)\n", ""),
        out.toString(), "the log and summary");

    StringWriter usage = new StringWriter();
    assertEquals(SparkMain.USAGE, SparkMain.run(spark, new String[] {"validate", "--shard", "0/2", run.toString()},
        new PrintWriter(new StringWriter(), true), new PrintWriter(usage, true)));
    assertTrue(usage.toString().startsWith("Unknown option: '--shard' (the command line's; a Spark job splits its"
        + " own work)\nUsage: spark-submit"), usage.toString());
  }
}
