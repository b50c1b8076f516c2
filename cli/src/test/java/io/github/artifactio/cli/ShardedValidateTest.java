package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate --shard I/N} on every shard, then {@code merge}: the same validation.json, JUnit XML (times aside),
 * output and exit code as {@code validate} on the same files, and refusals naming what is wrong with a set that
 * cannot be merged.
 */
class ShardedValidateTest {
  private static final List<String> CONTRACTS = List.of("--contract", "library-precursors,library-fragments");

  @TempDir Path dir;

  /** What a run left: its exit code, what it printed and the reports it wrote (the JUnit XML without times). */
  private record Run(int code, String out, String err, String json, String junit) {}

  /** {@code validate ARGS --report DIR/report}, its reports read and then moved out of the way. */
  private Run whole(List<String> args) throws IOException {
    List<String> all = new ArrayList<>(List.of("validate", "--report", report().toString()));
    all.addAll(args);
    return finished(Cli.run(all.toArray(String[]::new)));
  }

  /** Every shard of {@code count} with the same arguments, then {@code merge} of their partials. */
  private Run sharded(List<String> args, int count) throws IOException {
    Path partials = dir.resolve("partials-" + count);
    for (int i = count - 1; i >= 0; i--) {
      List<String> all = new ArrayList<>(List.of("validate", "--report", report().toString(), "--shard",
          i + "/" + count, "--partial-out", partials.resolve("shard-" + i + ".json").toString()));
      all.addAll(args);
      Cli.Result r = Cli.run(all.toArray(String[]::new));
      assertEquals(Main.PASS, r.code(), r.toString());
      assertEquals("", r.out(), "a shard decides nothing and prints nothing");
    }
    return finished(Cli.run("merge", partials.toString()));
  }

  private Path report() {
    return dir.resolve("report");
  }

  private Run finished(Cli.Result r) throws IOException {
    Path json = report().resolve("validation.json");
    Path junit = report().resolve("TEST-artifact-io.xml");
    // the opens are not compared: a range opens the file for each run of row groups it reads, a whole file once
    Run run = new Run(r.code(), r.out(), r.err(), Files.exists(json)
        ? Files.readString(json).replaceAll("\"files_opened\" : [0-9]+", "\"files_opened\" : (not compared)")
        : null,
        Files.exists(junit) ? Files.readString(junit).replaceAll(" time=\"[0-9.]+\"", "") : null);
    deleteTree(report());
    return run;
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }

