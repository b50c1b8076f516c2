package io.github.artifactio.it.bench;

import static io.github.artifactio.it.bench.BenchStats.median;
import static io.github.artifactio.it.bench.BenchStats.round;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.it.bench.TimingBench.Data;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * The write benchmark ({@code mvn -B -pl it -am verify -Pbench -Dbench=write}, {@code it/target/bench/write.json}): the
 * reference table (2,000,000 rows of int32 id, int64, float64, a 200-value float64, utf8 of 7-30 letters,
 * list&lt;float32&gt; of 0-16 items; SNAPPY) written by our writer (one and two threads, hashed or not, durable or
 * not), parquet-java's {@code ParquetWriter} with its example Group API and with a minimal {@code WriteSupport}, and
 * DuckDB ({@code SET threads=1}, {@code COPY t TO ... (FORMAT parquet, COMPRESSION snappy)} from a table already in
 * memory; and the same followed by an fsync of the file and its folder, as our publication does).
 *
 * <p>Harness: {@value #FORKS} forked JVMs; in each, {@value #WARMUP} warm-up rounds then {@value #MEASURED} measured
 * rounds, every round running every writer in a rotated order (so drift on a shared machine hits all alike); every
 * timed write goes to a new file and starts from the same state: the earlier writes' bytes synced to disk, their files
 * deleted and the deletion committed ({@link #RECYCLE}), a collected heap. The figures are the medians over all
 * measured rounds of all forks, each with its ratio to DuckDB's median,
 * and the medians of back-to-back pairs drawn in random order ({@value #PAIRS} per fork): (unhashed, hashed) for
 * hashing's cost, (engine, engine without sync, DuckDB) for the ratio to DuckDB and the sync's share, (one thread, two)
 * durable for the threads' gain, and the same without sync, which splits two threads' time into what the encoding takes
 * and what the device adds after it (the profile of the threads' target). Every measured
 * write is in the JSON with the page cache's unwritten bytes and the load average before it. A separate fork with a
 * small heap writes the table chunk by chunk and reports its peak heap.
 */
public final class WriteBench {
  static final int FORKS = Integer.getInteger("artifact-io.bench.forks", 3);
  static final int WARMUP = 2;
  static final int MEASURED = 3;
  /** Extra back-to-back pairs (and triples) per fork for the paired ratios. */
  static final int PAIRS = 8;
  static final long PAIRS_SEED = 20_261_130L;
  static final int ROWS = TimingBench.ROWS;
  /**
   * Whether every timed write starts with the page cache's dirty data written out (on by default): the writers that do
   * not sync (DuckDB, parquet-java) leave 150 MB for the kernel to write back, and whichever write follows paid for it.
   * {@code -Dartifact-io.bench.settle=false} runs without, to see that effect.
   */
  static final boolean SETTLE = Boolean.parseBoolean(System.getProperty("artifact-io.bench.settle", "true"));
  /**
   * Whether every timed write starts with the fork's earlier outputs deleted and the deletion committed (on by
   * default): the outputs of a fork's 60 or so writes would otherwise fill 9 GB of page cache with pages the next
   * write cannot reuse, and on this VM a page the guest has not touched lately costs about 2 s of system time per
   * 1.2 GB to fault in (a {@code dd} of 1.2 GB into a new file: 2.4-3.0 s of system time; over an existing one:
   * 0.3-0.5 s), a cost of the VM's memory, not of the writer, that every writer then pays in its own syscalls. The
   * deletion is committed before the write (the folder synced, and a pause) because this ext4 is mounted with
   * {@code discard}: the freed blocks are trimmed when the journal commits, which slowed whichever write came next up
   * to 1.8x when the deletion was left to the kernel. {@code -Dartifact-io.bench.recycle=false} keeps every output
   * until the fork ends, as runs before 2026-12-01 21:30 did.
   */
  static final boolean RECYCLE = Boolean.parseBoolean(System.getProperty("artifact-io.bench.recycle", "true"));
  static final String[] NAMES = {
    "engine-1t", "engine-1t-nosync", "engine-2t", "engine-2t-nosync", "engine-1t-hashed", "engine-1t-direct",
    "engine-2t-direct", "parquet-java-group", "parquet-java-writesupport", "duckdb-1t", "duckdb-1t-fsync"
  };

  private WriteBench() {}

  /** One timed write as a fork reported it. */
  record Run(String name, int round, double seconds, long bytes, long unwrittenBefore, double load, double userS,
      double sysS, long minorFaults) {}

  public static void run(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    ObjectNode loadAtStart = Machine.loadNode();
    System.out
        .println("write benchmark: " + Machine.loadLine() + (SETTLE ? "" : "; page cache NOT settled between writes")
            + (RECYCLE ? "" : "; earlier outputs kept"));
    List<Run> runs = new ArrayList<>();
    List<double[]> hashPairs = new ArrayList<>();
    List<double[]> triples = new ArrayList<>();
    List<double[]> threadPairs = new ArrayList<>();
    List<double[]> nosyncThreadPairs = new ArrayList<>();
    for (int f = 0; f < FORKS; f++) {
      Path out = outDir.resolve("write-fork-" + f + ".tsv");
      fork(Fork.class, "6g", out.toString(), outDir.resolve("write-scratch").toString(), "all", String.valueOf(SETTLE),
          String.valueOf(RECYCLE));
      read(out, runs, hashPairs, triples, threadPairs, nosyncThreadPairs);
    }
    // blake3 has a Vector API back end, 2.5x the scalar one, in a JVM started with the incubator module: how much
    // hashing costs there, in forks of their own (the module changes nothing else the writers do)
    List<Run> vectorRuns = new ArrayList<>();
    List<double[]> vectorPairs = new ArrayList<>();
    for (int f = 0; f < FORKS; f++) {
      Path out = outDir.resolve("write-vector-fork-" + f + ".tsv");
      fork(Fork.class, "6g", List.of("--add-modules", "jdk.incubator.vector"), out.toString(),
          outDir.resolve("write-scratch").toString(), "engine-1t,engine-1t-hashed", String.valueOf(SETTLE),
          String.valueOf(RECYCLE));
      read(out, vectorRuns, vectorPairs, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }
    Path memOut = outDir.resolve("write-memory.tsv");
    fork(MemoryFork.class, "128m", memOut.toString(), outDir.resolve("write-scratch").toString());
    String[] mem = Files.readString(memOut).trim().split("\t");

    Map<String, List<Run>> byArm = new LinkedHashMap<>();
    for (String n : NAMES) {
      byArm.put(n, new ArrayList<>());
    }
    runs.forEach(r -> byArm.get(r.name()).add(r));
    double duck = median(seconds(byArm.get("duckdb-1t")));
    double oneThread = median(seconds(byArm.get("engine-1t")));
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("benchmark", "write");
    root.put("rows", ROWS);
    root.put("forks", FORKS);
    root.put("settled_page_cache", SETTLE);
    root.put("earlier_outputs_deleted", RECYCLE);
    root.set("load_at_start", loadAtStart);
    ArrayNode arms = root.putArray("arms");
    System.out.println();
    System.out.printf(Locale.ROOT, "%-28s %10s %14s %16s  %s%n", "name", "median_s", "bytes", "ratio_to_duckdb",
        "every measured round, s");
    for (String n : NAMES) {
      List<Run> rs = byArm.get(n);
      double m = median(seconds(rs));
      long bytes = rs.get(rs.size() - 1).bytes();
      System.out.printf(Locale.ROOT, "%-28s %10.3f %,14d %16.2f  %s%n", n, m, bytes, m / duck, rounds(rs));
      armNode(arms.addObject(), n, m, bytes, m / duck, rs);
    }
    double[] engineToDuck = column(triples, 0, 2);
    double[] nosyncToDuck = column(triples, 1, 2);
    double[] nosyncToEngine = column(triples, 1, 0);
    double[] hashed = column(hashPairs, 1, 0);
    double[] hashedVector = column(vectorPairs, 1, 0);
    ObjectNode paired = root.putObject("paired");
    paired.put("pairs", triples.size());
    paired.put("engine_1t_to_duckdb_1t", round(median(engineToDuck)));
    paired.put("engine_1t_nosync_to_duckdb_1t", round(median(nosyncToDuck)));
    paired.put("engine_1t_nosync_to_engine_1t", round(median(nosyncToEngine)));
    paired.put("hashed_to_unhashed", round(median(hashed)));
    paired.put("hashed_pairs", hashed.length);
    paired.put("hashed_to_unhashed_vector_jvm", round(median(hashedVector)));
    double[] twoToOne = column(threadPairs, 1, 0);
    paired.put("engine_2t_to_engine_1t", round(median(twoToOne)));
    paired.put("thread_pairs", twoToOne.length);
    double[] twoToOneNosync = column(nosyncThreadPairs, 1, 0);
    paired.put("engine_2t_nosync_to_engine_1t_nosync", round(median(twoToOneNosync)));
    paired.put("nosync_thread_pairs", twoToOneNosync.length);
    double twoThreads = median(seconds(byArm.get("engine-2t")));
    double twoNosync = median(seconds(byArm.get("engine-2t-nosync")));
    paired.put("engine_2t_device_share", round(1 - twoNosync / twoThreads));
    // the spread of each paired ratio: how far its rounds scatter around the median above
    ObjectNode spread = root.putObject("paired_spread");
    spread.set("engine_1t_to_duckdb_1t", BenchStats.Summary.of(engineToDuck).json());
    spread.set("engine_2t_to_engine_1t", BenchStats.Summary.of(twoToOne).json());
    spread.set("hashed_to_unhashed", BenchStats.Summary.of(hashed).json());
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT, "durable write time of %,d rows on one thread, artifact-io"
        + " over DuckDB's COPY", ROWS), BenchStats.Summary.of(engineToDuck));
    System.out.printf(Locale.ROOT,
        "%nengine-1t / duckdb-1t: %.2f from the medians, %.2f as the median of %d back-to-back"
            + " triples (issue 14's target <= 0.80)%n",
        oneThread / duck, median(engineToDuck), engineToDuck.length);
    System.out.printf(Locale.ROOT, "engine-1t-nosync / duckdb-1t: %.2f from the medians, %.2f paired (neither syncs)%n",
        median(seconds(byArm.get("engine-1t-nosync"))) / duck, median(nosyncToDuck));
    System.out.printf(Locale.ROOT,
        "the sync's share of a durable write: %.0f%% (1 - engine-1t-nosync / engine-1t, paired"
            + " median %.2f)%n",
        100 * (1 - median(nosyncToEngine)), median(nosyncToEngine));
    for (String n : List.of("engine-1t", "duckdb-1t")) {
      List<Run> rs = byArm.get(n);
      System.out.printf(Locale.ROOT, "%s: median user %.2f s, kernel %.2f s, %,.0f minor page faults a write%n", n,
          median(rs.stream().map(Run::userS).toList()), median(rs.stream().map(Run::sysS).toList()),
          median(rs.stream().map(r -> (double) r.minorFaults()).toList()));
    }
    System.out.printf(Locale.ROOT, "duckdb-1t-fsync / duckdb-1t: %.2f (DuckDB's COPY made durable the same way)%n",
        median(seconds(byArm.get("duckdb-1t-fsync"))) / duck);
    System.out.printf(Locale.ROOT,
        "engine-2t / engine-1t = %.2f from the medians, %.2f as the median of %d back-to-back"
            + " pairs (issue 14's target <= 0.60)%n",
        median(seconds(byArm.get("engine-2t"))) / oneThread,
        median(twoToOne), twoToOne.length);
    System.out.printf(Locale.ROOT, "  without sync (encoding and page-cache writes only): engine-2t-nosync /"
        + " engine-1t-nosync = %.2f paired over %d pairs; engine-2t %.3f s against engine-2t-nosync %.3f s: %.0f%% of"
        + " the durable write on two threads is the device's, after the encoding%n", median(twoToOneNosync),
        twoToOneNosync.length, twoThreads, twoNosync, 100 * (1 - twoNosync / twoThreads));
    double oneDirect = median(seconds(byArm.get("engine-1t-direct")));
    System.out.printf(Locale.ROOT, "with direct IO: engine-1t-direct / engine-1t = %.2f, engine-1t-direct / duckdb-1t ="
        + " %.2f, engine-2t-direct / engine-1t-direct = %.2f%n", oneDirect / oneThread, oneDirect / duck,
        median(seconds(byArm.get("engine-2t-direct"))) / oneDirect);
    System.out.printf(Locale.ROOT,
        "engine-1t-hashed / engine-1t: %.2f from the medians, %.2f over %d back-to-back pairs (target <= 1.05)%n",
        median(seconds(byArm.get("engine-1t-hashed"))) / oneThread, median(hashed), hashed.length);
    List<Double> v1 = new ArrayList<>();
    List<Double> vh = new ArrayList<>();
    vectorRuns.forEach(r -> (r.name().equals("engine-1t") ? v1 : vh).add(r.seconds()));
    System.out.printf(Locale.ROOT,
        "with --add-modules jdk.incubator.vector (blake3's vector back end): engine-1t %.3f s, engine-1t-hashed %.3f s,"
            + " hashed / unhashed = %.2f, in back-to-back pairs %.2f%n",
        median(v1), median(vh), median(vh) / median(v1), median(hashedVector));
    System.out.printf(Locale.ROOT,
        "chunked write (65,536-row chunks, 131,072-row groups) under -Xmx128m: peak live heap %.1f MB; largest row"
            + " group %.1f MB encoded, one input chunk %.1f MB, JVM baseline %.1f MB%n",
        Long.parseLong(mem[0]) / 1e6, Long.parseLong(mem[1]) / 1e6, Long.parseLong(mem[2]) / 1e6,
        Long.parseLong(mem[3]) / 1e6);
    ObjectNode vector = root.putObject("vector_jvm");
    vector.put("engine_1t_median_s", round(median(v1)));
    vector.put("engine_1t_hashed_median_s", round(median(vh)));
    ObjectNode memory = root.putObject("memory");
    memory.put("peak_heap_bytes", Long.parseLong(mem[0]));
    memory.put("largest_row_group_bytes", Long.parseLong(mem[1]));
    memory.put("chunk_bytes", Long.parseLong(mem[2]));
    memory.put("baseline_heap_bytes", Long.parseLong(mem[3]));
    root.set("load_at_end", Machine.loadNode());
    System.out.println(Machine.loadLine() + " at the end");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(outDir.resolve("write.json").toFile(),
        root);
    System.out.println("wrote " + outDir.resolve("write.json"));
  }

  /**
   * Reads a fork's TSV: timed runs, hash pairs (unhashed, hashed), triples (engine, engine-nosync, duckdb) and thread
   * pairs (engine-1t, engine-2t), durable and not.
   */
  static void read(Path tsv, List<Run> runs, List<double[]> pairs, List<double[]> triples, List<double[]> threadPairs,
      List<double[]> nosyncThreadPairs) throws IOException {
    for (String line : Files.readAllLines(tsv)) {
      String[] p = line.split("\t");
      switch (p[0]) {
        case "run" -> runs.add(new Run(p[1], Integer.parseInt(p[2]), Double.parseDouble(p[3]), Long.parseLong(p[4]),
            Long.parseLong(p[5]), Double.parseDouble(p[6]), Double.parseDouble(p[7]), Double.parseDouble(p[8]),
            Long.parseLong(p[9])));
        case "pair" -> pairs.add(new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2])});
        case "threads" -> threadPairs.add(new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2])});
        case "threads-nosync" ->
            nosyncThreadPairs.add(new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2])});
        case "triple" -> triples.add(
            new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3])});
        default -> throw new IllegalStateException("unknown line in " + tsv + ": " + line);
      }
    }
  }

  static void armNode(ObjectNode o, String name, double median, long bytes, double ratio, List<Run> rs) {
    o.put("name", name);
    o.put("median_s", round(median));
    o.put("bytes", bytes);
    o.put("ratio_to_duckdb", round(ratio));
    o.put("runs", rs.size());
    o.put("median_cpu_user_s", round(median(rs.stream().map(Run::userS).toList())));
    o.put("median_cpu_sys_s", round(median(rs.stream().map(Run::sysS).toList())));
    o.put("median_minor_faults", median(rs.stream().map(r -> (double) r.minorFaults()).toList()));
    ArrayNode rounds = o.putArray("rounds");
    for (Run r : rs) {
      ObjectNode x = rounds.addObject();
      x.put("round", r.round());
      x.put("s", round(r.seconds()));
      x.put("unwritten_bytes_before", r.unwrittenBefore());
      x.put("load_1m", r.load());
      x.put("cpu_user_s", r.userS());
      x.put("cpu_sys_s", r.sysS());
      x.put("minor_faults", r.minorFaults());
    }
  }

  static String rounds(List<Run> rs) {
    StringBuilder b = new StringBuilder();
    for (Run r : rs) {
      b.append(String.format(Locale.ROOT, "%.2f ", r.seconds()));
    }
    return b.toString().trim();
  }

  static List<Double> seconds(List<Run> rs) {
    List<Double> out = new ArrayList<>(rs.size());
    rs.forEach(r -> out.add(r.seconds()));
    return out;
  }

  /** Ratios {@code row[a] / row[b]} over paired rows. */
  static double[] column(List<double[]> rows, int a, int b) {
    return rows.stream().mapToDouble(r -> r[a] / r[b]).toArray();
  }

  private static String frozenClasspath;

  /**
   * This run's classpath with the project's own jars copied aside once: a rebuild of the tree while the forks run
   * (a long benchmark on a shared machine) must not change the code a later fork measures.
   */
  static synchronized String classpath() throws IOException {
    if (frozenClasspath == null) {
      Path dir = Files.createTempDirectory("artifact-io-bench-cp");
      List<String> out = new ArrayList<>();
      for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
        Path p = Path.of(entry);
        if (entry.contains("artifact-io") && Files.isRegularFile(p)) {
          Path copy = dir.resolve(p.getFileName());
          Files.copy(p, copy);
          out.add(copy.toString());
        } else {
          out.add(entry);
        }
      }
      frozenClasspath = String.join(java.io.File.pathSeparator, out);
    }
    return frozenClasspath;
  }

  static void fork(Class<?> main, String heap, String... args) throws IOException, InterruptedException {
    fork(main, heap, List.of(), args);
  }

  static void fork(Class<?> main, String heap, List<String> jvmArgs, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + heap);
    cmd.addAll(jvmArgs);
    cmd.addAll(Machine.jvmArgs());
    cmd.add("-cp");
    cmd.add(classpath());
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException(main.getSimpleName() + " fork failed");
    }
  }

  /**
   * One forked JVM: warm up, then measured rounds of every writer in rotated order, then back-to-back pairs (hashed or
   * not), triples (engine, engine without sync, DuckDB) and thread pairs (one thread, two) in an order drawn at random.
   * Arguments: the TSV to write, the scratch folder, the arms ({@code all} or a comma list), whether to settle the page
   * cache before each write, whether to delete the earlier outputs before each write.
   */
  public static final class Fork {
    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]);
      Path scratch = Path.of(args[1]);
      boolean settle = Boolean.parseBoolean(args[3]);
      boolean recycle = Boolean.parseBoolean(args[4]);
      Files.createDirectories(scratch);
      Data data = TimingBench.generate(ROWS, 20_240_601L);
      List<Column> cols = data.columns();
      MessageType schema = TimingBench.schema();
      Path loaded = scratch.resolve("reference.parquet");
      TableWriter.writeTable(loaded, cols);
      WriteOptions noSync = WriteOptions.builder().durable(false).build();
      // engine-2t encodes on two context threads and the caller's, and syncs early on the context's spare turn (a
      // durable write's EarlyWriteback); the hashed write hashes on a context of one thread
      // while its own thread encodes (the hasher holds that thread's only turn), as a writer with a hasher thread did
      try (EngineContext pool = EngineContext.create("bench-codec", 2);
          EngineContext hashing = EngineContext.create("bench-hash", 1);
          Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
        try (Statement s = duck.createStatement()) {
          s.execute("SET threads=1");
          s.execute("CREATE TABLE t AS SELECT * FROM read_parquet('" + loaded + "')");
        }
        Map<String, Writer> writers = new LinkedHashMap<>();
        writers.put("engine-1t", f -> TableWriter.writeTable(f, cols, WriteOptions.defaults()));
        writers.put("engine-1t-nosync", f -> TableWriter.writeTable(f, cols, noSync));
        writers.put("engine-2t", f -> TableWriter.writeTable(f, cols, WriteOptions.defaults(), pool));
        writers.put("engine-2t-nosync", f -> TableWriter.writeTable(f, cols, noSync, pool));
        // direct IO (WriteOptions.directIo): the same bytes, not through the page cache
        WriteOptions direct = WriteOptions.builder().directIo(true).build();
        writers.put("engine-1t-direct", f -> TableWriter.writeTable(f, cols, direct));
        writers.put("engine-2t-direct", f -> TableWriter.writeTable(f, cols, direct, pool));
        WriteOptions hashed = WriteOptions.builder().contentHash().build();
        writers.put("engine-1t-hashed", f -> TableWriter.writeTable(f, cols, hashed, hashing));
        writers.put("parquet-java-group", f -> TimingBench.writeParquetJava(data, schema, f));
        writers.put("parquet-java-writesupport", f -> writeSupport(data, schema, f));
        writers.put("duckdb-1t", f -> copy(duck, f));
        writers.put("duckdb-1t-fsync", f -> {
          copy(duck, f);
          fsync(f); // what our writer's publication does: the file, then its folder
          fsync(f.getParent());
        });
        StringBuilder tsv = new StringBuilder();
        List<String> names = new ArrayList<>(writers.keySet());
        if (!args[2].equals("all")) {
          names.retainAll(List.of(args[2].split(",")));
        }
        Timer timer = new Timer(scratch, settle, recycle);
        for (int round = 0; round < WARMUP + MEASURED; round++) {
          for (int k = 0; k < names.size(); k++) {
            String name = names.get((k + round) % names.size());
            Timer.Timed t = timer.time(writers.get(name), name);
            if (round >= WARMUP) {
              tsv.append(String.format(Locale.ROOT, "run\t%s\t%d\t%s\t%d\t%d\t%s\t%s\t%s\t%d%n", name, round - WARMUP,
                  t.seconds(), t.bytes(), t.unwrittenBefore(), t.load(), t.userS(), t.sysS(), t.minorFaults()));
            }
            System.out.printf(Locale.ROOT,
                "  %s round %d: %-26s %.3f s (user %.2f s, sys %.2f s, %,d page faults; %.0f MB unwritten before, load"
                    + " %.2f)%n",
                round < WARMUP ? "warm-up " : "measured", round, name, t.seconds(), t.userS(), t.sysS(),
                t.minorFaults(), t.unwrittenBefore() / 1e6, t.load());
          }
        }
        // the paired ratios: the same arms back to back in an order drawn at random; a ratio within a pair cancels the
        // drift of a shared machine that medians over rounds only average, and the random order keeps a periodic
        // slowdown (this machine's disk slowed every fourth write or so) from landing on one arm
        java.util.Random coin = new java.util.Random(PAIRS_SEED + out.getFileName().toString().hashCode());
        if (names.contains("engine-1t") && names.contains("engine-1t-hashed")) {
          for (int pair = 0; pair < PAIRS; pair++) {
            double[] t = timer.inRandomOrder(coin, writers, "engine-1t", "engine-1t-hashed");
            tsv.append(String.format(Locale.ROOT, "pair\t%s\t%s%n", t[0], t[1]));
            System.out.printf(Locale.ROOT, "  hash pair %d: %.3f s / %.3f s = %.3f%n", pair, t[1], t[0], t[1] / t[0]);
          }
        }
        if (names.contains("duckdb-1t") && names.contains("engine-1t-nosync")) {
          for (int triple = 0; triple < PAIRS; triple++) {
            double[] t = timer.inRandomOrder(coin, writers, "engine-1t", "engine-1t-nosync", "duckdb-1t");
            tsv.append(String.format(Locale.ROOT, "triple\t%s\t%s\t%s%n", t[0], t[1], t[2]));
            System.out.printf(Locale.ROOT, "  triple %d: engine %.3f s, engine-nosync %.3f s, duckdb %.3f s%n", triple,
                t[0], t[1], t[2]);
          }
        }
        if (names.contains("engine-1t") && names.contains("engine-2t")) {
          for (int pair = 0; pair < PAIRS; pair++) {
            double[] t = timer.inRandomOrder(coin, writers, "engine-1t", "engine-2t");
            tsv.append(String.format(Locale.ROOT, "threads\t%s\t%s%n", t[0], t[1]));
            System.out.printf(Locale.ROOT, "  thread pair %d: %.3f s / %.3f s = %.3f%n", pair, t[1], t[0], t[1] / t[0]);
          }
        }
        if (names.contains("engine-1t-nosync") && names.contains("engine-2t-nosync")) {
          for (int pair = 0; pair < PAIRS; pair++) {
            double[] t = timer.inRandomOrder(coin, writers, "engine-1t-nosync", "engine-2t-nosync");
            tsv.append(String.format(Locale.ROOT, "threads-nosync\t%s\t%s%n", t[0], t[1]));
            System.out.printf(Locale.ROOT, "  thread pair without sync %d: %.3f s / %.3f s = %.3f%n", pair, t[1], t[0],
                t[1] / t[0]);
          }
        }
        Files.writeString(out, tsv.toString(), StandardCharsets.UTF_8);
      } finally {
        deleteWritten(scratch);
      }
    }

    static void copy(Connection duck, Path f) throws Exception {
      try (Statement s = duck.createStatement()) {
        s.execute("COPY t TO '" + f + "' (FORMAT parquet, COMPRESSION snappy)");
      }
    }
  }

  static void fsync(Path p) throws IOException {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  /**
   * Times writes, each to a new file, each from the same starting point: the page cache's dirty data written out
   * (outside the timed window: our writer syncs what it writes, DuckDB and parquet-java do not, and the kernel's
   * write-back of their 150 MB otherwise lands in whichever write comes next), a collected heap and a short pause.
   */
  static final class Timer {
    record Timed(double seconds, long bytes, long unwrittenBefore, double load, double userS, double sysS,
        long minorFaults) {}

    private final Path scratch;
    private final boolean settle;
    private final boolean recycle;
    private final List<Path> unsynced = new ArrayList<>();

    Timer(Path scratch, boolean settle, boolean recycle) {
      this.scratch = scratch;
      this.settle = settle;
      this.recycle = recycle;
    }

    Timed time(Writer writer, String name) throws Exception {
      Path f = fresh(scratch, name);
      if (settle) {
        for (Path p : unsynced) {
          fsync(p);
        }
        unsynced.clear();
      }
      if (recycle) {
        deleteWritten(scratch);
        fsync(scratch); // commits the deletion: the discard of the freed blocks happens now, untimed
      }
      System.gc();
      Thread.sleep(200);
      long unwritten = Machine.unwrittenBytes();
      double load = Machine.loadAverages()[0];
      double[] cpu0 = Machine.processCpu();
      long t0 = System.nanoTime();
      writer.write(f);
      double s = (System.nanoTime() - t0) / 1e9;
      double[] cpu1 = Machine.processCpu();
      unsynced.add(f);
      return new Timed(s, Files.size(f), unwritten, load, cpu1[0] - cpu0[0], cpu1[1] - cpu0[1],
          (long) (cpu1[2] - cpu0[2]));
    }

    /** The named arms back to back, in an order drawn from {@code coin}; times in the order of {@code arms}. */
    double[] inRandomOrder(java.util.Random coin, Map<String, Writer> writers, String... arms) throws Exception {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < arms.length; i++) {
        order.add(i);
      }
      java.util.Collections.shuffle(order, coin);
      double[] t = new double[arms.length];
      for (int i : order) {
        t[i] = time(writers.get(arms[i]), arms[i]).seconds();
      }
      return t;
    }
  }

  private static int written;

  /**
   * A new file name for every timed write. Deleting a 150 MB file just before the next write without committing the
   * deletion (on this machine's ext4, mounted with {@code discard}, the freed blocks are trimmed when the journal
   * commits) made whichever writer followed itself up to 1.8x slower, which is the filesystem's cost, not the writer's:
   * see {@link #RECYCLE}.
   */
  static Path fresh(Path scratch, String name) {
    return scratch.resolve(name + "-" + (written++) + ".parquet");
  }

  /** Deletes the fork's written files (every file of the scratch folder but the reference table). */
  static void deleteWritten(Path scratch) throws IOException {
    try (var files = Files.list(scratch)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (!p.getFileName().toString().equals("reference.parquet")) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /**
   * A chunked, capped write under a small heap (the 2,000,000-row table takes some 175 MB as arrays; the fork gets
   * {@code -Xmx128m}): its live heap, measured after a full GC before each chunk is made, plus the chunk itself.
   */
  public static final class MemoryFork {
    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]);
      Path scratch = Path.of(args[1]);
      Files.createDirectories(scratch);
      int chunkRows = 65_536;
      int cap = 131_072;
      System.gc();
      long baseline = heapUsed();
      Path f = scratch.resolve("chunked.parquet");
      long[] chunkBytes = new long[1];
      long[] liveMax = new long[1];
      TableWriter.writeTableChunked(
          f,
          ROWS,
          (a, b) -> {
            // the live heap between chunks: the writer's row group in progress (the previous chunk is garbage)
            System.gc();
            liveMax[0] = Math.max(liveMax[0], heapUsed());
            // each chunk is generated on demand and dropped after: only one is ever resident
            Data d = TimingBench.generate((int) (b - a), 1000 + a);
            chunkBytes[0] = Math.max(chunkBytes[0], bytesOf(d));
            return d.columns();
          },
          WriteOptions.builder().rowGroupRows(cap).build(),
          EngineContext.serial()); // null is refused since the EngineContext change
      long peak = liveMax[0] + chunkBytes[0];
      long largestGroup = 0;
      for (var g : TableFile.open(f).rowGroups()) {
        largestGroup = Math.max(largestGroup, g.compressedByteSize());
      }
      Files.writeString(out, peak + "\t" + largestGroup + "\t" + chunkBytes[0] + "\t" + baseline + "\n");
    }

    static long bytesOf(Data d) {
      return 4L * d.id().length + 8L * d.i64().length + 8L * d.f64().length + 8L * d.f64Cat().length
          + d.nameData().length + 4L * d.nameOffsets().length + 4L * d.traceOffsets().length
          + 4L * d.traceValues().length;
    }

    static long heapUsed() {
      long n = 0;
      for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
        if (p.getType() == MemoryType.HEAP) {
          n += p.getUsage().getUsed();
        }
      }
      return n;
    }

  }

  @FunctionalInterface
  interface Writer {
    void write(Path file) throws Exception;
  }

  // ---- parquet-java with a minimal WriteSupport: rows fed straight from the arrays, no Group objects

  static void writeSupport(Data d, MessageType schema, Path file) throws IOException {
    try (ParquetWriter<Integer> w =
        new RowsBuilder(new LocalOutputFile(file), d, schema)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build()) {
      for (int i = 0; i < d.id().length; i++) {
        w.write(i);
      }
    }
  }

  private static final class RowsBuilder extends ParquetWriter.Builder<Integer, RowsBuilder> {
    private final Data data;
    private final MessageType schema;

    RowsBuilder(OutputFile file, Data data, MessageType schema) {
      super(file);
      this.data = data;
      this.schema = schema;
    }

    @Override
    protected RowsBuilder self() {
      return this;
    }

    @Override
    protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
      return new Rows(data, schema);
    }
  }

  /** Writes row {@code i} of the arrays: the least a WriteSupport can do. */
  private static final class Rows extends WriteSupport<Integer> {
    private final Data d;
    private final MessageType schema;
    private RecordConsumer rc;

    Rows(Data d, MessageType schema) {
      this.d = d;
      this.schema = schema;
    }

    @Override
    public WriteContext init(Configuration configuration) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      rc = recordConsumer;
    }

    @Override
    public void write(Integer row) {
      int i = row;
      rc.startMessage();
      rc.startField("id", 0);
      rc.addInteger(d.id()[i]);
      rc.endField("id", 0);
      rc.startField("v_i64", 1);
      rc.addLong(d.i64()[i]);
      rc.endField("v_i64", 1);
      rc.startField("v_f64", 2);
      rc.addDouble(d.f64()[i]);
      rc.endField("v_f64", 2);
      rc.startField("f64_cat", 3);
      rc.addDouble(d.f64Cat()[i]);
      rc.endField("f64_cat", 3);
      rc.startField("name", 4);
      int lo = d.nameOffsets()[i];
      rc.addBinary(Binary.fromConstantByteArray(d.nameData(), lo, d.nameOffsets()[i + 1] - lo));
      rc.endField("name", 4);
      rc.startField("trace", 5);
      rc.startGroup();
      int a = d.traceOffsets()[i];
      int b = d.traceOffsets()[i + 1];
      if (b > a) {
        rc.startField("list", 0);
        for (int k = a; k < b; k++) {
          rc.startGroup();
          rc.startField("item", 0);
          rc.addFloat(d.traceValues()[k]);
          rc.endField("item", 0);
          rc.endGroup();
        }
        rc.endField("list", 0);
      }
      rc.endGroup();
      rc.endField("trace", 5);
      rc.endMessage();
    }
  }
}
