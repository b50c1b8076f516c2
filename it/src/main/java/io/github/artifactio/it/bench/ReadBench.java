package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.ParquetValidator;
import io.github.artifactio.checks.ValidationPlan;
import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.RowSelection;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The read benchmark of issues 4 and 26 ({@code mvn -B -pl it -am verify -Pbench -Dbench=read}): the writer issue's
 * reference table ({@value #DEFAULT_ROWS} rows by default, {@code -Dread.rows}: int32 id, int64 a random, float64 b
 * random, float64 c of 200 values, utf8 s of 7-30 letters, list&lt;float32&gt; l of 0-16 items; SNAPPY), written by
 * our writer, and the same rows in two foreign layouts made at bench time: DuckDB's {@code COPY ... TO} with its
 * defaults (larger row groups, dictionary pages wherever they pay) and parquet-java's {@code ParquetWriter} with its
 * defaults but SNAPPY, as the other two (its own default, no compression, would time a different read).
 *
 * <p>On every file, after every goal arm has warmed up alike ({@link #WARMUP_SECONDS}, {@link PairedGoals#warmUp}),
 * issue 26's five goals as paired ratios ({@link PairedGoals}): {@code -Dread.pairs} rounds
 * ({@value #DEFAULT_PAIRS} by default) in which each goal's two arms run back to back, goals and arms in an order
 * drawn from the seed {@code -Dread.seed} (in the JSON). The goals: a full read into arrays over DuckDB's full query
 * ({@code SET threads=1}), the float64 column b over DuckDB's {@code sum(b)}, the full read on two decode threads over
 * one, the full read into Arrow vectors over the full read into arrays, and {@code validate} with two content rules
 * ({@code contiguous-ids} and {@code ascending} on id, the one column of this table they hold for) over our read of
 * id, on the plugin's default threads (the check reads 8 MB, under what validate cuts a lone file in ranges for).
 * Each goal's median ratio, its 10th and 90th percentiles and the load average before the file's pairs go to
 * {@code targets} in {@code read.json}.
 *
 * <p>On the reference file only, the arms of issue 4 (selections, page cuts, parquet-java's {@code ColumnReader}
 * path) run interleaved for {@code -Dbench.rounds} rounds after one warm-up each, as {@code arms}.
 */
public final class ReadBench {
  static final int DEFAULT_ROWS = 2_000_000;
  static final int DEFAULT_PAIRS = 24;
  static final int ROWS = Integer.getInteger("read.rows", DEFAULT_ROWS);
  static final int PAIRS = Integer.getInteger("read.pairs", DEFAULT_PAIRS);
  static final long SEED = Long.getLong("read.seed", 26);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 7);
  static final int BATCH = 65_536;
  /**
   * Each goal arm warms up for this long (and at least 3 runs) before the pairs, {@code -Dread.warmup.seconds}. One
   * run each left the short arms (5-10 ms) timed while the JIT still compiled their per-page code: a one-column read
   * took 8.1 ms after 15 runs and 6.2 ms after 200 in one JVM, where DuckDB, native code, needs no warm-up.
   */
  static final double WARMUP_SECONDS = Double.parseDouble(System.getProperty("read.warmup.seconds", "1.5"));

  /** Issue 26's goals, the same on every file. */
  static final List<PairedGoals.Goal> GOALS = List.of(
      new PairedGoals.Goal("full read into arrays over DuckDB's full query", "engine-full-arrays", "duckdb-full",
          0.35),
      new PairedGoals.Goal("one float64 column over DuckDB's sum(b)", "engine-proj-b", "duckdb-proj-b", 0.5),
      new PairedGoals.Goal("full read on two decode threads over one", "engine-full-2t", "engine-full-arrays", 0.55),
      new PairedGoals.Goal("Arrow vectors out over our arrays", "engine-full-arrow", "engine-full-arrays", 1.1),
      new PairedGoals.Goal("validate, two content rules, over our read of the same column", "validate-2-rules",
          "engine-read-id", 1.1));

  /**
   * Not a goal of the issue but the floor under its one-column goal, measured beside it: the float64 column's pages
   * read and decompressed into arrays and nothing else ({@link ColumnFloor}), over DuckDB's {@code sum(b)}, with the
   * one-column goal's limit. Where the floor misses it, so must every reader on one thread.
   */
  static final PairedGoals.Goal FLOOR = new PairedGoals.Goal(
      "floor under the one-column goal: b's pages read and decompressed, nothing else, over DuckDB's sum(b)",
      "floor-proj-b", "duckdb-proj-b", 0.5);

  /** A file the goals are measured on: its short name, who wrote it, where it is. */
  record Source(String name, String writer, Path file) {}

  private ReadBench() {}

  public static void run(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("read benchmark: " + Machine.loadLine());
    Data data = Data.generate(ROWS);
    Path reference = outDir.resolve("read-reference.parquet");
    TableWriter.writeTable(reference, data.columns(), WriteOptions.defaults());
    List<Source> sources = new ArrayList<>();
    sources.add(new Source("reference", "artifact-io, defaults", reference));
    EngineContext pool = EngineContext.create("bench-decode", 2);
    // as the plugin's goals run by default: the calling thread and processors - 1 context threads check files
    int processors = Runtime.getRuntime().availableProcessors();
    EngineContext checks =
        processors > 1 ? EngineContext.create("bench-checks", processors - 1) : EngineContext.serial();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      String duckVersion;
      try (Statement st = duck.createStatement()) {
        st.execute("SET threads=1");
        try (ResultSet rs = st.executeQuery("SELECT version()")) {
          rs.next();
          duckVersion = rs.getString(1);
        }
        Path duckFile = outDir.resolve("read-duckdb.parquet");
        copyWithDuckDb(st, reference, duckFile);
        sources.add(new Source("duckdb", "DuckDB " + duckVersion + " COPY, defaults", duckFile));
      }
      Path javaFile = outDir.resolve("read-parquet-java.parquet");
      writeParquetJava(data, reference, javaFile);
      sources.add(new Source("parquet-java", "parquet-java ParquetWriter, defaults but SNAPPY", javaFile));
      data = null; // the arrays are on disk now: let the reads have the heap

      ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      ObjectNode root = json.createObjectNode();
      root.put("benchmark", "read");
      root.put("rows", ROWS);
      root.put("pairs", PAIRS);
      root.put("seed", SEED);
      root.put("rounds", ROUNDS);
      root.set("load_at_start", loadAtStart);
      ArrayNode targets = root.putArray("targets");
      Random coin = new Random(SEED);
      Map<String, List<PairedGoals.Times>> bySource = new LinkedHashMap<>();
      root.put("warmup_seconds_per_arm", WARMUP_SECONDS);
      ObjectNode warmups = root.putObject("warmup_runs");
      for (Source src : sources) {
        // one line per file, so that the generated page shows it among the parameters
        root.put("file_" + src.name(), String.format(Locale.ROOT, "%s, %d bytes, %d row groups", src.writer(),
            Files.size(src.file()), TableFile.open(src.file()).rowGroupParts().size()));
        Map<String, PairedGoals.Arm> arms = goalArms(src.file(), duck, pool, checks);
        Map<String, Integer> warmRuns = PairedGoals.warmUp(arms, WARMUP_SECONDS, 3, System::nanoTime);
        warmups.putPOJO(src.name(), warmRuns);
        double load = Machine.loadAverages()[0];
        System.out.printf(Locale.ROOT, "%s (%s, %,d bytes): %d pairs, load %.2f%n", src.name(), src.writer(),
            Files.size(src.file()), PAIRS, load);
        List<PairedGoals.Goal> goals = new ArrayList<>(GOALS);
        if (arms.containsKey(FLOOR.arm())) {
          goals.add(FLOOR);
        }
        List<PairedGoals.Times> times = PairedGoals.run(goals, arms, PAIRS, coin, System::nanoTime, null);
        bySource.put(src.name(), times);
        for (PairedGoals.Times t : times) {
          target(targets.addObject(), src.name(), t, load, Machine.loadAverages()[0]);
        }
      }
      rounds(root, reference, duck, pool);
      ArrayNode headlines = root.putArray("headline");
      Bench.headline(headlines, String.format(Locale.ROOT,
          "read time of a whole %,d-row file into arrays, artifact-io over DuckDB", ROWS),
          bySource.get("reference").get(0).paired());
      Bench.headline(headlines, "read time of one column, artifact-io over DuckDB",
          bySource.get("reference").get(1).paired());
      root.set("load_at_end", Machine.loadNode());
      System.out.printf(Locale.ROOT, "%n%-13s %-62s %7s %13s %6s%n", "file", "goal", "ratio", "p10-p90", "limit");
      targets.forEach(t -> System.out.printf(Locale.ROOT, "%-13s %-62s %7.2f %6.2f-%-6.2f %6.2f %s%n",
          t.get("file").asText(), t.get("target").asText(), t.get("ratio").asDouble(), t.get("p10").asDouble(),
          t.get("p90").asDouble(), t.get("limit").asDouble(), t.get("met").asBoolean() ? "met" : "NOT MET"));
      System.out.println(Machine.loadLine() + " at the end");
      json.writeValue(outDir.resolve("read.json").toFile(), root);
      System.out.println("wrote " + outDir.resolve("read.json"));
    } finally {
      pool.close();
      checks.close();
    }
  }

  /**
   * {@code from}'s rows written by DuckDB's {@code COPY} with its default options; {@code st} runs on one thread,
   * which keeps the rows in {@code from}'s order (contiguous-ids and ascending need it).
   */
  static void copyWithDuckDb(Statement st, Path from, Path to) throws Exception {
    Files.deleteIfExists(to);
    st.execute("COPY (SELECT * FROM read_parquet('" + from + "')) TO '" + to + "' (FORMAT parquet)");
  }

  /** The arms issue 26's goals compare, on {@code file}. */
  static Map<String, PairedGoals.Arm> goalArms(Path file, Connection duck, EngineContext pool,
      EngineContext checks) throws java.io.IOException {
    ValidationPlan plan = ValidationPlan.build(List.of(
        new CheckConfig(RuleIds.CONTIGUOUS_IDS).setColumns(List.of("id")),
        new CheckConfig(RuleIds.ASCENDING).setColumns(List.of("id"))),
        List.of(), List.of(RuleIds.CONTIGUOUS_IDS, RuleIds.ASCENDING), List.of());
    Map<String, PairedGoals.Arm> arms = new LinkedHashMap<>();
    arms.put("engine-full-arrays", () -> engine(file, null, ScanOptions.defaults()));
    arms.put("engine-full-arrow", () -> engineArrow(file));
    arms.put("engine-full-2t", () -> engine(file, null, ScanOptions.builder().context(pool).decodeThreads(2).build()));
    arms.put("engine-proj-b", () -> engine(file, List.of("b"), ScanOptions.defaults()));
    arms.put("engine-read-id", () -> Table.read(file, "id").rows());
    arms.put("validate-2-rules", () -> {
      Outcome o = new ParquetValidator(plan, null, "bench").validate(file.getParent(), List.of(file), checks);
      if (o.results().stream().anyMatch(r -> r.status() != Status.PASS)) {
        throw new IllegalStateException("validate did not pass on " + file + ": " + o.results());
      }
      return o.bytesRead();
    });
    arms.put("duckdb-full", () -> duck(duck, FULL_QUERY, file));
    arms.put("duckdb-proj-b", () -> duck(duck, "SELECT sum(b) FROM read_parquet(?)", file));
    ColumnFloor floor = ColumnFloor.of(file, "b");
    if (floor != null) {
      arms.put(FLOOR.arm(), floor::run);
    }
    return arms;
  }

  static final String FULL_QUERY =
      "SELECT sum(id), sum(a), sum(b), sum(c), sum(length(s)), sum(list_sum(l)) FROM read_parquet(?)";

  /** One goal's row of {@code targets}. */
  static void target(ObjectNode o, String file, PairedGoals.Times t, double loadBefore, double loadAfter) {
    BenchStats.Summary paired = t.paired();
    o.put("file", file);
    o.put("target", t.goal().name());
    o.put("ratio", BenchStats.round(paired.median()));
    o.put("p10", BenchStats.round(paired.p10()));
    o.put("p90", BenchStats.round(paired.p90()));
    o.put("limit", t.goal().limit());
    o.put("met", paired.median() <= t.goal().limit());
    o.put("arm", t.goal().arm());
    o.put("arm_s", BenchStats.round(BenchStats.median(t.arm())));
    o.put("baseline", t.goal().baseline());
    o.put("baseline_s", BenchStats.round(BenchStats.median(t.baseline())));
    o.put("pairs", paired.n());
    o.put("load_1m_before", loadBefore);
    o.put("load_1m_after", loadAfter);
  }

  /** Issue 4's arms on the reference file, interleaved over {@link #ROUNDS} rounds, as {@code arms}. */
  static void rounds(ObjectNode root, Path file, Connection duck, EngineContext pool) throws Exception {
    long fileBytes = Files.size(file);
    // a 1% selection: one run of ROWS / 100 rows, not aligned to a page
    RowSelection onePercent =
        RowSelection.runs(new long[] {ROWS * 617L / 1000, ROWS / 100}, new boolean[] {false, true});
    Map<String, Arm> arms = new LinkedHashMap<>();
    arms.put("engine-full-arrays", () -> engine(file, null, ScanOptions.defaults()));
    arms.put("engine-full-arrow", () -> engineArrow(file));
    arms.put("engine-full-2t", () -> engine(file, null, ScanOptions.builder().context(pool).decodeThreads(2).build()));
    arms.put("engine-proj-b", () -> engine(file, List.of("b"), ScanOptions.defaults()));
    arms.put("engine-select-1pct", () -> {
      try (BatchReader r = TableFile.openWithOffsetIndex(file).selected(onePercent, null, BATCH)) {
        consume(r);
        return r.bytesRead();
      }
    });
    // "cutting a selection at page boundaries never costs more than reading the whole row group": row group 0 (every
    // column) read whole, against selections of it cut at the page boundaries of b (the writer's pages hold 20,000
    // rows in every column of this table, so these are every column's boundaries): all pages but the first (the most
    // a cut selection can read), and every other page (the most cuts)
    TableFile indexed = TableFile.openWithOffsetIndex(file);
    TableFile group0 = indexed.rowGroupParts().get(0);
    long[] pages = group0.pageStarts("b");
    RowSelection allButFirstPage = pages.length < 2
        ? RowSelection.runs(new long[] {group0.rows()}, new boolean[] {true})
        : RowSelection.runs(new long[] {pages[1], group0.rows() - pages[1]}, new boolean[] {false, true});
    long[] runs = new long[pages.length];
    boolean[] keep = new boolean[pages.length];
    for (int i = 0; i < pages.length; i++) {
      runs[i] = (i + 1 < pages.length ? pages[i + 1] : group0.rows()) - pages[i];
      keep[i] = i % 2 == 1;
    }
    RowSelection everyOtherPage = RowSelection.runs(runs, keep);
    arms.put("engine-row-group-full", () -> {
      try (BatchReader r = group0.batches(null, BATCH)) {
        consume(r);
        return r.bytesRead();
      }
    });
    arms.put("engine-select-page-cut", () -> {
      try (BatchReader r = indexed.selected(allButFirstPage, null, BATCH)) {
        consume(r);
        return r.bytesRead();
      }
    });
    arms.put("engine-select-page-alt", () -> {
      try (BatchReader r = indexed.selected(everyOtherPage, null, BATCH)) {
        consume(r);
        return r.bytesRead();
      }
    });
    arms.put("parquet-java-full", () -> parquetJava(file, null));
    arms.put("parquet-java-proj-b", () -> parquetJava(file, "b"));
    arms.put("duckdb-full", () -> duck(duck, FULL_QUERY, file));
    arms.put("duckdb-proj-b", () -> duck(duck, "SELECT sum(b) FROM read_parquet(?)", file));
    Map<String, List<Double>> times = new LinkedHashMap<>();
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (Map.Entry<String, Arm> a : arms.entrySet()) {
      a.getValue().run(); // warm-up
      times.put(a.getKey(), new ArrayList<>());
    }
    for (int round = 0; round < ROUNDS; round++) {
      for (Map.Entry<String, Arm> a : arms.entrySet()) {
        // no System.gc() here: it shrinks the heap, and the next arm then pays for regrowing it (a full read took
        // 2.3 s instead of 0.66 s right after one); DuckDB's native memory never pays that
        long t0 = System.nanoTime();
        long b = a.getValue().run();
        times.get(a.getKey()).add((System.nanoTime() - t0) / 1e9);
        bytes.put(a.getKey(), b);
      }
    }
    report(root, fileBytes, times, bytes);
  }

  /** One arm: runs the read, returns the bytes it read (-1 where it cannot say). */
  interface Arm {
    long run() throws Exception;
  }

  /** The reference table's rows, drawn from a fixed seed. */
  record Data(int[] id, long[] a, double[] b, double[] c, String[] s, float[][] l) {
    static Data generate(int rows) {
      SplittableRandom r = new SplittableRandom(42);
      Data d = new Data(new int[rows], new long[rows], new double[rows], new double[rows], new String[rows],
          new float[rows][]);
      double[] levels = new double[200];
      for (int i = 0; i < levels.length; i++) {
        levels[i] = r.nextDouble() * 1000;
      }
      char[] letters = new char[30];
      for (int i = 0; i < rows; i++) {
        d.id[i] = i;
        d.a[i] = r.nextLong();
        d.b[i] = r.nextDouble();
        d.c[i] = levels[r.nextInt(200)];
        int n = 7 + r.nextInt(24);
        for (int k = 0; k < n; k++) {
          letters[k] = (char) ('a' + r.nextInt(26));
        }
        d.s[i] = new String(letters, 0, n);
        float[] items = new float[r.nextInt(17)];
        for (int k = 0; k < items.length; k++) {
          items[k] = (float) r.nextDouble();
        }
        d.l[i] = items;
      }
      return d;
    }

    List<Column> columns() {
      return List.of(new Int32Column("id", id), new Int64Column("a", a), new Float64Column("b", b),
          new Float64Column("c", c), Utf8Column.of("s", s), ListFloat32Column.of("l", l));
    }
  }

  /**
   * The same rows written by parquet-java's {@code ParquetWriter} (its example Group API, its default page and row
   * group sizes, dictionary and page version), to the schema our writer gave {@code reference}, SNAPPY.
   */
  static void writeParquetJava(Data d, Path reference, Path file) throws Exception {
    MessageType schema;
    try (ParquetFileReader r = new ParquetFileReader(new ChannelInputFile(reference),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      schema = r.getFooter().getFileMetaData().getSchema();
    }
    // the list's repeated group and its element, under the names our writer gave them
    GroupType repeated = schema.getType("l").asGroupType().getType(0).asGroupType();
    String element = repeated.getType(0).getName();
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema)
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (int i = 0; i < d.id().length; i++) {
        Group g = groups.newGroup();
        g.add("id", d.id()[i]);
        g.add("a", d.a()[i]);
        g.add("b", d.b()[i]);
        g.add("c", d.c()[i]);
        g.add("s", Binary.fromString(d.s()[i]));
        Group list = g.addGroup("l");
        for (float item : d.l()[i]) {
          list.addGroup(repeated.getName()).add(element, item);
        }
        w.write(g);
      }
    }
  }

  static long engine(Path file, List<String> columns, ScanOptions options) {
    try (BatchReader r = TableFile.open(file).batches(columns, BATCH, options)) {
      consume(r);
      return r.bytesRead();
    }
  }

  /** Touches each batch's arrays as a caller would (one value per column), so nothing is optimised away. */
  static long consume(BatchReader r) {
    long sink = 0;
    while (r.hasNext()) {
      Batch b = r.next();
      for (Column c : b.columns()) {
        sink += c.length() + (c.isNull(c.length() - 1) ? 1 : 0);
      }
    }
    return sink;
  }

  static long engineArrow(Path file) {
    try (RootAllocator allocator = new RootAllocator();
        var r = TableFile.open(file).arrowBatches(null, BATCH, allocator)) {
      while (r.hasNext()) {
        try (VectorSchemaRoot root = r.next()) {
          if (root.getRowCount() == 0) {
            throw new IllegalStateException("empty batch");
          }
        }
      }
      return r.typed().bytesRead();
    }
  }

  /**
   * parquet-java's low-level path: ParquetFileReader row groups, ColumnReadStoreImpl, one value per call. Opened
   * through parquet-java's public read options (whose builder needs the Hadoop jars the bench profile puts on the
   * classpath), with the same bulk-reading input and snappy-java page decompression as before.
   */
  static long parquetJava(Path file, String only) throws Exception {
    ChannelInputFile in = new ChannelInputFile(file);
    ParquetReadOptions options =
        ParquetReadOptions.builder(new PlainParquetConfiguration()).withCodecFactory(new SnappyPages()).build();
    double sum = 0;
    try (ParquetFileReader reader = new ParquetFileReader(in, options)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      MessageType requested = only == null ? schema : new MessageType(schema.getName(), schema.getType(only));
      reader.setRequestedSchema(requested);
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      PageReadStore pages;
      while ((pages = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, new NoOp(requested), requested, createdBy);
        for (ColumnDescriptor d : requested.getColumns()) {
          ColumnReader cr = store.getColumnReader(d);
          @SuppressWarnings("deprecation")
          long total = cr.getTotalValueCount();
          PrimitiveTypeName t = d.getPrimitiveType().getPrimitiveTypeName();
          int maxDef = d.getMaxDefinitionLevel();
          for (long v = 0; v < total; v++) {
            if (cr.getCurrentDefinitionLevel() == maxDef) {
              switch (t) {
                case INT32:
                  sum += cr.getInteger();
                  break;
                case INT64:
                  sum += cr.getLong();
                  break;
                case DOUBLE:
                  sum += cr.getDouble();
                  break;
                case FLOAT:
                  sum += cr.getFloat();
                  break;
                default:
                  sum += cr.getBinary().length();
              }
            }
            cr.consume();
          }
        }
      }
    }
    return sum == 42 ? 0 : -1;
  }

  static long duck(Connection c, String sql, Path file) throws Exception {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, file.toString());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getObject(1) == null ? -2 : -1;
      }
    }
  }

  static void report(ObjectNode root, long fileBytes, Map<String, List<Double>> times, Map<String, Long> bytes) {
    Map<String, Double> median = new LinkedHashMap<>();
    times.forEach((k, v) -> median.put(k, BenchStats.median(v)));
    root.put("reference_file_bytes", fileBytes);
    ArrayNode out = root.putArray("arms");
    System.out.printf(Locale.ROOT, "%nreference file: %,d rows, %,d bytes, median of %d rounds%n", ROWS, fileBytes,
        ROUNDS);
    System.out.printf("%-22s %10s %14s %10s %16s%n", "arm", "median s", "bytes read", "% of file", "ratio to duckdb");
    for (String name : median.keySet()) {
      // the page-cut arms read one row group: their yardstick is reading that row group whole, not DuckDB's full read
      boolean groupArm = name.startsWith("engine-select-page") || name.equals("engine-row-group-full");
      double duck = median.get(name.contains("proj") ? "duckdb-proj-b" : "duckdb-full");
      double ratio = groupArm ? median.get(name) / median.get("engine-row-group-full") : median.get(name) / duck;
      long b = bytes.get(name);
      ObjectNode o = out.addObject();
      o.put("name", name);
      o.put("median_s", round(median.get(name)));
      if (b >= 0) {
        o.put("bytes_read", b);
      } else {
        o.putNull("bytes_read");
      }
      if (groupArm) {
        o.putNull("ratio_to_duckdb");
        o.put("ratio_to_row_group_full", round(ratio));
      } else {
        o.put("ratio_to_duckdb", round(ratio));
      }
      ArrayNode rounds = o.putArray("rounds_s");
      times.get(name).forEach(t -> rounds.add(round(t)));
      System.out.printf(Locale.ROOT, "%-22s %10.4f %14s %10s %16.2f%s%n", name, median.get(name),
          b >= 0 ? String.format("%,d", b) : "-",
          b >= 0 ? String.format(Locale.ROOT, "%.2f%%", 100.0 * b / fileBytes) : "-", ratio,
          groupArm ? " (to row group 0 whole)" : "");
    }
    System.out.printf(Locale.ROOT, "page-cut selection / whole row group: %.2f time, %.2f bytes; every other page:"
        + " %.2f, %.2f (claim: never more than 1)%n",
        median.get("engine-select-page-cut") / median.get("engine-row-group-full"),
        (double) bytes.get("engine-select-page-cut") / bytes.get("engine-row-group-full"),
        median.get("engine-select-page-alt") / median.get("engine-row-group-full"),
        (double) bytes.get("engine-select-page-alt") / bytes.get("engine-row-group-full"));
  }

  private static double round(double v) {
    return BenchStats.round(v);
  }

  /** The converter ColumnReadStoreImpl requires; values are read with the getters, never through it. */
  private static final class NoOp extends GroupConverter {
    private final org.apache.parquet.schema.GroupType type;

    NoOp(org.apache.parquet.schema.GroupType type) {
      this.type = type;
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      org.apache.parquet.schema.Type t = type.getType(fieldIndex);
      return t.isPrimitive() ? new PrimitiveConverter() {} : new NoOp(t.asGroupType());
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }

}
