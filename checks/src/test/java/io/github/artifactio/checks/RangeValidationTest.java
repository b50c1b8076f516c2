package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.layout.SortingColumn;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file checked in ranges of its row groups, on an engine context's threads, reports exactly what the file checked
 * whole reports: the same {@code validation.json} and JUnit XML (times aside), for random files with findings of every
 * range rule at and beside the borders of their ranges, and for the repository's files from other writers.
 */
class RangeValidationTest {
  @TempDir Path dir;

  /** Rules that carry state across ranges, each configured so that the random files break it. */
  private static ValidationPlan plan() {
    List<CheckConfig> checks = List.of(new CheckConfig("structure").setFull(true),
        new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id")),
        new CheckConfig("ascending").setColumns(List.of("precursor_mz")),
        new CheckConfig("ascending").setColumns(List.of("rt")).setStrict(true),
        new CheckConfig("references").setColumns(List.of("candidate_id")).setTarget("target.bin"));
    return ValidationPlan.build(checks, List.of(), List.of(), List.of());
  }

  /** {@code validation.json} and the JUnit XML without times, of {@code files} checked with {@code splitBytes}. */
  private static String reports(ValidationPlan plan, Path root, List<Path> files, long splitBytes) {
    return reports(plan, root, files, splitBytes, null);
  }

  private static String reports(ValidationPlan plan, Path root, List<Path> files, long splitBytes,
      ResultCache cache) {
    try (EngineContext context = EngineContext.create("test-ranges", 1)) {
      return reports(new ParquetValidator(plan, cache, "test", splitBytes), root, files, context);
    }
  }