  private static void assertSameRun(Run expected, Run actual, String what) {
    assertEquals(expected.json(), actual.json(), what + ": validation.json");
    assertEquals(expected.junit(), actual.junit(), what + ": the JUnit XML");
    assertEquals(expected.out(), actual.out(), what + ": standard output");
    assertEquals(expected.err(), actual.err(), what + ": standard error");
    assertEquals(expected.code(), actual.code(), what + ": the exit code");
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

  /** A corpus of runs whose files have findings of the contract, contiguous-ids, ascending and references rules. */
  private Path corpus() {
    Path c = dir.resolve("corpus");
    for (int r = 0; r < 5; r++) {
      Path run = c.resolve("run" + r);
      mkdirs(run);
      precursors(run.resolve("lib.precursors.parquet"), 40 + r, 7, r % 2 == 1, r == 2);
      fragments(run.resolve("lib.fragments.parquet"), r == 3 ? 60 : 30);
    }
    return c;
  }

  private static void mkdirs(Path p) {
    try {
      Files.createDirectories(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void the_repositorys_files_merged_from_any_number_of_shards_report_as_one_run() throws IOException {
    List<String> args = List.of(System.getProperty("artifact-io.testdata"));
    Run one = whole(args);
    assertEquals(Main.FAILED, one.code(), "testdata/hostile holds files with findings: " + one.err());
    for (int count : new int[] {1, 2, 3, 16}) {
      assertSameRun(one, sharded(args, count), count + " shards");
    }
  }

  @Test
  void a_corpus_with_findings_of_several_rules_merges_to_the_same_reports_and_json_output() throws IOException {
    Path c = corpus();
    List<String> args = new ArrayList<>(CONTRACTS);
    args.add(c.toString());
    Run one = whole(args);
    for (String rule : List.of("contiguous-ids", "ascending", "references")) {
      assertTrue(Pattern.compile("\"rule\" : \"" + rule + "\",\\s*\"severity\" : \"ERROR\",\\s*\"status\" : \"FAIL\"")
          .matcher(one.json()).find(), rule + " fails on a file of the corpus: " + one.json());
    }
    for (int count : new int[] {1, 2, 3, 4, 10, 13}) {
      assertSameRun(one, sharded(args, count), count + " shards");
    }
    List<String> json = new ArrayList<>(List.of("--format", "json", "--fail-on", "NONE"));
    json.addAll(args);
    assertSameRun(whole(json), sharded(json, 3), "--format json --fail-on NONE");
  }

  @Test
  void a_run_of_no_file_that_only_warns_merges_to_the_same_warning() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    List<String> args = List.of("--fail-if-no-files=false", empty.toString());
    Run one = whole(args);
    assertTrue(one.out().contains("artifact-io validate: no file under " + empty + " matches **/*.parquet\n"),
        one.out());
    assertSameRun(one, sharded(args, 2), "2 shards of no file");
  }

  @Test
  void a_slurm_array_merges_to_the_unsharded_run() throws IOException {
    Path c = corpus();
    List<String> args = new ArrayList<>(CONTRACTS);
    args.add(c.toString());
    Run one = whole(args);
    Path partials = dir.resolve("slurm");
    for (int id = 10; id < 14; id++) {
      Map<String, String> env = Map.of("SLURM_ARRAY_TASK_ID", "" + id, "SLURM_ARRAY_TASK_COUNT", "4",
          "SLURM_ARRAY_TASK_MIN", "10");
      List<String> all = new ArrayList<>(List.of("--report", report().toString(), "--shard", "slurm",
          "--partial-out", partials.resolve("task-" + id + ".json").toString()));
      all.addAll(args);
      StringWriter err = new StringWriter();
      int code = Main.run(new ValidateCommand().env(env), all, new PrintWriter(new StringWriter()),
          new PrintWriter(err));
      assertEquals(Main.PASS, code, err.toString());
    }
    assertSameRun(one, finished(Cli.run("merge", partials.toString())), "a Slurm array of 4");
  }

  @Test
  void random_corpora_split_into_random_shard_counts_merge_to_the_unsharded_run() {
    Gen<int[]> files = Gens.integers(0, 15).list(1, 6).map(l -> l.stream().mapToInt(Integer::intValue).toArray());
    Gen<Object[]> cases = files.zip(Gens.integers(1, 8), (f, n) -> new Object[] {f, n});
    Property.forAll(cases).named("sharded validate").tries(12).check(c -> {
      int[] kinds = (int[]) c[0];
      int count = (Integer) c[1];
      Path corpus = dir.resolve("random");
      deleteTree(corpus);
      for (int i = 0; i < kinds.length; i++) {
        // each file's four bits: a gap in the ids, m/z descending, one or more row groups, a fragments sibling
        int k = kinds[i];
        Path run = corpus.resolve("run" + i);
        mkdirs(run);
        precursors(run.resolve("lib.precursors.parquet"), 10 + 3 * i, (k & 4) == 0 ? 100 : 3, (k & 1) != 0,
            (k & 2) != 0);
        if ((k & 8) != 0 || i == 0) {
          fragments(run.resolve("lib.fragments.parquet"), 8 + 5 * i);
        }
      }
      List<String> args = new ArrayList<>(CONTRACTS);
      args.add(corpus.toString());
      assertSameRun(whole(args), sharded(args, count), count + " shards of " + kinds.length + " runs");
      deleteTree(dir.resolve("partials-" + count));
    });
  }

  @Test
  void partials_of_different_configurations_are_refused_naming_the_setting() throws IOException {
    Path c = corpus();
    Path partials = dir.resolve("mixed");
    Cli.run("validate", "--shard", "0/2", "--partial-out", partials.resolve("a.json").toString(), c.toString());
    Cli.run("validate", "--rules", "structure", "--shard", "1/2", "--partial-out",
        partials.resolve("b.json").toString(), c.toString());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: partial reports of different runs: " + partials.resolve("a.json") + " and "
        + partials.resolve("b.json") + " differ in their configuration: \"rules\": null and \"structure\"\n", r.err());
  }

  @Test
  void a_missing_or_duplicated_shard_is_refused_naming_the_shard_and_its_units() throws IOException {
    Path c = corpus();
    Path partials = dir.resolve("partials");
    Path p0 = partials.resolve("s0.json");
    Cli.run("validate", "--shard", "0/3", "--partial-out", p0.toString(), c.toString());
    Cli.run("validate", "--shard", "2/3", "--partial-out", partials.resolve("s2.json").toString(), c.toString());
    Files.copy(p0, partials.resolve("s0-again.json"));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    // a folder's partials are read in name order; shard 1 of 3 holds the middle third of the corpus's bytes
    assertEquals("artifact-io merge: shard 0/3 is in two partial reports: " + partials.resolve("s0-again.json")
        + " and " + p0 + "\n"
        + "artifact-io merge: shard 1/3 is missing; it held " + c.resolve("run2/lib.fragments.parquet")
        + " file [0, 1), " + c.resolve("run2/lib.precursors.parquet") + " file [0, 1), "
        + c.resolve("run3/lib.fragments.parquet") + " file [0, 1)\n", r.err());
  }

  @Test
  void partials_that_saw_a_file_at_another_size_or_time_are_refused_naming_the_file() throws IOException {
    Path c = corpus();
    Path partials = dir.resolve("partials");
    Cli.run("validate", "--shard", "0/2", "--partial-out", partials.resolve("a.json").toString(), c.toString());
    Path touched = c.resolve("run4/lib.precursors.parquet");
    Files.setLastModifiedTime(touched, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis() + 5000));
    Cli.run("validate", "--shard", "1/2", "--partial-out", partials.resolve("b.json").toString(), c.toString());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.err().startsWith("artifact-io merge: partial reports of different runs: " + touched
        + " changed between the plans: " + partials.resolve("a.json") + " saw "), r.err());
  }

