package io.github.artifactio.it.bench;

import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import io.github.artifactio.it.plugin.ItSetup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The merge arm of the scale benchmark: the partial reports of a {@code validate} of many files in many shards, and
 * the command line's {@code merge} of them timed as a whole process, with the heap it kept and its peak resident size.
 *
 * <p>The partials are the real ones, as far as a benchmark can afford: the command line's {@code validate --shard 0/1}
 * checks two real files (testdata's arrow-rs file, which passes, and an LZ4 file, which the {@code codec} rule fails)
 * into a template partial; its configuration, invocation and each file's rule results are then given to every
 * planned file of a plan of {@code files} paths, the LZ4 file's to {@code findingFiles} of them spread evenly, and
 * each shard of the plan written by {@link ValidatePartial#write}, the writer a shard uses. The planned files do not
 * exist: a merge reads the partial reports, never the files.
 */
final class MergeScale {
  /** How the merge process is measured: wall seconds, peak resident kB, and the most heap a GC left in use. */
  record Measured(double seconds, long peakRssKb, long liveHeapKb) {}

  private static final Pattern AFTER_GC = Pattern.compile("->(\\d+)([KMG])\\(");

  /** The target: the merge of this many files' partials in this many shards, at most this many seconds. */
  static final int FILES = Integer.getInteger("scale.merge.files", 100_000);
  static final int SHARDS = Integer.getInteger("scale.merge.shards", 1_000);
  /** Files with a finding, the same at every size: what the merge's memory may grow with. */
  static final int FINDING_FILES = Integer.getInteger("scale.merge.findings", 100);
  /** The merge process's heap: fixed and small, so that a merge that held every file's results would fail. */
  static final String HEAP = System.getProperty("scale.merge.heap", "-Xmx64m");
  static final double LIMIT_S = 5;

  private MergeScale() {}

  /**
   * The merge arm: partials of {@link #FILES} / 10 and of {@link #FILES} files in {@link #SHARDS} shards, the same
   * {@link #FINDING_FILES} files with findings in each, each merged once to warm the page cache and then
   * {@code rounds} times with the heap {@link #HEAP}; adds an arm for each size (time, peak resident size, most heap
   * in use after a collection) to {@code arms}, and the issue's target on the larger to {@code targets}.
   */
  static void run(Path launcher, Path dir, int rounds, com.fasterxml.jackson.databind.node.ObjectNode arms,
      com.fasterxml.jackson.databind.node.ArrayNode targets) throws Exception {
    List<Double> large = null;
    for (int files : new int[] {FILES / 10, FILES}) {
      Path work = dir.resolve("merge-" + files);
      Path partials = work.resolve("partials");
      generate(launcher, work, partials, work.resolve("reports"), files, SHARDS, FINDING_FILES);
      merge(launcher, partials, work.resolve("merge.out"), HEAP);
      List<Double> seconds = new ArrayList<>();
      long rss = 0;
      long live = 0;
      for (int r = 0; r < rounds; r++) {
        Measured m = merge(launcher, partials, work.resolve("merge.out"), HEAP);
        seconds.add(m.seconds());
        rss = Math.max(rss, m.peakRssKb());
        live = Math.max(live, m.liveHeapKb());
      }
      String name = String.format(java.util.Locale.ROOT, "merge of %,d files' partials in %,d shards (%s)", files,
          SHARDS, HEAP);
      com.fasterxml.jackson.databind.node.ObjectNode o = arms.putObject(name);
      o.put("median_s", BenchStats.round(BenchStats.median(seconds)));
      o.put("peak_rss_mb", rss / 1024);
      o.put("heap_after_gc_mb", live / 1024);
      com.fasterxml.jackson.databind.node.ArrayNode rs = o.putArray("rounds_s");
      seconds.forEach(x -> rs.add(BenchStats.round(x)));
      System.out.printf(java.util.Locale.ROOT, "%-60s %8.3f s, peak RSS %d MB, heap after GC %d MB%n", name,
          BenchStats.median(seconds), rss / 1024, live / 1024);
      large = seconds;
      ItSetup.deleteTree(partials);
    }
    double[] t = BenchStats.array(large);
    com.fasterxml.jackson.databind.node.ObjectNode target = targets.addObject();
    target.put("target", String.format(java.util.Locale.ROOT, "merge of %,d files' partials in %,d shards (at most,"
        + " seconds)", FILES, SHARDS));
    target.put("seconds", BenchStats.round(BenchStats.median(t)));
    target.put("p10", BenchStats.round(BenchStats.percentile(t, 10)));
    target.put("p90", BenchStats.round(BenchStats.percentile(t, 90)));
    target.put("limit", LIMIT_S);
    target.put("met", BenchStats.median(t) <= LIMIT_S);
    target.put("heap", HEAP);
  }

  /**
   * Writes the partial reports of {@code files} files in {@code shards} shards into {@code partials} (emptied first),
   * {@code findingFiles} of the files with a finding, their reports to go to {@code reports}.
   */
  static void generate(Path launcher, Path work, Path partials, Path reports, int files, int shards, int findingFiles)
      throws Exception {
    Path corpus = work.resolve("corpus");
    Files.createDirectories(corpus);
    Path testdata = Path.of(System.getProperty("artifact-io.testdata", "testdata"));
    Files.copy(testdata.resolve("writers/arrow_rs_precursors.parquet"), corpus.resolve("a.parquet"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(testdata.resolve("parquet-testing/data/hadoop_lz4_compressed.parquet"), corpus.resolve("b.parquet"),
        StandardCopyOption.REPLACE_EXISTING);
    Path template = work.resolve("template.json");
    ConcatBench.process(List.of(launcher.toString(), "validate", "--report", reports.toString(), "--shard", "0/1",
        "--partial-out", template.toString()), List.of(corpus), null);
    ValidatePartial t = ValidatePartial.read(template, template.toString());
    List<RuleResult> passing = t.units().get(0).results();
    List<RuleResult> failing = t.units().get(1).results();
    if (!failing.stream().anyMatch(r -> !r.findings().isEmpty()) || passing.stream().anyMatch(r -> !r.findings()
        .isEmpty())) {
      throw new IllegalStateException("the template's files do not give one passing and one failing file: " + template);
    }
    FileStamp passingStamp = t.files().get(0).stamp();
    FileStamp failingStamp = t.files().get(1).stamp();
    List<PlannedFile> planned = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      boolean finding = hasFinding(i, files, findingFiles);
      planned.add(new PlannedFile(corpus.resolve(shown(i)).toString(), finding ? failingStamp : passingStamp));
    }
    WorkPlan plan = WorkPlan.rowGroups(ValidatePartial.KIND, planned, t.splitBytes(), t.toolVersion());
    ItSetup.deleteTree(partials);
    Files.createDirectories(partials);
    for (int s = 0; s < shards; s++) {
      ShardSpec shard = new ShardSpec(s, shards);
      List<ValidatePartial.Unit> units = new ArrayList<>();
      for (WorkUnit u : plan.units(shard)) {
        String shown = shown(u.file());
        List<RuleResult> results = hasFinding(u.file(), files, findingFiles) ? failing : passing;
        // each rule's time a function of the file, not of the template's run: partials generated again (by another
        // version, to compare its merge's bytes) are the same
        units.add(new ValidatePartial.Unit(u, shown, results.stream()
            .map(r -> r.withFile(shown).withSeconds(1e-4 * (1 + (u.file() + r.rule().length()) % 7))).toList()));
      }
      Path out = partials.resolve(String.format("shard-%05d.json", s));
      new ValidatePartial(out.toString(), plan.id(), plan.toolVersion(), plan.splitBytes(), plan.files(), shard,
          t.directory(), t.configuration(), t.invocation(), t.warnings(), units,
          new ValidatePartial.Reads(units.size(), 4096L * units.size(), 0)).write(out);
    }
  }

  private static boolean hasFinding(int file, int files, int findingFiles) {
    // findingFiles files spread evenly: file i has one when the count of such files up to it steps
    return (long) (file + 1) * findingFiles / files != (long) file * findingFiles / files;
  }

  private static String shown(int file) {
    return String.format("run%06d/lib.precursors.parquet", file);
  }

  /**
   * {@code merge} of the partials in {@code partials} as a process of the launcher with {@code heap} (JAVA_OPTS), its
   * standard output (the summary table) into {@code stdout}: the wall time, the peak resident size GNU time reports,
   * and the most heap in use after a collection (the GC log), what the merge kept rather than what it made.
   */
  static Measured merge(Path launcher, Path partials, Path stdout, String heap) throws Exception {
    Path gcLog = Files.createTempFile("merge-gc", ".log");
    Path timeOut = Files.createTempFile("merge-time", ".txt");
    Path err = Files.createTempFile("merge-err", ".txt");
    try {
      // GNU time from the PATH (Debian's package "time"; the shell's keyword is not a program) for the peak RSS
      ProcessBuilder b = new ProcessBuilder("time", "-f", "%M", "-o", timeOut.toString(),
          launcher.toString(), "merge", partials.toString()).redirectError(err.toFile())
          .redirectOutput(stdout.toFile());
      List<String> opts = new ArrayList<>(Machine.jvmArgs());
      opts.add(heap);
      opts.add("-Xlog:gc:file=" + gcLog);
      b.environment().put("JAVA_OPTS", String.join(" ", opts));
      long t0 = System.nanoTime();
      Process p = b.start();
      if (!p.waitFor(1200, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("merge of " + partials + " did not end in 20 minutes");
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      // validate's merge exits 1 when a finding fails the run, as the unsharded run does, and says so last; a refusal
      // or a JVM out of its heap exits 1 too, saying something else
      String said = Files.readString(err);
      if (p.exitValue() != 1 || !said.contains(" findings at or above ERROR in ")) {
        throw new IllegalStateException("merge of " + partials + " exited " + p.exitValue() + " without the"
            + " findings' verdict:\n" + said);
      }
      long rss = Long.parseLong(Files.readString(timeOut).trim().lines().reduce((a, x) -> x).orElse("0").trim());
      long live = 0;
      for (String line : Files.readAllLines(gcLog, StandardCharsets.UTF_8)) {
        Matcher m = AFTER_GC.matcher(line);
        if (m.find()) {
          long v = Long.parseLong(m.group(1));
          live = Math.max(live, switch (m.group(2)) {
            case "K" -> v;
            case "M" -> v << 10;
            default -> v << 20;
          });
        }
      }
      return new Measured(seconds, rss, live);
    } finally {
      Files.deleteIfExists(gcLog);
      Files.deleteIfExists(timeOut);
      Files.deleteIfExists(err);
    }
  }

  /**
   * By hand, after {@code mvn -pl it -am package}: {@code MergeScale LAUNCHER WORK FILES SHARDS FINDING_FILES HEAP}
   * generates the partials and prints one measured merge.
   */
  public static void main(String[] args) throws Exception {
    Path launcher = Path.of(args[0]);
    Path work = Path.of(args[1]);
    int files = Integer.parseInt(args[2]);
    int shards = Integer.parseInt(args[3]);
    int findingFiles = Integer.parseInt(args[4]);
    Path partials = work.resolve("partials");
    long t0 = System.nanoTime();
    generate(launcher, work, partials, work.resolve("reports"), files, shards, findingFiles);
    System.out.printf("generated %d files in %d shards in %.1f s%n", files, shards, (System.nanoTime() - t0) / 1e9);
    for (int i = 0; i < 3; i++) {
      Measured m = merge(launcher, partials, work.resolve("merge.out"), args[5]);
      System.out.println(m);
    }
  }
}