  private static String reports(ParquetValidator validator, Path root, List<Path> files, EngineContext context) {
    Outcome o = validator.validate(root, files, context);
    List<Reports.Run> runs = List.of(new Reports.Run(o, Severity.ERROR));
    try {
      Path junit = Files.createTempFile(root, "junit", ".xml");
      Reports.writeJunit(junit, runs);
      String xml = Files.readString(junit).replaceAll(" time=\"[0-9.]+\"", "");
      Files.delete(junit);
      // the opens differ: a range opens the file for each run of row groups it reads, the whole file once
      return (Reports.json(runs, "test", "test") + "\n" + xml)
          .replaceAll("\"files_opened\" : [0-9]+", "\"files_opened\" : (not compared)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The reports, their bytes read left out when a column could not be read: the whole-file scan of that column stops
   * where it fails, while the ranges after it still read theirs (each range counts what it read). Every other line,
   * and the bytes of a run where everything could be read, must be equal (the opens are never compared).
   */
  private static String reads(String reports) {
    if (reports.contains("\"undetermined\" : 0,")) {
      return reports;
    }
    return reports.replaceAll("\"bytes_read\" : [0-9]+", "\"bytes_read\" : (not compared)");
  }

  /** How many ranges {@code file} is checked in at {@code splitBytes}. */
  private static int ranges(Path file, long splitBytes) {
    PlannedFile p = ParquetValidator.plannedFile(file, splitBytes);
    return WorkPlan.rowGroupRanges(p.rowGroupBytes(), p.stamp().size(), splitBytes).size();
  }

  /**
   * A file of {@code rows} rows in row groups of {@code groupRows}, uncompressed, whose defects {@code random} places:
   * ids out of place and NULL, m/z falling back, NULL and NaN, rt repeating (strict order) and falling back, on the
   * first or last row of a row group (where ranges meet) as often as elsewhere; every row group declares rt ascending;
   * sometimes a page of one row group whose values no longer decode, or whose CRC no longer matches.
   */
  private static Path randomFile(Path file, Random random, int rows, int groupRows) {
    long[] ids = new long[rows];
    boolean[] idValid = new boolean[rows];
    double[] mz = new double[rows];
    boolean[] mzValid = new boolean[rows];
    long[] rt = new long[rows];
    for (int i = 0; i < rows; i++) {
      ids[i] = i;
      idValid[i] = true;
      mz[i] = 100 + i * 0.5;
      mzValid[i] = true;
      rt[i] = 10L * i;
    }
    int defects = random.nextInt(6);
    for (int d = 0; d < defects; d++) {
      int at = place(random, rows, groupRows);
      switch (random.nextInt(7)) {
        case 0 -> ids[at] = ids[at] + 1 + random.nextInt(3);
        case 1 -> idValid[at] = false;
        case 2 -> mz[at] = mz[at] - 1 - random.nextInt(50);
        case 3 -> mzValid[at] = false;
        case 4 -> mz[at] = Double.NaN;
        case 5 -> rt[at] = at == 0 ? rt[at] : rt[at - 1];
        default -> rt[at] = rt[at] - 15 - random.nextInt(30);
      }
    }
    List<Column> columns = List.of(new OptInt64Column("candidate_id", ids, idValid),
        new OptFloat64Column("precursor_mz", mz, mzValid), new Int64Column("rt", rt));
    TableWriter.writeTable(file, columns,
        WriteOptions.builder().rowGroupRows(groupRows).pageRows(Math.max(1, groupRows / 3))
            .codec(Codec.UNCOMPRESSED).build());
    TestFiles.declareSort(file, new SortingColumn(2, false, false));
    int broken = random.nextInt(4);
    if (broken > 0) {
      List<ChunkWalk> walks = new ArrayList<>();
      FileLayout.read(file).walkPages(walks::add);
      int group = random.nextInt((rows + groupRows - 1) / groupRows);
      PageLayout page = walks.stream().filter(w -> w.chunk().rowGroup() == group
          && w.chunk().path().equals("candidate_id")).findFirst().orElseThrow().pages().stream()
          .filter(pg -> pg.kind().isData()).reduce((a, b) -> b).orElseThrow();
      if (broken == 1) {
        TestFiles.breakLevels(file, page);
      } else {
        TestFiles.changePageBody(file, page, (body, attempt) -> body[body.length - 1] ^= (byte) (1 + attempt));
      }
    }
    return file;
  }

  /** A row at a row group's first or last row half of the time, anywhere else otherwise. */
  private static int place(Random random, int rows, int groupRows) {
    if (random.nextBoolean()) {
      return random.nextInt(rows);
    }
    int border = groupRows * (1 + random.nextInt(Math.max(1, (rows - 1) / groupRows)));
    return Math.min(rows - 1, random.nextBoolean() ? border : border - 1);
  }

  @Test
  void random_files_checked_in_random_ranges_report_what_they_report_checked_whole() {
    Property.forAll(Gens.longs(0, Long.MAX_VALUE)).named("ranges of row groups").tries(25).check(seed -> {
      Random random = new Random(seed);
      Path root = Files.createDirectories(dir.resolve("case-" + Long.toHexString(seed)));
      // the target of references: a file of a few rows, so that larger ids are findings
      TableWriter.writeTable(root.resolve("target.bin"),
          List.of(Int64Column.of("x", new long[30 + random.nextInt(300)])),
          WriteOptions.builder().build());
      List<Path> files = new ArrayList<>();
      for (int f = 0; f < 1 + random.nextInt(3); f++) {
        int groupRows = 3 + random.nextInt(60);
        files.add(randomFile(root.resolve("f" + f + ".parquet"), random, 1 + random.nextInt(300), groupRows));
      }
      ValidationPlan plan = plan();
      String whole = reads(reports(plan, root, files, Long.MAX_VALUE));
      long largest = files.stream().mapToLong(RangeValidationTest::size).max().orElseThrow();
      for (long split : new long[] {1, 1 + random.nextInt((int) largest), largest / 2 + 1}) {
        assertSameReports(whole, reads(reports(plan, root, files, split)), "split at " + split + " bytes");
      }
      Path first = files.get(0);
      assertEquals(FileLayout.read(first).rowGroups().size() > 1, ranges(first, 1) > 1,
          "at 1 byte, a file of several row groups is checked in several ranges");
    });
  }

  @Test
  void a_file_checked_in_ranges_is_stored_in_the_cache_and_answered_from_it_as_when_checked_whole() {
    Path root = dir.resolve("cached");
    Path file = randomFile(root.resolve("f.parquet"), new Random(27), 300, 20);
    List<Path> files = List.of(file);
    ValidationPlan plan = plan();
    String whole = reports(plan, root, files, Long.MAX_VALUE, new ResultCache(dir.resolve("cache-whole")));
    ResultCache cache = new ResultCache(dir.resolve("cache-ranges"));
    assertTrue(ranges(file, 1) > 1, "the file is checked in ranges");
    assertSameReports(whole, reports(plan, root, files, 1, cache), "a first run in ranges, with a cache");
    String again = reports(plan, root, files, 1, cache);
    assertTrue(again.contains("\"cached_files\" : 1,"), again);
    assertSameReports(reports(plan, root, files, Long.MAX_VALUE, new ResultCache(dir.resolve("cache-whole"))), again,
        "a second run, answered from the cache");
  }

  @Test
  void the_repositorys_files_from_other_writers_checked_in_ranges_report_what_they_report_whole() throws IOException {
    Path root = TestData.root();
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    ValidationPlan plan = ValidationPlan.build(List.of(new CheckConfig("structure").setFull(true)), List.of(),
        List.of(), List.of());
    // a few KiB: files of several row groups are cut into ranges of a few row groups, not one range per row group;
    // the files that stay whole are checked by the same code either way
    long splitBytes = 4096;
    List<Path> split = files.stream().filter(f -> ranges(f, splitBytes) > 1).toList();
    assertTrue(split.size() >= 3, "some of the repository's files have several row groups: " + split);
    assertSameReports(reads(reports(plan, root, split, Long.MAX_VALUE)), reads(reports(plan, root, split, splitBytes)),
        "split at " + splitBytes + " bytes");
  }

  @Test
  void one_file_on_two_workers_is_checked_in_two_ranges_at_once_and_reports_what_it_reports_whole() throws Exception {
    Path root = Files.createDirectories(dir.resolve("spread"));
    TableWriter.writeTable(root.resolve("target.bin"), List.of(Int64Column.of("x", new long[300])),
        WriteOptions.builder().build());
    Path file = randomFile(root.resolve("f.parquet"), new Random(26), 40_000, 5_000);
    ValidationPlan plan = plan(); // structure with full reads every chunk
    long least = size(file) / 3;
    Counted spread = counted(new ParquetValidator(plan, null, "test").withSpreadBytes(least), root, List.of(file));
    Counted whole = counted(new ParquetValidator(plan, null, "test").withSpreadBytes(least).withoutSpreading(), root,
        List.of(file));
    assertEquals(0, whole.tasks(), "checked whole, the calling thread alone checks the file");
    assertTrue(spread.tasks() > 0, "two ranges: the context's thread is given one");
    assertSameReports(reads(whole.reports()), reads(spread.reports()), "checked in ranges to keep two workers busy");
  }

  @Test
  void a_file_whose_rules_read_under_two_ranges_worth_of_its_chunks_stays_whole() throws Exception {
    Path root = Files.createDirectories(dir.resolve("narrow"));
    Path file = randomFile(root.resolve("f.parquet"), new Random(28), 40_000, 5_000);
    ValidationPlan plan = ValidationPlan.build(
        List.of(new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id"))), List.of(), List.of(),
        List.of());
    long ids = ParquetValidator.pageBytes(FileLayout.read(file), plan.rulesFor("f.parquet"));
    // the file is two ranges' worth, what its one rule reads not
    long least = size(file) / 2;
    assertTrue(ids > 0 && ids < 2 * least, "the ids are a part of the file: " + ids + " of " + size(file));
    assertEquals(0, counted(new ParquetValidator(plan, null, "test").withSpreadBytes(least), root, List.of(file))
        .tasks(), "what the rules read decides, not the file's size");
    assertTrue(counted(new ParquetValidator(plan, null, "test").withSpreadBytes(ids / 2), root, List.of(file))
        .tasks() > 0, "at half of what they read, two ranges");
  }

  @Test
  void a_file_is_cut_for_idle_workers_into_as_many_ranges_as_give_each_the_least_it_must_read() {
    long mib = 1 << 20;
    long least = 16 * mib;
    assertEquals(100 * mib, ParquetValidator.spreadSplit(100 * mib, 24 * mib, 2, least), "under two ranges' worth");
    assertEquals(50 * mib, ParquetValidator.spreadSplit(100 * mib, 32 * mib, 2, least));
    assertEquals((100 * mib + 2) / 3, ParquetValidator.spreadSplit(100 * mib, 60 * mib, 4, least),
        "three ranges, not four of 15 MiB read");
    assertEquals(100 * mib, ParquetValidator.spreadSplit(100 * mib, 100 * mib, 1, least), "one worker: whole");
  }

  /** What a validation reported, and how many tasks it handed a context of one thread. */
  private record Counted(String reports, int tasks) {}

  private static Counted counted(ParquetValidator validator, Path root, List<Path> files) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(1);
    AtomicInteger tasks = new AtomicInteger();
    try {
      Executor counting = task -> {
        tasks.incrementAndGet();
        pool.execute(task);
      };
      String reports = reports(validator, root, files, EngineContext.wrap(counting, 1));
      return new Counted(reports, tasks.get());
    } finally {
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  /** Equal reports, or a failure that shows the first line where they differ, with the lines around it. */
  private static void assertSameReports(String expected, String actual, String what) {
    String[] a = expected.split("\n", -1);
    String[] b = actual.split("\n", -1);
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String x = i < a.length ? a[i] : "(none)";
      String y = i < b.length ? b[i] : "(none)";
      if (!x.equals(y)) {
        StringBuilder around = new StringBuilder();
        for (int k = Math.max(0, i - 12); k < Math.min(a.length, i + 3); k++) {
          around.append(k == i ? "> " : "  ").append(a[k]).append('\n');
        }
        assertEquals(x, y, what + ": line " + (i + 1) + " differs; whole:\n" + around);
      }
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
