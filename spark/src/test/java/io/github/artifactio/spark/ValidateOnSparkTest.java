package io.github.artifactio.spark;

import io.github.artifactio.checks.GateLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.Verdict;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} as a Spark job on {@code local[2]}: the command line's validation.json and JUnit XML (times aside),
 * log and verdict on a corpus with findings (the repository's files of other writers and generated runs), and a task
 * that fails on a file is a finding on that file while the job goes on.
 */
class ValidateOnSparkTest {
  private static SparkSession spark;

  @TempDir Path dir;

  @BeforeAll
  static void start() {
    spark = SparkTests.session();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  /** A precursors table of {@code n} rows: ids 0..n-1 but for a gap when asked, m/z ascending unless told. */
  private static void precursors(Path file, int n, int groupRows, boolean gap, boolean descending) {
    int[] id = new int[n];
    double[] mz = new double[n];
    for (int i = 0; i < n; i++) {
      id[i] = gap && i >= n / 2 ? i + 1 : i;
      mz[i] = descending ? 900 - i * 0.01 : 400 + i * 0.01;
    }
    TableWriter.writeTable(file, List.of(new UInt32Column("candidate_id", id), new Float64Column("precursor_mz", mz)),
        WriteOptions.builder().rowGroupRows(groupRows).build());
  }

  /** A fragments table whose candidate ids are 0..n-1, past its precursors' rows when {@code n} is larger. */
  private static void fragments(Path file, int n) {
    int[] id = new int[n];
    double[] mz = new double[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      mz[i] = 100 + i;
    }
    TableWriter.writeTable(file, List.of(new UInt32Column("candidate_id", id), new Float64Column("fragment_mz", mz)),
        WriteOptions.builder().rowGroupRows(Math.max(1, n / 2)).build());
  }

  /** Runs whose files have findings of the contiguous-ids, ascending and references rules. */
  private Path corpus() {
    Path c = dir.resolve("corpus");
    for (int r = 0; r < 4; r++) {
      Path run = c.resolve("run" + r);
      try {
        Files.createDirectories(run);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      precursors(run.resolve("lib.precursors.parquet"), 40 + r, 7, r % 2 == 1, r == 2);
      fragments(run.resolve("lib.fragments.parquet"), r == 3 ? 60 : 30);
    }
    return c;
  }

  /** Units of a range of row groups the tasks checked. */
  private static final java.util.concurrent.atomic.AtomicInteger RANGES =
      new java.util.concurrent.atomic.AtomicInteger();

  private static final List<String> CONTRACTS = List.of("--contract", "library-precursors,library-fragments");

  @Test
  void the_reports_log_and_verdict_are_the_command_lines_on_a_corpus_with_findings() throws IOException {
    String testdata = System.getProperty("artifact-io.testdata");
    List<String> paths = List.of(corpus().toString(), Path.of(testdata, "writers").toString(), Path.of(testdata,
        "hostile").toString());
    Path cliReport = dir.resolve("cli-report");
    List<String> args = new ArrayList<>(List.of("validate", "--report", cliReport.toString()));
    args.addAll(CONTRACTS);
    args.addAll(paths);
    SparkTests.Cli cli = SparkTests.cli(args.toArray(String[]::new));
    assertEquals(1, cli.code(), "the corpus has findings: " + cli.err());
    for (String rule : List.of("structure", "codec", "contiguous-ids", "ascending", "references")) {
      assertTrue(cli.out().contains("[" + rule + "]"), rule + " has a finding: " + cli.out());
    }

    Path sparkReport = dir.resolve("spark-report");
    StringWriter log = new StringWriter();
    Verdict v = ArtifactChecks.validate(spark, paths, SparkTests.asTheCli().contract(
        "library-precursors,library-fragments").reportDir(sparkReport.toString()).log(GateLog.printing(
            new PrintWriter(log, true)))
        .build());

    assertFalse(v.passed());
    assertSameReports(cli, cliReport, log, sparkReport);
    assertTrue(cli.err().contains(v.failure().replace(sparkReport.toString(), cliReport.toString())),
        "the failure message: " + v.failure() + " in " + cli.err());
  }

  @Test
  void a_task_that_fails_on_a_file_is_a_finding_on_that_file_and_the_job_goes_on() throws IOException {
    Path c = corpus();
    StringWriter log = new StringWriter();
    ArtifactChecks.ValidateUnit failing = (job, plan, unit) -> {
      if (unit.path().endsWith("run1/lib.fragments.parquet")) {
        throw new IllegalStateException("the disk went away");
      }
      return ArtifactChecks.VALIDATE_UNIT.check(job, plan, unit);
    };
    Verdict v = ArtifactChecks.validate(spark, List.of(c.toString()), SparkOptions.builder().log(GateLog
        .printing(new PrintWriter(log, true))).build(), failing);

    assertFalse(v.passed());
    assertTrue(log.toString().contains("[ERROR] [structure] run1/lib.fragments.parquet: the Spark task checking it"
        + " failed: java.lang.IllegalStateException: the disk went away"), log.toString());
    assertTrue(log.toString().contains("8 files, 29 checks: 28 PASS, 0 WARN, 1 FAIL, 0 UNDETERMINED"),
        "every other file is checked and passes: " + log);
  }

  @Test
  void a_file_deleted_between_the_plan_and_its_task_is_a_finding_on_that_file() throws IOException {
    Path c = corpus();
    StringWriter log = new StringWriter();
    ArtifactChecks.ValidateUnit deleting = (job, plan, unit) -> {
      if (unit.path().endsWith("run0/lib.precursors.parquet")) {
        try {
          Files.delete(Path.of(unit.path()));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return ArtifactChecks.VALIDATE_UNIT.check(job, plan, unit);
    };
    Verdict v = ArtifactChecks.validate(spark, List.of(c.toString()), SparkOptions.builder().log(GateLog
        .printing(new PrintWriter(log, true))).build(), deleting);

    assertFalse(v.passed());
    assertTrue(log.toString().matches("(?s).*\\[ERROR] \\[structure] run0/lib\\.precursors\\.parquet: the file changed"
        + " while the shard checked it: planned as size \\d+ bytes, modified [^,]+, now size -1 bytes, modified"
        + " 1969-12-31T23:59:59.999999999Z; check it again.*"), log.toString());
  }

  @Test
  void a_file_checked_in_ranges_of_row_groups_by_several_tasks_gives_the_command_lines_reports_and_file_rows()
      throws IOException {
    // 300,000 rows in 15 row groups, over 3 MiB (random steps do not compress): three or more ranges at 1 MiB, an id
    // gap and a descending m/z step in different ranges
    int n = 300_000;
    int[] id = new int[n];
    double[] mz = new double[n];
    java.util.Random r = new java.util.Random(27);
    double x = 400;
    for (int i = 0; i < n; i++) {
      id[i] = i >= 250_000 ? i + 1 : i;
      x += i == 123_457 ? -1 : r.nextDouble() * 1e-3;
      mz[i] = x;
    }
    Path run = dir.resolve("big").resolve("run0");
    Files.createDirectories(run);
    Path file = run.resolve("lib.precursors.parquet");
    TableWriter.writeTable(file, List.of(new UInt32Column("candidate_id", id), new Float64Column("precursor_mz", mz)),
        WriteOptions.builder().rowGroupRows(20_000).build());
    assertTrue(Files.size(file) > 3 << 20, "the file is over 3 MiB: " + Files.size(file));
    Path cliReport = dir.resolve("cli-report");
    SparkTests.Cli cli = SparkTests.cli("validate", "--split-mib", "1", "--contract", "library-precursors",
        "--report", cliReport.toString(), dir.resolve("big").toString());
    assertEquals(1, cli.code(), cli.err());
    assertTrue(cli.out().contains("first offending row 250000"), "the id gap at the file's row: " + cli.out());
    assertTrue(cli.out().contains("first offending row 123457"), "the m/z step at the file's row: " + cli.out());

    Path sparkReport = dir.resolve("spark-report");
    StringWriter log = new StringWriter();
    RANGES.set(0);
    ArtifactChecks.ValidateUnit counting = (job, plan, unit) -> {
      if (unit.axis().equals(io.github.artifactio.engine.plan.WorkPlan.ROW_GROUPS)) {
        RANGES.incrementAndGet(); // local[2]: the executors are this JVM's threads
      }
      return ArtifactChecks.VALIDATE_UNIT.check(job, plan, unit);
    };
    Verdict v = ArtifactChecks.validate(spark, List.of(dir.resolve("big").toString()), SparkTests.asTheCli()
        .contract("library-precursors").splitMib(1).reportDir(sparkReport.toString()).log(GateLog.printing(
            new PrintWriter(log, true)))
        .build(), counting);

    assertTrue(RANGES.get() >= 3, "the file was checked in ranges by their tasks: " + RANGES.get());
    assertFalse(v.passed());
    assertSameReports(cli, cliReport, log, sparkReport);
  }

  /** The Spark run's validation.json, JUnit XML (times aside) and log are the command line's. */
  private static void assertSameReports(SparkTests.Cli cli, Path cliReport, StringWriter log, Path sparkReport)
      throws IOException {
    assertEquals(Files.readString(cliReport.resolve("validation.json")), Files.readString(sparkReport.resolve(
        "validation.json")), "validation.json");
    assertEquals(SparkTests.withoutTimes(cliReport.resolve("TEST-artifact-io.xml")), SparkTests.withoutTimes(
        sparkReport.resolve("TEST-artifact-io.xml")), "the JUnit XML");
    assertEquals(cli.out().replace(cliReport.toString(), sparkReport.toString()), log.toString(), "the log");
  }
}