  @Test
  void a_shard_without_partial_out_or_with_a_cache_is_a_usage_error() {
    Cli.Result r = Cli.run("validate", "--shard", "0/2", dir.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("--shard needs --partial-out FILE\n"), r.err());
    r = Cli.run("validate", "--shard", "0/2", "--partial-out", dir.resolve("p.json").toString(), "--cache-dir",
        dir.resolve("cache").toString(), dir.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("--shard does not take --cache-dir: a shard reports the results it checked\n"),
        r.err());
    r = Cli.run("validate", "--shard", "2/2", "--partial-out", dir.resolve("p.json").toString(), dir.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("--shard 2/2: the shard index must be in 0..1 for 2 shards, got 2\n"), r.err());
  }

  @Test
  void partials_of_validate_and_of_hash_are_refused_naming_both() throws IOException {
    Path c = corpus();
    Path partials = dir.resolve("partials");
    Path file = c.resolve("run0/lib.precursors.parquet");
    Files.createDirectories(partials);
    assertEquals(Main.PASS, Cli.run("hash", "--shard", "0/1", "--partial-out", partials.resolve("h.json").toString(),
        file.toString()).code());
    assertEquals(Main.PASS, Cli.run("validate", "--shard", "0/1", "--partial-out", partials.resolve("v.json")
        .toString(), c.toString()).code());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: partial reports of different commands: " + partials.resolve("h.json")
        + " is of hash, " + partials.resolve("v.json") + " of validate\n", r.err());
  }

  @Test
  void a_configuration_file_changed_after_the_shards_ran_is_a_misconfigured_merge() throws IOException {
    Path c = corpus();
    Path config = Files.writeString(dir.resolve("config.json"), "{\"suppressions\": [{\"files\": \"**\", \"rule\":"
        + " \"ascending\", \"reason\": \"m/z sorted downstream\"}]}");
    Path partials = dir.resolve("partials");
    for (int i = 0; i < 2; i++) {
      assertEquals(Main.PASS, Cli.run("validate", "--config", config.toString(), "--shard", i + "/2", "--partial-out",
          partials.resolve(i + ".json").toString(), c.toString()).code());
    }
    Files.writeString(config, "{\"suppressions\": []}");
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals("artifact-io validate is misconfigured: the merge's configuration is not the one its shards ran with"
        + " (a file it names changed since?): \"suppressions\": [{\"files\":\"**\",\"rule\":\"ascending\",\"column\":null,"
        + "\"reason\":\"m/z sorted downstream\"}] and []\n", r.err());
  }

  @Test
  void a_partial_that_is_not_one_is_named() throws IOException {
    Path partials = Files.createDirectories(dir.resolve("partials"));
    Path bad = Files.writeString(partials.resolve("x.json"), "{\"format\": \"artifact-io partial report\","
        + " \"format_version\": " + ValidatePartial.FORMAT_VERSION + ", \"kind\": \"validate\"}",
        StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals("artifact-io merge: " + bad + " lacks the field \"plan\"\n", r.err());
  }

  /**
   * A file past 1 MiB in row groups of {@code groupRows}, uncompressed: ids 0..n-1, m/z ascending and rt strictly
   * ascending, but for defects {@code random} places on the first or last row of a row group as often as elsewhere.
   */
  private static void largeFile(Path file, java.util.Random random, int rows, int groupRows) {
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
    for (int d = random.nextInt(6); d > 0; d--) {
      int at = random.nextBoolean() ? random.nextInt(rows)
          : Math.min(rows - 1, groupRows * (1 + random.nextInt(rows / groupRows)) - random.nextInt(2));
      switch (random.nextInt(6)) {
        case 0 -> ids[at] += 1 + random.nextInt(3);
        case 1 -> idValid[at] = false;
        case 2 -> mz[at] -= 1 + random.nextInt(50);
        case 3 -> mz[at] = Double.NaN;
        case 4 -> rt[at] = at == 0 ? rt[at] : rt[at - 1];
        default -> mzValid[at] = false;
      }
    }
    TableWriter.writeTable(file, List.of(new OptInt64Column("candidate_id", ids, idValid),
        new OptFloat64Column("precursor_mz", mz, mzValid), new Int64Column("rt", rt)),
        WriteOptions.builder().rowGroupRows(groupRows).codec(Codec.UNCOMPRESSED).build());
  }

  @Test
  void random_large_files_in_ranges_on_threads_and_in_shards_report_as_when_checked_whole() throws IOException {
    Path config = Files.writeString(dir.resolve("ranges.json"), "{\"checks\": [{\"rule\": \"structure\", \"full\":"
        + " true}, {\"rule\": \"contiguous-ids\", \"columns\": [\"candidate_id\"]}, {\"rule\": \"ascending\","
        + " \"columns\": [\"precursor_mz\"]}, {\"rule\": \"ascending\", \"columns\": [\"rt\"], \"strict\": true}]}");
    Gen<Object[]> cases = Gens.longs(0, Long.MAX_VALUE).zip(Gens.integers(1, 6), (seed, n) -> new Object[] {seed, n});
    Property.forAll(cases).named("validate in ranges").tries(6).check(c -> {
      java.util.Random random = new java.util.Random((Long) c[0]);
      int count = (Integer) c[1];
      Path corpus = dir.resolve("large");
      deleteTree(corpus);
      mkdirs(corpus);
      for (int f = 0; f < 1 + random.nextInt(2); f++) {
        // 24 to 26 bytes a row: 50,000 rows and more make a file past the split size of 1 MiB
        largeFile(corpus.resolve("f" + f + ".parquet"), random, 50_000 + random.nextInt(60_000),
            3_000 + random.nextInt(12_000));
      }
      // the threads are part of the configuration a report records: both runs have two
      List<String> args = List.of("--threads", "2", "--config", config.toString(), corpus.toString());
      Run one = whole(args);
      List<String> split = new ArrayList<>(List.of("--split-mib", "1"));
      split.addAll(args);
      assertSameRun(one, whole(split), "ranges of 1 MiB on 2 threads");
      assertSameRun(one, sharded(split, count), count + " shards of ranges of 1 MiB");
      Path partial = dir.resolve("partials-" + count).resolve("shard-0.json");
      assertTrue(count > 1 || ValidatePartial.read(partial, "shard 0").units().stream()
          .anyMatch(u -> u.unit().axis().equals("row-groups")), "the files are units of ranges of row groups");
      deleteTree(dir.resolve("partials-" + count));
    });
  }

  @Test
  void partials_of_different_split_sizes_are_refused_naming_both() throws IOException {
    Path c = corpus();
    Path partials = dir.resolve("split");
    Cli.run("validate", "--split-mib", "1", "--shard", "0/2", "--partial-out", partials.resolve("a.json").toString(),
        c.toString());
    Cli.run("validate", "--split-mib", "2", "--shard", "1/2", "--partial-out", partials.resolve("b.json").toString(),
        c.toString());
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: partial reports of different runs: " + partials.resolve("a.json") + " and "
        + partials.resolve("b.json") + " split files past 1048576 and 2097152 bytes\n", r.err());
  }

  @Test
  void a_split_size_under_one_mib_is_a_usage_error() {
    Cli.Result r = Cli.run("validate", "--split-mib", "0", dir.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("--split-mib must be at least 1, got 0\n"), r.err());
  }

  @Test
  void a_merge_whose_report_folder_cannot_be_written_says_so_naming_it() throws IOException {
    Path partials = dir.resolve("partials");
    Cli.Result shard = Cli.run("validate", "--report", report().toString(), "--shard", "0/1", "--partial-out",
        partials.resolve("shard-0.json").toString(), corpus().toString());
    assertEquals(Main.PASS, shard.code(), shard.toString());
    Files.writeString(report(), "a file where the report folder belongs");
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, merged.code(), merged.toString());
    assertEquals("artifact-io merge: writing the reports under " + report()
        + ": java.nio.file.FileAlreadyExistsException: " + report() + "\n", merged.err());
  }
}
