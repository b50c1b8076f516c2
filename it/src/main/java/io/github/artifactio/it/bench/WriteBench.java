package io.github.artifactio.it.bench;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.CodecPool;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.it.bench.TimingBench.Data;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The write benchmark of the writer issue: the reference table (2,000,000 rows of int32 id, int64, float64, a
 * 200-value float64, utf8 of 7-30 letters, list&lt;float32&gt; of 0-16 items; SNAPPY) written by our writer (one and
 * two threads, hashed and not), parquet-java's {@code ParquetWriter} with its example Group API and with a minimal
 * {@code WriteSupport}, and DuckDB ({@code SET threads=1}, {@code COPY t TO ... (FORMAT parquet, COMPRESSION snappy)}
 * from a table already in memory).
 *
 * <p>Harness: {@value #FORKS} forked JVMs; in each, {@value #WARMUP} warm-up rounds then {@value #MEASURED} measured
 * rounds, every round running every writer in a rotated order (so drift on a shared machine hits all alike); the
 * reported figure is the median over all measured rounds of all forks, and each writer's ratio is to DuckDB's median
 * of the same run. Hashing's cost is also measured as {@value #PAIRS} back-to-back (unhashed, hashed) pairs per fork,
 * reported as the median of the pairs' ratios: on a shared machine whose speed drifts by tens of percent between
 * rounds, the ratio of two medians swings more than the cost it measures. A separate fork with a small heap writes the
 * table chunk by chunk and reports its peak heap.
 */
public final class WriteBench {
  static final int FORKS = Integer.getInteger("artifactio.bench.forks", 3);
  static final int WARMUP = 2;
  static final int MEASURED = 3;
  /** Extra back-to-back (unhashed, hashed) pairs per fork for the paired hashing ratio. */
  static final int PAIRS = 8;
  static final long PAIRS_SEED = 20_261_130L;
  static final int ROWS = TimingBench.ROWS;
  static final String[] NAMES = {
    "engine-1t", "engine-2t", "engine-1t-hashed", "parquet-java-group", "parquet-java-writesupport", "duckdb-1t"
  };

  private WriteBench() {}

  public static void run(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    Map<String, List<Double>> times = new LinkedHashMap<>();
    Map<String, Long> bytes = new HashMap<>();
    List<Double> pairs = new ArrayList<>();
    List<Double> vectorPairs = new ArrayList<>();
    for (String n : NAMES) {
      times.put(n, new ArrayList<>());
    }
    for (int f = 0; f < FORKS; f++) {
      Path out = outDir.resolve("write-fork-" + f + ".tsv");
      fork(Fork.class, "6g", out.toString(), outDir.resolve("write-scratch").toString());
      for (String line : Files.readAllLines(out)) {
        String[] p = line.split("\t");
        if (p[0].equals("pair")) {
          pairs.add(Double.parseDouble(p[1]));
          continue;
        }
        times.get(p[0]).add(Double.parseDouble(p[1]));
        bytes.put(p[0], Long.parseLong(p[2]));
      }
    }
    // blake3 has a Vector API back end, 2.5x the scalar one, in a JVM started with the incubator module: how much
    // hashing costs there, in forks of their own (the module changes nothing else the writers do)
    Map<String, List<Double>> vector = new LinkedHashMap<>();
    vector.put("engine-1t", new ArrayList<>());
    vector.put("engine-1t-hashed", new ArrayList<>());
    for (int f = 0; f < FORKS; f++) {
      Path out = outDir.resolve("write-vector-fork-" + f + ".tsv");
      fork(Fork.class, "6g", List.of("--add-modules", "jdk.incubator.vector"), out.toString(),
          outDir.resolve("write-scratch").toString(), "engine-1t,engine-1t-hashed");
      for (String line : Files.readAllLines(out)) {
        String[] p = line.split("\t");
        if (p[0].equals("pair")) {
          vectorPairs.add(Double.parseDouble(p[1]));
          continue;
        }
        vector.get(p[0]).add(Double.parseDouble(p[1]));
      }
    }
    Path memOut = outDir.resolve("write-memory.tsv");
    fork(MemoryFork.class, "128m", memOut.toString(), outDir.resolve("write-scratch").toString());
    String[] mem = Files.readString(memOut).trim().split("\t");

    double duck = median(times.get("duckdb-1t"));
    double oneThread = median(times.get("engine-1t"));
    List<String> entries = new ArrayList<>();
    System.out.println();
    System.out.printf(Locale.ROOT, "%-28s %10s %14s %16s%n", "name", "median_s", "bytes", "ratio_to_duckdb");
    for (String n : NAMES) {
      double m = median(times.get(n));
      System.out.printf(Locale.ROOT, "%-28s %10.3f %,14d %16.2f%n", n, m, bytes.get(n), m / duck);
      entries.add(entry(n, m, bytes.get(n), m / duck, times.get(n).size()));
    }
    System.out.printf(Locale.ROOT, "%nengine-2t / engine-1t = %.2f (target <= 0.70)%n", median(times.get("engine-2t")) / oneThread);
    System.out.printf(Locale.ROOT, "engine-1t-hashed / engine-1t = %.2f (target <= 1.10)%n",
        median(times.get("engine-1t-hashed")) / oneThread);
    System.out.printf(Locale.ROOT,
        "engine-1t-hashed / engine-1t in back-to-back pairs: median %.2f over %d pairs (target <= 1.10)%n",
        median(pairs), pairs.size());
    System.out.printf(Locale.ROOT, "engine-1t / duckdb-1t = %.2f (target <= 1.00)%n", oneThread / duck);
    double v1 = median(vector.get("engine-1t"));
    double vh = median(vector.get("engine-1t-hashed"));
    System.out.printf(Locale.ROOT,
        "with --add-modules jdk.incubator.vector (blake3's vector back end): engine-1t %.3f s, engine-1t-hashed %.3f s,"
            + " hashed / unhashed = %.2f, in back-to-back pairs %.2f%n", v1, vh, vh / v1, median(vectorPairs));
    System.out.printf(Locale.ROOT,
        "chunked write (65,536-row chunks, 131,072-row groups) under -Xmx128m: peak live heap %.1f MB; largest row group"
            + " %.1f MB encoded, one input chunk %.1f MB, JVM baseline %.1f MB%n",
        Long.parseLong(mem[0]) / 1e6, Long.parseLong(mem[1]) / 1e6, Long.parseLong(mem[2]) / 1e6,
        Long.parseLong(mem[3]) / 1e6);
    entries.add(entry("engine-1t-vector-jvm", v1, bytes.get("engine-1t"), v1 / duck, vector.get("engine-1t").size()));
    entries.add(entry(
        "engine-1t-hashed-vector-jvm", vh, bytes.get("engine-1t"), vh / duck, vector.get("engine-1t-hashed").size()));
    entries.add(pairEntry("hash-cost-paired", pairs));
    entries.add(pairEntry("hash-cost-paired-vector-jvm", vectorPairs));
    Files.writeString(outDir.resolve("write.json"), "[\n" + String.join(",\n", entries) + "\n]\n");
    Files.writeString(
        outDir.resolve("write-memory.json"),
        String.format(Locale.ROOT,
            "{\"peak_heap_bytes\": %s, \"largest_row_group_bytes\": %s, \"chunk_bytes\": %s, \"baseline_heap_bytes\": %s}%n",
            mem[0], mem[1], mem[2], mem[3]));
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
    cmd.add("-cp");
    cmd.add(classpath());
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException(main.getSimpleName() + " fork failed");
    }
  }

  static String entry(String name, double median, long bytes, double ratio, int runs) {
    return String.format(Locale.ROOT,
        "  {\"name\": \"%s\", \"median_s\": %.4f, \"bytes\": %d, \"ratio_to_duckdb\": %.3f, \"runs\": %d}",
        name, median, bytes, ratio, runs);
  }

  /** The paired hashing ratio: the median over pairs of hashed / unhashed time (not a time, so no ratio to DuckDB). */
  static String pairEntry(String name, List<Double> ratios) {
    return String.format(Locale.ROOT,
        "  {\"name\": \"%s\", \"median_ratio_hashed_to_unhashed\": %.3f, \"pairs\": %d}",
        name, median(ratios), ratios.size());
  }

  static double median(List<Double> xs) {
    double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
  }

  /** One forked JVM: warm up, then measured rounds of every writer in rotated order. */
  public static final class Fork {
    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]);
      Path scratch = Path.of(args[1]);
      Files.createDirectories(scratch);
      Data data = TimingBench.generate(ROWS, 20_240_601L);
      List<Column> cols = data.columns();
      MessageType schema = TimingBench.schema();
      Path loaded = scratch.resolve("reference.parquet");
      TableWriter.writeTable(loaded, cols);
      try (CodecPool pool = CodecPool.create("bench-codec", 2);
          Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
        try (Statement s = duck.createStatement()) {
          s.execute("SET threads=1");
          s.execute("CREATE TABLE t AS SELECT * FROM read_parquet('" + loaded + "')");
        }
        Map<String, Writer> writers = new LinkedHashMap<>();
        writers.put("engine-1t", f -> TableWriter.writeTable(f, cols, WriteOptions.defaults()));
        writers.put("engine-2t", f -> TableWriter.writeTable(f, cols, WriteOptions.defaults(), pool));
        writers.put("engine-1t-hashed", f -> TableWriter.writeTableHashed(f, cols, WriteOptions.defaults(), null));
        writers.put("parquet-java-group", f -> TimingBench.writeParquetJava(data, schema, f));
        writers.put("parquet-java-writesupport", f -> writeSupport(data, schema, f));
        writers.put("duckdb-1t", f -> {
          try (Statement s = duck.createStatement()) {
            s.execute("COPY t TO '" + f + "' (FORMAT parquet, COMPRESSION snappy)");
          }
        });
        StringBuilder tsv = new StringBuilder();
        List<String> names = new ArrayList<>(writers.keySet());
        if (args.length > 2) {
          names.retainAll(List.of(args[2].split(",")));
        }
        for (int round = 0; round < WARMUP + MEASURED; round++) {
          for (int k = 0; k < names.size(); k++) {
            String name = names.get((k + round) % names.size());
            Path f = fresh(scratch, name);
            double s = timeWrite(writers.get(name), f);
            if (round >= WARMUP) {
              tsv.append(name).append('\t').append(s).append('\t').append(Files.size(f)).append('\n');
            }
            System.out.printf(Locale.ROOT, "  %s round %d: %-26s %.3f s%n", round < WARMUP ? "warm-up " : "measured",
                round, name, s);
          }
        }
        if (names.contains("engine-1t") && names.contains("engine-1t-hashed")) {
          // hashing's cost as paired ratios: the same writer hashed and not, back to back, in random order; a
          // ratio within a pair cancels the drift of a shared machine that medians over rounds only average
          // which goes first is drawn at random: this machine slows every fourth write or so (its disk, whatever the
          // writer), and a strictly alternating order aliased that onto one arm (ratios of 1.14 and 0.74 from runs of
          // the same code)
          java.util.Random coin = new java.util.Random(PAIRS_SEED + out.getFileName().toString().hashCode());
          for (int pair = 0; pair < PAIRS; pair++) {
            double[] t = new double[2];
            int firstArm = coin.nextInt(2);
            for (int k = 0; k < 2; k++) {
              int which = (k + firstArm) % 2;
              String name = which == 0 ? "engine-1t" : "engine-1t-hashed";
              t[which] = timeWrite(writers.get(name), fresh(scratch, name));
            }
            tsv.append("pair\t").append(t[1] / t[0]).append("\t0\n");
            System.out.printf(Locale.ROOT, "  hash pair %d: %.3f s / %.3f s = %.3f%n", pair, t[1], t[0], t[1] / t[0]);
          }
        }
        Files.writeString(out, tsv.toString(), StandardCharsets.UTF_8);
      } finally {
        deleteWritten(scratch);
      }
    }
  }

  private static int written;

  /**
   * A new file name for every timed write; the files are deleted when the fork ends. Deleting a 150 MB file just
   * before the next write (on this machine's ext4, mounted with {@code discard}, the freed blocks are trimmed when the
   * journal commits) made whichever writer followed itself up to 1.8x slower, which is the filesystem's cost, not the
   * writer's.
   */
  static Path fresh(Path scratch, String name) {
    return scratch.resolve(name + "-" + (written++) + ".parquet");
  }

  /** One timed write to a new file {@code f}, from the same starting point each time: a collected heap. */
  static double timeWrite(Writer writer, Path f) throws Exception {
    System.gc();
    Thread.sleep(200);
    long t0 = System.nanoTime();
    writer.write(f);
    return (System.nanoTime() - t0) / 1e9;
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
          null);
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
