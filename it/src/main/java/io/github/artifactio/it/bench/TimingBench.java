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
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * First timing of {@link TableWriter#writeTable} and {@link Table#read} against parquet-java's own high-level writer
 * ({@link ExampleParquetWriter}, {@code Group} records) and reader ({@link ParquetReader} with
 * {@link GroupReadSupport}), on one 2,000,000-row table and one schema, SNAPPY, in one JVM.
 *
 * <p>What each case does, so the ratios compare like with like:
 *
 * <ul>
 *   <li>both writers start from the same primitive arrays; parquet-java's builds one {@code Group} per row on the way
 *       (that is what its record API asks of a caller), ours hands the arrays to the encoder;
 *   <li>both readers end with the whole table in primitive arrays (strings as one UTF-8 arena plus offsets, lists as
 *       offsets plus values): ours is {@code Table.read}, parquet-java's walks its {@code Group} records into arrays;
 *   <li>each side keeps its own defaults: ours writes row groups of 1,048,576 rows and pages of 20,000 rows / 1 MiB;
 *       parquet-java writes row groups of 128 MiB and pages of 1 MiB; both use dictionaries, statistics and page
 *       CRCs; parquet-java compresses through its stock Hadoop {@code CodecFactory} (which is why the {@code bench}
 *       profile puts hadoop-common and friends on the run classpath), ours through the engine's own codec.
 * </ul>
 *
 * <p>Harness: two warm-up rounds of all four cases, then five measured rounds, interleaved (each round runs every
 * case once, starting one case later than the round before), with {@code System.gc()} and a short sleep before each
 * case; the median and the minimum of the five are reported.
 */
public final class TimingBench {
  /** 2,000,000; {@code -Dartifact-io.timing.rows=N} makes a smaller smoke run. */
  static final int ROWS = Integer.getInteger("artifact-io.timing.rows", 2_000_000);
  static final int WARMUP_ROUNDS = 2;
  static final int MEASURED_ROUNDS = 5;
  private static final long SEED = 20_240_601L;
  private static final char[] LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

  /** Keeps every read's result alive to the end, so the JIT cannot drop the decoding. */
  static volatile long sink;

  private TimingBench() {}

  /** The table in the engine's column form; parquet-java's writer reads the same arrays. */
  record Data(
      int[] id, long[] i64, double[] f64, double[] f64Cat, byte[] nameData, int[] nameOffsets, int[] traceOffsets,
      float[] traceValues) {

    List<Column> columns() {
      boolean[] valid = new boolean[id.length];
      Arrays.fill(valid, true);
      return List.of(
          new Int32Column("id", id),
          new Int64Column("v_i64", i64),
          new Float64Column("v_f64", f64),
          new Float64Column("f64_cat", f64Cat),
          new Utf8Column("name", nameData, nameOffsets),
          new ListFloat32Column("trace", traceOffsets, traceValues, valid));
    }
  }

  static Data generate(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] levels = new double[200];
    for (int k = 0; k < levels.length; k++) {
      levels[k] = Math.round(r.nextDouble() * 1e6) / 100.0;
    }
    int[] id = new int[n];
    long[] i64 = new long[n];
    double[] f64 = new double[n];
    double[] cat = new double[n];
    int[] nameOffsets = new int[n + 1];
    byte[] names = new byte[n * 31];
    int[] traceOffsets = new int[n + 1];
    float[] trace = new float[n * 16];
    int used = 0;
    int items = 0;
    for (int i = 0; i < n; i++) {
      id[i] = i;
      i64[i] = r.nextLong();
      f64[i] = r.nextDouble() * 2e6 - 1e6;
      cat[i] = levels[r.nextInt(levels.length)];
      int len = 7 + r.nextInt(24); // 7..30 letters
      for (int k = 0; k < len; k++) {
        names[used++] = (byte) LETTERS[r.nextInt(LETTERS.length)];
      }
      nameOffsets[i + 1] = used;
      int m = r.nextInt(17); // 0..16 items
      for (int k = 0; k < m; k++) {
        trace[items++] = (float) r.nextDouble();
      }
      traceOffsets[i + 1] = items;
    }
    return new Data(
        id, i64, f64, cat, Arrays.copyOf(names, used), nameOffsets, traceOffsets, Arrays.copyOf(trace, items));
  }

  /**
   * The schema our writer produces for {@link Data#columns()}, given to parquet-java's writer as well, so both files
   * declare the same column orders: our float and double leaves declare the type-defined order (readers older than
   * parquet-java 1.18's default, IEEE 754 total order, refuse that one), and a schema that left the order to
   * parquet-java's default would differ from ours in exactly that.
   */
  static MessageType schema() {
    return Types.buildMessage()
        .required(PrimitiveTypeName.INT32).named("id")
        .required(PrimitiveTypeName.INT64).named("v_i64")
        .required(PrimitiveTypeName.DOUBLE).columnOrder(ColumnOrder.typeDefined()).named("v_f64")
        .required(PrimitiveTypeName.DOUBLE).columnOrder(ColumnOrder.typeDefined()).named("f64_cat")
        .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("name")
        .optionalGroup().as(LogicalTypeAnnotation.listType())
        .repeatedGroup()
        .optional(PrimitiveTypeName.FLOAT).columnOrder(ColumnOrder.typeDefined()).named("item")
        .named("list")
        .named("trace")
        .named("arrow_schema");
  }

  // ---- the four cases

  static void writeOurs(Data d, Path file) {
    TableWriter.writeTable(file, d.columns(), WriteOptions.defaults());
  }

  static void writeParquetJava(Data d, MessageType schema, Path file) throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withType(schema)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build()) {
      for (int i = 0; i < d.id.length; i++) {
        Group g = groups.newGroup();
        g.add("id", d.id[i]);
        g.add("v_i64", d.i64[i]);
        g.add("v_f64", d.f64[i]);
        g.add("f64_cat", d.f64Cat[i]);
        g.add("name",
            Binary.fromConstantByteArray(d.nameData, d.nameOffsets[i], d.nameOffsets[i + 1] - d.nameOffsets[i]));
        Group trace = g.addGroup("trace");
        for (int k = d.traceOffsets[i]; k < d.traceOffsets[i + 1]; k++) {
          trace.addGroup("list").add("item", d.traceValues[k]);
        }
        w.write(g);
      }
    }
  }

  static Table readOurs(Path file) {
    Table t = Table.read(file);
    sink += t.get("id", As.INT32)[ROWS - 1] + t.get("name", As.UTF8_FLAT).data().length
        + t.get("trace", As.LIST_FLOAT32).values().length;
    return t;
  }

  static Data readParquetJava(Path file) throws IOException {
    int n = Math.toIntExact(TableFile.open(file).rows());
    int[] id = new int[n];
    long[] i64 = new long[n];
    double[] f64 = new double[n];
    double[] cat = new double[n];
    int[] nameOffsets = new int[n + 1];
    byte[] names = new byte[1 << 20];
    int[] traceOffsets = new int[n + 1];
    float[] trace = new float[1 << 20];
    int used = 0;
    int items = 0;
    int i = 0;
    try (ParquetReader<Group> reader = groupReader(file)) {
      Group g;
      while ((g = reader.read()) != null) {
        id[i] = g.getInteger("id", 0);
        i64[i] = g.getLong("v_i64", 0);
        f64[i] = g.getDouble("v_f64", 0);
        cat[i] = g.getDouble("f64_cat", 0);
        Binary b = g.getBinary("name", 0);
        if (used + b.length() > names.length) {
          names = Arrays.copyOf(names, Math.max(names.length * 2, used + b.length()));
        }
        b.toByteBuffer().get(names, used, b.length());
        used += b.length();
        nameOffsets[i + 1] = used;
        if (g.getFieldRepetitionCount("trace") > 0) {
          Group list = g.getGroup("trace", 0);
          int m = list.getFieldRepetitionCount("list");
          if (items + m > trace.length) {
            trace = Arrays.copyOf(trace, Math.max(trace.length * 2, items + m));
          }
          for (int k = 0; k < m; k++) {
            trace[items++] = list.getGroup("list", k).getFloat("item", 0);
          }
        }
        traceOffsets[i + 1] = items;
        i++;
      }
    }
    if (i != n) {
      throw new IllegalStateException("parquet-java's reader returned " + i + " rows of " + n + " in " + file);
    }
    Data d = new Data(
        id, i64, f64, cat, Arrays.copyOf(names, used), nameOffsets, traceOffsets, Arrays.copyOf(trace, items));
    sink += d.id[n - 1] + d.nameData.length + d.traceValues.length;
    return d;
  }

  private static ParquetReader<Group> groupReader(Path file) throws IOException {
    return new ParquetReader.Builder<Group>(new LocalInputFile(file)) {
      @Override
      protected ReadSupport<Group> getReadSupport() {
        return new GroupReadSupport();
      }
    }.build();
  }

  // ---- harness

  interface Case {
    void run() throws Exception;
  }

  record Result(String name, double medianS, double minS, long bytes, double ratio) {}

  public static void run(Path outDir) {
    try {
      measure(outDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (Exception e) {
      throw new IllegalStateException("timing benchmark failed: " + e, e);
    }
  }

  private static void measure(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    Path ours = outDir.resolve("timing-artifact-io.parquet");
    Path theirs = outDir.resolve("timing-parquet-java.parquet");
    long t0 = System.nanoTime();
    Data data = generate(ROWS, SEED);
    MessageType schema = schema();
    System.out.printf(
        Locale.ROOT,
        "timing: %,d rows (int32 id, int64, float64, float64 of 200 values, utf8 7-30 letters, list<float32> 0-16"
            + " items; %,d list items), SNAPPY; generated in %.2f s; JVM %s, %d cores, max heap %d MiB%n",
        ROWS,
        data.traceValues.length,
        (System.nanoTime() - t0) / 1e9,
        System.getProperty("java.vm.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);

    Map<String, Case> cases = new LinkedHashMap<>();
    cases.put("artifact-io writeTable", () -> writeOurs(data, ours));
    cases.put("parquet-java ParquetWriter (Group)", () -> writeParquetJava(data, schema, theirs));
    cases.put("artifact-io Table.read", () -> readOurs(ours));
    cases.put("parquet-java ParquetReader (Group)", () -> readParquetJava(theirs));
    List<String> names = new ArrayList<>(cases.keySet());
    Map<String, double[]> times = new LinkedHashMap<>();
    names.forEach(n -> times.put(n, new double[MEASURED_ROUNDS]));

    for (int round = 0; round < WARMUP_ROUNDS + MEASURED_ROUNDS; round++) {
      for (int k = 0; k < names.size(); k++) {
        // writers before readers in every round (a reader needs its file); which writer and which reader go first
        // alternates from round to round
        String name = names.get(order(round, k));
        settle();
        long start = System.nanoTime();
        cases.get(name).run();
        double s = (System.nanoTime() - start) / 1e9;
        if (round >= WARMUP_ROUNDS) {
          times.get(name)[round - WARMUP_ROUNDS] = s;
        }
        System.out.printf(
            Locale.ROOT, "  %s round %d: %-36s %.3f s%n", round < WARMUP_ROUNDS ? "warm-up " : "measured",
            round < WARMUP_ROUNDS ? round + 1 : round - WARMUP_ROUNDS + 1, name, s);
      }
    }

    crossCheck(data, schema, ours, theirs);

    long oursBytes = Files.size(ours);
    long theirBytes = Files.size(theirs);
    double writeBase = BenchStats.median(times.get(names.get(1)));
    double readBase = BenchStats.median(times.get(names.get(3)));
    List<Result> results = new ArrayList<>();
    results.add(result(names.get(0), times, oursBytes, writeBase));
    results.add(result(names.get(1), times, theirBytes, writeBase));
    results.add(result(names.get(2), times, oursBytes, readBase));
    results.add(result(names.get(3), times, theirBytes, readBase));

    StringBuilder table = new StringBuilder();
    table.append(
        String.format(Locale.ROOT, "%-36s %10s %10s %14s %8s%n", "name", "median s", "min s", "file bytes", "ratio"));
    for (Result r : results) {
      table.append(
          String.format(
              Locale.ROOT, "%-36s %10.3f %10.3f %,14d %8.2f%n", r.name(), r.medianS(), r.minS(), r.bytes(), r.ratio()));
    }
    table
        .append("(ratio: median over parquet-java's writer's median for the writers, over its reader's for the readers;"
            + " file bytes: the file written, or read)\n");
    System.out.print(table);
    Path json = outDir.resolve("timing.json");
    ObjectNode root = json(results);
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT, "write time of %,d rows, artifact-io's writeTable over"
        + " parquet-java's ParquetWriter", ROWS), BenchStats.paired(times.get(names.get(0)), times.get(names.get(1))));
    Bench.headline(headlines, String.format(Locale.ROOT, "read time of %,d rows, artifact-io's Table.read over"
        + " parquet-java's ParquetReader", ROWS), BenchStats.paired(times.get(names.get(2)), times.get(names.get(3))));
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.println("wrote " + json);
  }

  /** Round {@code round}'s k-th case: writers (0, 1) first, then readers (2, 3), each pair's order alternating. */
  static int order(int round, int k) {
    int pair = k / 2;
    int first = round % 2;
    return pair * 2 + ((k % 2) ^ first);
  }

  private static void settle() throws InterruptedException {
    System.gc();
    Thread.sleep(300);
  }

  private static Result result(String name, Map<String, double[]> times, long bytes, double base) {
    double[] t = times.get(name);
    return new Result(name, BenchStats.median(t), BenchStats.min(t), bytes, BenchStats.median(t) / base);
  }

  static ObjectNode json(List<Result> results) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("benchmark", "timing");
    root.put("rows", ROWS);
    root.put("rounds", MEASURED_ROUNDS);
    ArrayNode arms = root.putArray("arms");
    for (Result r : results) {
      ObjectNode o = arms.addObject();
      o.put("name", r.name());
      o.put("median_s", BenchStats.round(r.medianS()));
      o.put("min_s", BenchStats.round(r.minS()));
      o.put("bytes", r.bytes());
      o.put("ratio", BenchStats.round(r.ratio()));
    }
    return root;
  }

  /** Each library reads the other's file to the values written; the schemas are the same. */
  static void crossCheck(Data data, MessageType schema, Path ours, Path theirs) throws IOException {
    MessageType oursSchema = MessageTypeParser.parseMessageType(TableFile.open(ours).parquetSchema());
    MessageType theirSchema = MessageTypeParser.parseMessageType(TableFile.open(theirs).parquetSchema());
    check(schema.equals(oursSchema), "our file's schema is " + oursSchema + ", not " + schema);
    check(schema.equals(theirSchema), "parquet-java's file's schema is " + theirSchema + ", not " + schema);

    Table t = Table.read(theirs);
    for (Column c : data.columns()) {
      check(c.equals(t.column(c.name())), "our reader reads column '" + c.name() + "' of " + theirs + " differently");
    }
    Data d = readParquetJava(ours);
    check(Arrays.equals(d.id, data.id), "parquet-java reads id of " + ours + " differently");
    check(Arrays.equals(d.i64, data.i64), "parquet-java reads v_i64 of " + ours + " differently");
    check(Arrays.equals(d.f64, data.f64), "parquet-java reads v_f64 of " + ours + " differently");
    check(Arrays.equals(d.f64Cat, data.f64Cat), "parquet-java reads f64_cat of " + ours + " differently");
    check(Arrays.equals(d.nameData, data.nameData), "parquet-java reads name of " + ours + " differently");
    check(Arrays.equals(d.nameOffsets, data.nameOffsets), "parquet-java reads name of " + ours + " differently");
    check(Arrays.equals(d.traceOffsets, data.traceOffsets), "parquet-java reads trace of " + ours + " differently");
    check(Arrays.equals(d.traceValues, data.traceValues), "parquet-java reads trace of " + ours + " differently");
    System.out.println(
        "cross-check: our reader reads parquet-java's file, and parquet-java's reader reads ours, to the values"
            + " written (schemas equal: " + schema.getFields().size() + " columns)");
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what);
    }
  }
}
