package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The concatenation benchmark of issue 12 ({@code mvn -B -pl it -am verify -Pbench -Dbench=concat}): the read
 * benchmark's reference table (int32 id, int64 a, float64 b, float64 c of 200 values, utf8 s, list&lt;float32&gt; l;
 * SNAPPY) made {@code 8 * concat.rows} rows long and split by rows into eight inputs ({@code concat.rows} = 2,000,000
 * by default: about 150 MB each), spliced into one file against {@code cat} of the same eight files into one (what
 * {@code cp} of those bytes costs) in the same run; then the columns axis on two halves of the first input's columns
 * ({@code id, a, b, c, s} and {@code l}), against {@code cat} of the two halves. Warm: the inputs are in the page
 * cache (each arm runs once before timing). Cold, where the machine lets the benchmark evict a file's pages
 * ({@code vmtouch -e}, installed with apt-get when missing, else GNU dd's {@code nocache}): the inputs are evicted
 * before every timed run of both arms, and {@code fincore} reports what stayed resident. Arms alternate, so load
 * drifts hit both; the JSON ({@code it/target/bench/concat.json}) has every round, the medians, {@code bytes_read},
 * {@code bytes_written}, {@code ratio_to_cp} (concat median over cat median) and the load averages.
 *
 * <p>The splice arm runs with the default checks (page CRCs checked, inputs and output hashed) on a 2-thread
 * engine context of the benchmark's own for hashing, without the syncs ({@code durable(false)}: cat does not sync
 * either); {@code concat-rows-no-input-hash} leaves the inputs unhashed (the output is always hashed), which shows
 * what the provenance's input digests cost; {@code concat-rows-vector-jvm} is the same splice in a fresh JVM per run
 * started with the Vector API ({@code --add-modules jdk.incubator.vector}), start and warm-up included, as the command
 * line runs a large concatenation. Each arm's output is deleted before each of its runs ({@link #measure} says why).
 * Last, the eight inputs given over and over until they pass 4 GiB are spliced in a JVM of {@code -Xmx128m}: memory
 * is bounded by the buffers, whatever the size. {@code -Dconcat.rows=20000} runs the whole benchmark in seconds (a
 * check that it works, not a measurement).
 */
public final class ConcatBench {
  static final int INPUTS = 8;
  static final int ROUNDS = Integer.getInteger("bench.rounds", 5);

  private ConcatBench() {}

  interface Arm {
    /** Runs once; returns {bytes read, bytes written}. */
    long[] run() throws Exception;
  }

  /** An arm and the file it writes, removed (untimed) before each of its timed runs. */
  record Timed(Path output, Arm arm) {}

