package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The concatenation benchmark ({@code mvn -B -pl it -am verify -Pbench -DskipTests -Dbench=concat}). The read
 * benchmark's reference table (int32 id, int64 a, float64 b, float64 c of 200 values, utf8 s, list&lt;float32&gt; l),
 * {@code 8 * concat.rows} rows ({@code concat.rows} = 2,000,000 by default), written by the engine in eight inputs and
 * each copied by DuckDB into a file of DuckDB's layout (SNAPPY, about 150 MB each, no sidecar): the inputs a pipeline
 * gets from other tools. Every arm is a whole process as a user runs it, given the same warm page cache: the command
 * line through its launcher ({@code cli/target/artifact-io}), parquet-java's {@code ParquetRewriter} and DuckDB's
 * {@code COPY} each in a JVM of their own ({@link ConcatPeers}), and {@code cat}, {@code sync} and {@code b3sum}.
 * One arm runs in this JVM, to show what the process around it costs.
 *
 * <p>Rounds: every arm once to warm up (the launcher makes its class-data archive then), then {@value #DEFAULT_ROUNDS}
 * rounds ({@code -Dbench.rounds}) of all arms, in an order shuffled anew each round (a fixed seed), each arm's output
 * and report deleted (untimed) before its run ({@link #measure} says why). The targets of the concatenation issue are
 * ratios to sums of the plain tools' arms, taken round by round ({@link #target}): the command line with
 * {@code --no-sync --no-hash-inputs} against {@code cat} plus {@code b3sum} of the output, and against the rewriter;
 * with {@code --no-sync} against {@code cat} plus {@code b3sum} of inputs and output; by default (durable, everything
 * hashed) against {@code cat; sync} plus both {@code b3sum}s; by default on the engine's own inputs, whose reports
 * record their digests and fingerprints, against {@code cat; sync} plus {@code b3sum} of the output (the run fails
 * unless every input's digest came from its report); the same three on the columns axis (two halves of the
 * first input's columns, written by the engine); and {@code hash} of the eight inputs against {@code b3sum}'s. Cold
 * runs, where the machine lets the benchmark evict a file's pages ({@code vmtouch -e}, else GNU dd's
 * {@code nocache}), time the default command line and {@code cat} with the inputs evicted before every run. Last, the
 * inputs given over and over until they pass 4 GiB are spliced in a JVM of {@code -Xmx128m}: memory is bounded by
 * the buffers, whatever the size. {@code -Dconcat.rows=20000} runs it all in a minute (a check that it works, not a
 * measurement).
 */
public final class ConcatBench {
  static final int INPUTS = 8;
  static final int DEFAULT_ROUNDS = 5;
  static final int ROUNDS = Integer.getInteger("bench.rounds", DEFAULT_ROUNDS);
  /** The seed of the arms' order in each round. */
  static final long ORDER_SEED = 25;

  private ConcatBench() {}

  interface Arm {
    void run() throws Exception;
  }

  /** An arm and the file it writes, removed (untimed, with its report) before each of its timed runs. */
  record Timed(Path output, Arm arm) {}

  /** A target of the issue: {@code arm} over the sum of {@code baseline} arms, at most {@code limit}. */
  record Target(String name, String arm, List<String> baseline, double limit) {}

  public static void run(Path outDir) throws Exception {
    int rows = Integer.getInteger("concat.rows", 2_000_000);
    Path dir = outDir.resolve("concat");
    Files.createDirectories(dir);
    Path launcher = launcher();
    List<Path> engineInputs = new ArrayList<>();
    List<Path> inputs = new ArrayList<>();
    for (int k = 0; k < INPUTS; k++) {
      Path p = dir.resolve("engine-" + k + ".parquet");
      writeInput(p, k, rows);
      withReport(p, k, rows);
      engineInputs.add(p);
      Path d = dir.resolve("duckdb-" + k + ".parquet");
      Files.deleteIfExists(d);
      ConcatPeers.DuckDbCopy.main(new String[] {d.toString(), p.toString()});
      inputs.add(d);
    }
    Path left = dir.resolve("half-left.parquet");
    Path right = dir.resolve("half-right.parquet");
    TableFile first = TableFile.open(engineInputs.get(0));
    TableWriter.writeTable(left, first.read("id", "a", "b", "c", "s").columns());
    TableWriter.writeTable(right, first.read("l").columns());
    List<Path> halves = List.of(left, right);
    long inputBytes = sizes(inputs);
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("concat benchmark: " + INPUTS + " DuckDB-written inputs of " + rows + " rows, " + inputBytes
        + " bytes; " + Machine.loadLine());

    Path spliced = dir.resolve("spliced.parquet");
    Path joined = dir.resolve("joined.parquet");
    Path catted = dir.resolve("cat.bin");
    Path peer = dir.resolve("peer.parquet");
    // b3sum of an output reads a file of the output's size and layout that no arm deletes
    Path rowsOutput = dir.resolve("rows-output.parquet");
    Path engineOutput = dir.resolve("engine-rows-output.parquet");
    Path engineSpliced = dir.resolve("engine-spliced.parquet");
    Path colsOutput = dir.resolve("columns-output.parquet");
    process(cli(launcher, "concat", "--no-report", "-o", rowsOutput.toString()), inputs, null);
    process(cli(launcher, "concat", "--no-report", "--axis", "columns", "-o", colsOutput.toString()), halves, null);
    process(cli(launcher, "concat", "--no-report", "-o", engineOutput.toString()), engineInputs, null);
    EngineContext context = EngineContext.create("bench-concat-hash", 2);
    ConcatOptions inProcess = ConcatOptions.builder().context(context).report(false).durable(false).build();

    Map<String, Timed> arms = new LinkedHashMap<>();
    arms.put("concat", launcherArm(launcher, spliced, inputs));
    arms.put("concat --no-sync", launcherArm(launcher, spliced, inputs, "--no-sync"));
    arms.put("concat --no-sync --no-hash-inputs", launcherArm(launcher, spliced, inputs, "--no-sync",
        "--no-hash-inputs"));
    arms.put("concat in-process, no sync", new Timed(spliced,
        () -> Concat.concat(spliced, inputs, Axis.ROWS, inProcess)));
    arms.put("parquet-java ParquetRewriter", new Timed(peer, () -> process(java(ConcatPeers.Rewriter.class,
        peer), inputs, null)));
    arms.put("DuckDB COPY", new Timed(peer, () -> process(java(ConcatPeers.DuckDbCopy.class, peer), inputs, null)));
    arms.put("cat", new Timed(catted, () -> process(List.of("cat"), inputs, catted)));
    arms.put("cat; sync", new Timed(catted, () -> catSync(catted, inputs)));
    arms.put("b3sum inputs", new Timed(null, () -> process(List.of("b3sum"), inputs, null)));
    arms.put("b3sum output", new Timed(null, () -> process(List.of("b3sum"), List.of(rowsOutput), null)));
    arms.put("hash inputs", new Timed(null, () -> process(cli(launcher, "hash"), inputs, null)));
    arms.put("inputs with reports: concat", launcherArm(launcher, engineSpliced, engineInputs));
    arms.put("inputs with reports: cat; sync", new Timed(catted, () -> catSync(catted, engineInputs)));
    arms.put("inputs with reports: b3sum output", new Timed(null,
        () -> process(List.of("b3sum"), List.of(engineOutput), null)));
    arms.put("columns: concat", launcherArm(launcher, joined, halves, "--axis", "columns"));
    arms.put("columns: concat --no-sync", launcherArm(launcher, joined, halves, "--axis", "columns", "--no-sync"));
    arms.put("columns: concat --no-sync --no-hash-inputs", launcherArm(launcher, joined, halves, "--axis",
        "columns", "--no-sync", "--no-hash-inputs"));
    arms.put("columns: cat", new Timed(catted, () -> process(List.of("cat"), halves, catted)));
    arms.put("columns: cat; sync", new Timed(catted, () -> catSync(catted, halves)));
    arms.put("columns: b3sum inputs", new Timed(null, () -> process(List.of("b3sum"), halves, null)));
    arms.put("columns: b3sum output", new Timed(null, () -> process(List.of("b3sum"), List.of(colsOutput), null)));

    Map<String, List<Double>> warm = measure(arms, null, List.of());
    String evict = evictor();
    Map<String, List<Double>> cold = new LinkedHashMap<>();
    if (!evict.equals("none")) {
      Map<String, Timed> coldArms = new LinkedHashMap<>();
      coldArms.put("concat, inputs evicted", arms.get("concat"));
      coldArms.put("cat, inputs evicted", arms.get("cat"));
      cold = measure(coldArms, evict, inputs);
    }
    context.close();
    // what the arms wrote must read back right: the splice, the join and the peer's merge
    check(spliced, (long) INPUTS * rows);
    check(joined, rows);
    check(peer, (long) INPUTS * rows);
    check(engineSpliced, (long) INPUTS * rows);
    // the arm on inputs with reports measures what it claims only if every input's digest came from its report
    List<String> from = new ObjectMapper().readTree(engineSpliced.resolveSibling(engineSpliced.getFileName()
        + ".report.json").toFile()).findValuesAsText("digest_from");
    if (from.size() < INPUTS || !from.stream().allMatch("report"::equals)) {
      throw new IllegalStateException("the inputs' digests came from " + from + ", not from their reports");
    }

    // memory stays flat whatever the size: the inputs given over and over until they pass 4 GiB, spliced in a JVM
    // of 128 MiB of heap
    List<Path> large = new ArrayList<>();
    long largeBytes = 0;
    for (int i = 0; largeBytes < (4L << 30); i++) {
      large.add(inputs.get(i % inputs.size()));
      largeBytes += Files.size(inputs.get(i % inputs.size()));
    }
    Path largeOut = dir.resolve("large.parquet");
    double xmx128 = forked(largeOut, large, "-Xmx128m");
    if (xmx128 >= 0 && TableFile.open(largeOut).rows() != (long) large.size() * rows) {
      throw new IllegalStateException("the 4 GiB splice has the wrong row count");
    }
    Files.deleteIfExists(largeOut);
    Files.deleteIfExists(dir.resolve("large.parquet.report.json")); // the fork's default options write the report

    List<Target> targets = List.of(
        new Target("--no-sync --no-hash-inputs over cat + b3sum of the output", "concat --no-sync --no-hash-inputs",
            List.of("cat", "b3sum output"), 1.25),
        new Target("--no-sync --no-hash-inputs over ParquetRewriter", "concat --no-sync --no-hash-inputs",
            List.of("parquet-java ParquetRewriter"), 0.4),
        new Target("--no-sync over cat + b3sum of inputs and output", "concat --no-sync",
            List.of("cat", "b3sum inputs", "b3sum output"), 1.25),
        new Target("default over cat; sync + b3sum of inputs and output", "concat",
            List.of("cat; sync", "b3sum inputs", "b3sum output"), 1.25),
        new Target("default on inputs with reports over cat; sync + b3sum of the output",
            "inputs with reports: concat", List.of("inputs with reports: cat; sync",
                "inputs with reports: b3sum output"),
            1.25),
        new Target("columns: --no-sync --no-hash-inputs over cat + b3sum of the output",
            "columns: concat --no-sync --no-hash-inputs", List.of("columns: cat", "columns: b3sum output"), 1.25),
        new Target("columns: --no-sync over cat + b3sum of inputs and output", "columns: concat --no-sync",
            List.of("columns: cat", "columns: b3sum inputs", "columns: b3sum output"), 1.25),
        new Target("columns: default over cat; sync + b3sum of inputs and output", "columns: concat",
            List.of("columns: cat; sync", "columns: b3sum inputs", "columns: b3sum output"), 1.25),
        new Target("hash of the inputs over b3sum", "hash inputs", List.of("b3sum inputs"), 2.0));

    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "concat");
    root.put("rows_per_input", rows);
    root.put("inputs", INPUTS);
    root.put("inputs_written_by", "DuckDB " + ConcatPeers.duckDbVersion() + ", SNAPPY, from the engine's tables");
    root.put("input_bytes", inputBytes);
    root.put("output_bytes", Files.size(spliced));
    root.put("columns_input_bytes", sizes(halves));
    root.put("rounds", ROUNDS);
    root.put("order", "shuffled each round, seed " + ORDER_SEED);
    root.put("evict", evict);
    root.put("resident_after_evict_bytes", residentAfterEvict);
    root.put("concat_rows_xmx128m_input_bytes", largeBytes);
    root.put("concat_rows_xmx128m_inputs", large.size());
    root.put("concat_rows_xmx128m_s", xmx128);
    root.set("load_at_start", loadAtStart);
    root.set("load_at_end", Machine.loadNode());
    ObjectNode out = root.putObject("arms");
    warm.forEach((name, t) -> put(out, name, t));
    cold.forEach((name, t) -> put(out, name, t));
    ArrayNode targetsNode = root.putArray("targets");
    for (Target t : targets) {
      target(targetsNode.addObject(), t, warm);
    }
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT, "time to splice %d DuckDB-written files of %,d rows into"
        + " one, durable and hashed, artifact-io concat over cat; sync + b3sum of inputs and output", INPUTS, rows),
        BenchStats.paired(times(warm, "concat"), sum(warm, targets.get(3).baseline())));
    Bench.headline(headlines, "the same splice with --no-sync --no-hash-inputs over parquet-java's ParquetRewriter",
        BenchStats.paired(times(warm, "concat --no-sync --no-hash-inputs"),
            times(warm, "parquet-java ParquetRewriter")));
    Path json = outDir.resolve("concat.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.printf(Locale.ROOT, "%-48s %10s%n", "arm", "median_s");
    out.fields().forEachRemaining(e -> System.out.printf(Locale.ROOT, "%-48s %10.3f%n", e.getKey(),
        e.getValue().get("median_s").asDouble()));
    targetsNode.forEach(t -> System.out.printf(Locale.ROOT, "%-70s %6.2f (at most %.2f) %s%n",
        t.get("target").asText(), t.get("ratio").asDouble(), t.get("limit").asDouble(),
        t.get("met").asBoolean() ? "met" : "NOT MET"));
    System.out.println("wrote " + json);
  }

  /**
   * One target's figures: the median of the round-by-round ratios of the arm to the sum of its baseline arms in the
   * same round, their 10th and 90th percentiles, the ratio of the medians, and whether the limit is met.
   */
  static void target(ObjectNode o, Target t, Map<String, List<Double>> times) {
    BenchStats.Summary paired = BenchStats.paired(times(times, t.arm()), sum(times, t.baseline()));
    o.put("target", t.name());
    o.put("ratio", BenchStats.round(paired.median()));
    o.put("p10", BenchStats.round(paired.p10()));
    o.put("p90", BenchStats.round(paired.p90()));
    o.put("limit", t.limit());
    o.put("met", paired.median() <= t.limit());
    o.put("arm_s", BenchStats.round(BenchStats.median(times.get(t.arm()))));
    o.put("baseline_s", BenchStats.round(BenchStats.median(sum(times, t.baseline()))));
  }

  static double[] times(Map<String, List<Double>> times, String arm) {
    return times.get(arm).stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Round by round, the sum of the arms' times. */
  static double[] sum(Map<String, List<Double>> times, List<String> arms) {
    double[] s = new double[times.get(arms.get(0)).size()];
    for (String a : arms) {
      double[] t = times(times, a);
      for (int i = 0; i < s.length; i++) {
        s[i] += t[i];
      }
    }
    return s;
  }

  private static void put(ObjectNode out, String arm, List<Double> t) {
    double[] v = t.stream().mapToDouble(Double::doubleValue).toArray();
    BenchStats.Summary s = BenchStats.Summary.of(v);
    ObjectNode o = out.putObject(arm);
    o.put("median_s", BenchStats.round(s.median()));
    o.put("min_s", BenchStats.round(s.min()));
    o.put("max_s", BenchStats.round(s.max()));
    ArrayNode rounds = o.putArray("rounds_s");
    t.forEach(x -> rounds.add(BenchStats.round(x)));
  }

  /**
   * Every arm once to warm up (unless evicting), then {@link #ROUNDS} rounds of all arms, in an order shuffled each
   * round. Before each timed run the arm's output is deleted (untimed), so every arm writes into the pages the last
   * one freed: on this virtual machine, page-cache pages the guest has not touched lately cost about 2 s of kernel
   * time per 1.2 GB to fault in (dd of 1.2 GB into a new file: 2.4-3.0 s of system time; overwriting a file: 0.3-0.5
   * s), and {@code cat > out} frees the old file's pages before it writes where the splice's atomic publication
   * (temporary file, rename) frees them after; left as they were, the arms got different memory.
   */
  private static Map<String, List<Double>> measure(Map<String, Timed> arms, String evict, List<Path> inputs)
      throws Exception {
    Map<String, List<Double>> times = new LinkedHashMap<>();
    if (evict == null) {
      for (Timed a : arms.values()) {
        clear(a.output());
        a.arm().run();
      }
    }
    List<String> order = new ArrayList<>(arms.keySet());
    Random shuffle = new Random(ORDER_SEED);
    for (int round = 0; round < ROUNDS; round++) {
      Collections.shuffle(order, shuffle);
      for (String name : order) {
        Timed a = arms.get(name);
        if (evict != null) {
          evict(evict, inputs);
        }
        clear(a.output());
        long t0 = System.nanoTime();
        a.arm().run();
        times.computeIfAbsent(name, k -> new ArrayList<>()).add((System.nanoTime() - t0) / 1e9);
      }
    }
    Map<String, List<Double>> inOrder = new LinkedHashMap<>();
    arms.keySet().forEach(k -> inOrder.put(k, times.get(k)));
    return inOrder;
  }

  private static void clear(Path output) throws IOException {
    if (output != null) {
      Files.deleteIfExists(output);
      Files.deleteIfExists(output.resolveSibling(output.getFileName() + ".report.json"));
    }
  }

  private static long sizes(List<Path> files) throws IOException {
    long n = 0;
    for (Path p : files) {
      n += Files.size(p);
    }
    return n;
  }

  private static void check(Path file, long rows) {
    long got = TableFile.open(file).rows();
    if (got != rows) {
      throw new IllegalStateException(file + " has " + got + " rows, not " + rows + ": the arm that wrote it is wrong");
    }
  }

  /**
   * {@code p}'s report as a stage that wrote it with the engine leaves it: its blake3 and its fingerprint
   * ({@link Fingerprint#recordIn}), written after the file, so a concatenation takes the digest from it.
   */
  private static void withReport(Path p, int k, int rows) {
    ArtifactReport report = new ArtifactReport("reference-" + k, "reference", 1, "bench", rows,
        Blake3.hashFile(p).hex(), JsonNodeFactory.instance.objectNode(), new TreeMap<>(), null, 0);
    Fingerprint.of(p).recordIn(report).writeFor(p);
  }

  /** The command line's launcher beside the jar the bench profile names ({@code -Dartifact-io.cli.jar}). */
  static Path launcher() {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar", "missing")).toAbsolutePath();
    Path launcher = jar.resolveSibling("artifact-io");
    if (!Files.isRegularFile(jar) || !Files.isExecutable(launcher)) {
      throw new IllegalStateException("the command line's jar and launcher are not at " + jar + " and " + launcher
          + ": build the cli module first (mvn -B -pl it -am verify builds it)");
    }
    return launcher;
  }

  private static List<String> cli(Path launcher, String... args) {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static Timed launcherArm(Path launcher, Path out, List<Path> inputs, String... flags) {
    List<String> cmd = cli(launcher, "concat");
    cmd.addAll(List.of(flags));
    cmd.addAll(List.of("-o", out.toString()));
    return new Timed(out, () -> process(cmd, inputs, null));
  }

  /** {@code main} of {@code type} in a JVM of its own on this JVM's class path, the output its first argument. */
  private static List<String> java(Class<?> type, Path out) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(Machine.jvmArgs());
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), type.getName(), out.toString()));
    return cmd;
  }

  /** {@code cat inputs > out} and {@code sync out} in one shell: the bytes a copy moves, then made durable. */
  private static void catSync(Path out, List<Path> inputs) throws Exception {
    process(List.of("sh", "-c", "o=$1; shift; cat \"$@\" > \"$o\" && sync \"$o\"", "sh", out.toString()), inputs,
        null);
  }

  /**
   * Runs {@code cmd} with {@code files} after it, its standard output to {@code stdout} (discarded when null), the
   * bench's JVM options in {@code JAVA_OPTS} (the launcher passes them on); fails, with what it printed, unless it
   * exits 0.
   */
  static void process(List<String> cmd, List<Path> files, Path stdout) throws Exception {
    List<String> all = new ArrayList<>(cmd);
    files.forEach(p -> all.add(p.toString()));
    Path log = Files.createTempFile("concat-bench", ".log");
    try {
      ProcessBuilder b = new ProcessBuilder(all).redirectError(log.toFile())
          .redirectOutput(
              stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
      if (!Machine.jvmArgs().isEmpty()) {
        b.environment().put("JAVA_OPTS", String.join(" ", Machine.jvmArgs()));
      }
      Process p = b.start();
      if (!p.waitFor(1200, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", cmd) + " did not end in 20 minutes");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " exited " + p.exitValue() + ":\n"
            + Files.readString(log));
      }
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** How this machine can drop a file's pages from the cache: vmtouch (installed if missing), dd, or not at all. */
  private static String evictor() {
    if (!works("vmtouch", "-h")) {
      works("apt-get", "install", "-y", "-q", "vmtouch");
    }
    if (works("vmtouch", "-h")) {
      return "vmtouch";
    }
    return works("dd", "--version") ? "dd-nocache" : "none";
  }

  private static boolean works(String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /** The most input bytes {@code fincore} found still cached right after an eviction (-1: not measured). */
  private static long residentAfterEvict = -1;

  private static void evict(String how, List<Path> files) throws Exception {
    long resident = 0;
    for (Path f : files) {
      List<String> cmd = how.equals("vmtouch")
          ? List.of("vmtouch", "-q", "-e", f.toString())
          : List.of("dd", "if=/dev/null", "of=" + f, "oflag=nocache", "conv=notrunc,fdatasync", "count=0",
              "status=none");
      new ProcessBuilder(cmd).inheritIO().start().waitFor();
      resident += fincore(f);
    }
    residentAfterEvict = Math.max(residentAfterEvict, resident);
  }

  /** Bytes of {@code f} in the page cache, by util-linux's fincore; 0 where it cannot tell. */
  private static long fincore(Path f) {
    try {
      Process p = new ProcessBuilder("fincore", "--bytes", "--noheadings", "--output", "RES", f.toString())
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
      return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? Long.parseLong(out) : 0;
    } catch (IOException | InterruptedException | NumberFormatException e) {
      return 0;
    }
  }

  /** Rows {@code [k * rows, (k + 1) * rows)} of the reference table, generated in chunks from per-chunk seeds. */
  static void writeInput(Path p, int k, int rows) {
    double[] levels = new double[200];
    SplittableRandom lv = new SplittableRandom(42);
    for (int i = 0; i < levels.length; i++) {
      levels[i] = lv.nextDouble() * 1000;
    }
    TableWriter.writeTableChunked(p, rows, (s, e) -> chunk((long) k * rows + s, (int) (e - s), levels),
        WriteOptions.defaults(), EngineContext.serial());
  }

  private static List<Column> chunk(long first, int n, double[] levels) {
    SplittableRandom r = new SplittableRandom(first * 31 + 7);
    int[] id = new int[n];
    long[] a = new long[n];
    double[] b = new double[n];
    double[] c = new double[n];
    String[] s = new String[n];
    float[][] l = new float[n][];
    char[] letters = new char[30];
    for (int i = 0; i < n; i++) {
      id[i] = (int) (first + i);
      a[i] = r.nextLong();
      b[i] = r.nextDouble();
      c[i] = levels[r.nextInt(200)];
      int len = 7 + r.nextInt(24);
      for (int q = 0; q < len; q++) {
        letters[q] = (char) ('a' + r.nextInt(26));
      }
      s[i] = new String(letters, 0, len);
      float[] items = new float[r.nextInt(17)];
      for (int q = 0; q < items.length; q++) {
        items[q] = (float) r.nextDouble();
      }
      l[i] = items;
    }
    return List.of(new Int32Column("id", id), new Int64Column("a", a), new Float64Column("b", b),
        new Float64Column("c", c), Utf8Column.of("s", s), ListFloat32Column.of("l", l));
  }

  /** Runs one splice in a JVM of its own (the benchmark starts it with a small heap: memory stays flat). */
  public static final class Fork {
    public static void main(String[] args) {
      List<Path> inputs = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        inputs.add(Path.of(args[i]));
      }
      ConcatResult r = Concat.concat(Path.of(args[0]), inputs, Axis.ROWS, ConcatOptions.defaults());
      String backend = io.github.artifactio.engine.hash.Blake3.backend();
      System.out.println("ok " + r.rows() + " " + backend);
    }

    private Fork() {}
  }

  /** The splice in a forked JVM with {@code flags}: seconds taken, or -1 when it failed. */
  private static double forked(Path out, List<Path> inputs, String... flags) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(List.of(flags));
    cmd.addAll(Machine.jvmArgs());
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Fork.class.getName(), out.toString()));
    inputs.forEach(p -> cmd.add(p.toString()));
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    boolean ok = p.waitFor(1200, TimeUnit.SECONDS) && p.exitValue() == 0 && text.contains("ok ");
    if (!ok) {
      System.out.println("the forked splice (" + String.join(" ", flags) + ") failed:\n" + text);
    }
    return ok ? (System.nanoTime() - t0) / 1e9 : -1;
  }
}