  public static void run(Path outDir) throws Exception {
    int rows = Integer.getInteger("concat.rows", 2_000_000);
    Path dir = outDir.resolve("concat");
    Files.createDirectories(dir);
    List<Path> inputs = new ArrayList<>();
    for (int k = 0; k < INPUTS; k++) {
      Path p = dir.resolve("input-" + k + ".parquet");
      writeInput(p, k, rows);
      inputs.add(p);
    }
    Path left = dir.resolve("half-left.parquet");
    Path right = dir.resolve("half-right.parquet");
    TableFile first = TableFile.open(inputs.get(0));
    TableWriter.writeTable(left, first.read("id", "a", "b", "c", "s").columns());
    TableWriter.writeTable(right, first.read("l").columns());
    long inputBytes = 0;
    for (Path p : inputs) {
      inputBytes += Files.size(p);
    }
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("concat benchmark: " + INPUTS + " inputs of " + rows + " rows, " + inputBytes + " bytes; "
        + Machine.loadLine());
    EngineContext context = EngineContext.create("bench-concat-hash", 2);
    String evict = evictor();
    Map<String, Timed> arms = new LinkedHashMap<>();
    Path spliced = dir.resolve("spliced.parquet");
    Path joined = dir.resolve("joined.parquet");
    Path catted = dir.resolve("cat.bin");
    // no syncs: cat leaves its bytes in the page cache too (the sync's cost is the write benchmark's subject)
    ConcatOptions withPool = ConcatOptions.builder().context(context).report(false).durable(false).build();
    arms.put("concat-rows", new Timed(spliced, () -> concat(spliced, inputs, Axis.ROWS, withPool)));
    arms.put("cat-rows", new Timed(catted, () -> cat(catted, inputs)));
    arms.put("concat-rows-no-input-hash", new Timed(spliced,
        () -> concat(spliced, inputs, Axis.ROWS, withPool.toBuilder().hashInputs(false).build())));
    arms.put("concat-rows-vector-jvm", new Timed(spliced, () -> vectorJvm(spliced, inputs)));
    arms.put("concat-columns", new Timed(joined, () -> concat(joined, List.of(left, right), Axis.COLUMNS, withPool)));
    arms.put("cat-columns", new Timed(catted, () -> cat(catted, List.of(left, right))));
    Map<String, List<Double>> warm = measure(arms, null, List.of());
    Map<String, List<Double>> cold = new LinkedHashMap<>();
    if (!evict.equals("none")) {
      Map<String, Timed> coldArms = new LinkedHashMap<>();
      coldArms.put("concat-rows-cold", arms.get("concat-rows"));
      coldArms.put("cat-rows-cold", arms.get("cat-rows"));
      cold = measure(coldArms, evict, inputs);
    }
    context.close();
    long[] rowsBytes = arms.get("concat-rows").arm().run();
    long[] noHashBytes = arms.get("concat-rows-no-input-hash").arm().run();
    long[] colsBytes = arms.get("concat-columns").arm().run();
    // memory stays flat whatever the size: the eight inputs given over and over until they pass 4 GiB, spliced in a
    // JVM of 128 MiB of heap
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
    long[] catRows = {inputBytes, inputBytes};
    long halves = Files.size(left) + Files.size(right);
    long[] catCols = {halves, halves};

    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "concat");
    root.put("rows_per_input", rows);
    root.put("inputs", INPUTS);
    root.put("input_bytes", inputBytes);
    root.put("rounds", ROUNDS);
    root.put("evict", evict);
    root.put("resident_after_evict_bytes", residentAfterEvict);
    root.put("hash_executor_threads", 2);
    root.put("concat_rows_xmx128m_input_bytes", largeBytes);
    root.put("concat_rows_xmx128m_inputs", large.size());
    root.put("concat_rows_xmx128m_s", xmx128);
    root.set("load_at_start", loadAtStart);
    root.set("load_at_end", Machine.loadNode());
    ObjectNode out = root.putObject("arms");
    put(out, "concat-rows", warm, rowsBytes, BenchStats.median(warm.get("cat-rows")));
    put(out, "concat-rows-no-input-hash", warm, noHashBytes, BenchStats.median(warm.get("cat-rows")));
    put(out, "concat-rows-vector-jvm", warm, rowsBytes, BenchStats.median(warm.get("cat-rows")));
    put(out, "cat-rows", warm, catRows, BenchStats.median(warm.get("cat-rows")));
    put(out, "concat-columns", warm, colsBytes, BenchStats.median(warm.get("cat-columns")));
    put(out, "cat-columns", warm, catCols, BenchStats.median(warm.get("cat-columns")));
    if (!cold.isEmpty()) {
      put(out, "concat-rows-cold", cold, rowsBytes, BenchStats.median(cold.get("cat-rows-cold")));
      put(out, "cat-rows-cold", cold, catRows, BenchStats.median(cold.get("cat-rows-cold")));
    }
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT, "time to splice %d files of %,d rows into one, artifact-io's"
        + " concat over cat", INPUTS, rows), BenchStats.paired(warm.get("concat-rows"), warm.get("cat-rows")));
    Bench.headline(headlines, String.format(Locale.ROOT, "time to join the columns of %,d-row files, artifact-io's"
        + " concat over cat", rows), BenchStats.paired(warm.get("concat-columns"), warm.get("cat-columns")));
    Path json = outDir.resolve("concat.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.printf(Locale.ROOT, "%-28s %10s %12s %12s %8s%n", "arm", "median_s", "bytes_read", "bytes_written",
        "to_cp");
    out.fields().forEachRemaining(e -> System.out.printf(Locale.ROOT, "%-28s %10.3f %12d %12d %8.2f%n", e.getKey(),
        e.getValue().get("median_s").asDouble(), e.getValue().get("bytes_read").asLong(),
        e.getValue().get("bytes_written").asLong(), e.getValue().get("ratio_to_cp").asDouble()));
    System.out.println("wrote " + json);
    // a splice that reads back wrong is no result: the benchmark checks its own output
    if (TableFile.open(spliced).rows() != (long) INPUTS * rows || TableFile.open(joined).rows() != rows) {
      throw new IllegalStateException("the benchmark's outputs have the wrong row counts");
    }
  }

  private static void put(ObjectNode out, String arm, Map<String, List<Double>> times, long[] bytes, double cp) {
    ObjectNode o = out.putObject(arm);
    List<Double> t = times.get(arm);
    o.put("median_s", BenchStats.median(t));
    o.put("bytes_read", bytes[0]);
    o.put("bytes_written", bytes[1]);
    o.put("ratio_to_cp", BenchStats.median(t) / cp);
    ArrayNode rounds = o.putArray("rounds_s");
    t.forEach(rounds::add);
  }

  /**
   * Every arm once to warm up (unless evicting), then {@link #ROUNDS} rounds of all arms in turn. Before each timed
   * run the arm's output is deleted (untimed), so every arm writes into the pages the last one freed: on this virtual
   * machine, page-cache pages the guest has not touched lately cost about 2 s of kernel time per 1.2 GB to fault in
   * (dd of 1.2 GB into a new file: 2.4-3.0 s of system time; overwriting a file: 0.3-0.5 s), and {@code cat > out}
   * frees the old file's pages before it writes where the splice's atomic publication (temporary file, rename) frees
   * them after; left as they were, the two arms got different memory.
   */
  private static Map<String, List<Double>> measure(Map<String, Timed> arms, String evict, List<Path> inputs)
      throws Exception {
    Map<String, List<Double>> times = new LinkedHashMap<>();
    if (evict == null) {
      for (Timed a : arms.values()) {
        Files.deleteIfExists(a.output());
        a.arm().run();
      }
    }
    for (int round = 0; round < ROUNDS; round++) {
      for (Map.Entry<String, Timed> e : arms.entrySet()) {
        if (evict != null) {
          evict(evict, inputs);
        }
        Files.deleteIfExists(e.getValue().output());
        long t0 = System.nanoTime();
        e.getValue().arm().run();
        times.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add((System.nanoTime() - t0) / 1e9);
      }
    }
    return times;
  }

  private static long[] concat(Path out, List<Path> inputs, Axis axis, ConcatOptions options) {
    ConcatResult r = Concat.concat(out, inputs, axis, options);
    return new long[] {r.bytesRead(), r.bytesWritten()};
  }

  /** {@code cat inputs > out}: the bytes cp would move, through the same page cache. */
  private static long[] cat(Path out, List<Path> inputs) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("cat"));
    inputs.forEach(p -> cmd.add(p.toString()));
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("cat failed");
    }
    long n = Files.size(out);
    return new long[] {n, n};
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
      ConcatResult r;
      if (Boolean.getBoolean("concat.bench-options")) {
        try (EngineContext context = EngineContext.create("bench-concat-hash", 2)) {
          r = Concat.concat(Path.of(args[0]), inputs, Axis.ROWS,
              ConcatOptions.builder().context(context).report(false).durable(false).build());
        }
      } else {
        r = Concat.concat(Path.of(args[0]), inputs, Axis.ROWS, ConcatOptions.defaults());
      }
      String backend = io.github.artifactio.engine.hash.Blake3.backend();
      if (Boolean.getBoolean("concat.require-vector") && !backend.startsWith("vector")) {
        System.out.println("hashed with the " + backend + " back end, not a vector one");
        System.exit(3);
      }
      System.out.println("ok " + r.rows() + " " + backend);
    }

    private Fork() {}
  }

  /**
   * The splice as the command line runs it where the JVM is given the Vector API: a fresh JVM per run, started with
   * {@code --add-modules jdk.incubator.vector}, so its start and its warm-up are in the time; the splice's options are
   * the in-process arm's.
   */
  private static long[] vectorJvm(Path out, List<Path> inputs) throws Exception {
    if (forked(out, inputs, "--add-modules=jdk.incubator.vector", "-Dconcat.bench-options=true",
        "-Dconcat.require-vector=true") < 0) {
      throw new IllegalStateException("the splice in a vector JVM failed");
    }
    return new long[] {0, 0};
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
