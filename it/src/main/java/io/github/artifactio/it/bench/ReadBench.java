package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The read benchmark of issue 4 ({@code mvn -B -pl it -am verify -Pbench -Dbench=read}): the writer issue's reference
 * table (2,000,000 rows: int32 id, int64 a random, float64 b random, float64 c of 200 values, utf8 s of 7-30 letters,
 * list&lt;float32&gt; l of 0-16 items; SNAPPY), written once by our writer, read side by side by the engine, by
 * parquet-java's {@code ColumnReader} path and by DuckDB (JDBC, {@code SET threads=1}). Each arm runs once to warm up,
 * then the arms run interleaved for {@link #ROUNDS} rounds; the table shows medians and ratios to DuckDB's matching
 * arm, and the same figures go to {@code read.json}.
 */
public final class ReadBench {
  static final int ROWS = 2_000_000;
  static final int ROUNDS = Integer.getInteger("bench.rounds", 7);
  static final int BATCH = 65_536;

  private ReadBench() {}

  public static void run(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    Path file = outDir.resolve("read-reference.parquet");
    writeReference(file);
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("read benchmark: " + Machine.loadLine());
    long fileBytes = Files.size(file);
    EngineContext pool = EngineContext.create("bench-decode", 2);
    // a 1% selection: one run of 20,000 rows, not aligned to a page
    RowSelection onePercent = RowSelection.runs(new long[] {1_234_567, ROWS / 100}, new boolean[] {false, true});
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
    RowSelection allButFirstPage =
        RowSelection.runs(new long[] {pages[1], group0.rows() - pages[1]}, new boolean[] {false, true});
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
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement st = duck.createStatement()) {
        st.execute("SET threads=1");
      }
      arms.put("duckdb-full", () -> duck(duck, "SELECT sum(id), sum(a), sum(b), sum(c), sum(length(s)),"
          + " sum(list_sum(l)) FROM read_parquet(?)", file));
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
      report(outDir, fileBytes, times, bytes, loadAtStart);
    } finally {
      pool.close();
    }
  }

  /** One arm: runs the read, returns the bytes it read (-1 where it cannot say). */
  interface Arm {
    long run() throws Exception;
  }

  static void writeReference(Path file) {
    SplittableRandom r = new SplittableRandom(42);
    int[] id = new int[ROWS];
    long[] a = new long[ROWS];
    double[] b = new double[ROWS];
    double[] c = new double[ROWS];
    String[] s = new String[ROWS];
    float[][] l = new float[ROWS][];
    double[] levels = new double[200];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = r.nextDouble() * 1000;
    }
    char[] letters = new char[30];
    for (int i = 0; i < ROWS; i++) {
      id[i] = i;
      a[i] = r.nextLong();
      b[i] = r.nextDouble();
      c[i] = levels[r.nextInt(200)];
      int n = 7 + r.nextInt(24);
      for (int k = 0; k < n; k++) {
        letters[k] = (char) ('a' + r.nextInt(26));
      }
      s[i] = new String(letters, 0, n);
      float[] items = new float[r.nextInt(17)];
      for (int k = 0; k < items.length; k++) {
        items[k] = (float) r.nextDouble();
      }
      l[i] = items;
    }
    List<Column> cols = List.of(
        new Int32Column("id", id), new Int64Column("a", a), new Float64Column("b", b), new Float64Column("c", c),
        Utf8Column.of("s", s), ListFloat32Column.of("l", l));
    TableWriter.writeTable(file, cols, WriteOptions.defaults());
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

  static void report(Path outDir, long fileBytes, Map<String, List<Double>> times, Map<String, Long> bytes,
      ObjectNode loadAtStart) throws Exception {
    Map<String, Double> median = new LinkedHashMap<>();
    times.forEach((k, v) -> median.put(k, BenchStats.median(v)));
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = json.createObjectNode();
    root.put("benchmark", "read");
    root.put("rows", ROWS);
    root.put("file_bytes", fileBytes);
    root.put("rounds", ROUNDS);
    root.set("load_at_start", loadAtStart);
    ArrayNode out = root.putArray("arms");
    System.out.printf("%nread benchmark: %,d rows, %,d bytes, median of %d rounds%n", ROWS, fileBytes, ROUNDS);
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
      System.out.printf("%-22s %10.4f %14s %10s %16.2f%s%n", name, median.get(name),
          b >= 0 ? String.format("%,d", b) : "-",
          b >= 0 ? String.format("%.2f%%", 100.0 * b / fileBytes) : "-", ratio,
          groupArm ? " (to row group 0 whole)" : "");
    }
    double oneThread = median.get("engine-full-arrays");
    System.out.printf("two decode threads / one: %.2f (target <= 0.70)%n", median.get("engine-full-2t") / oneThread);
    System.out.printf("page-cut selection / whole row group: %.2f time, %.2f bytes; every other page: %.2f, %.2f"
        + " (claim: never more than 1)%n",
        median.get("engine-select-page-cut") / median.get("engine-row-group-full"),
        (double) bytes.get("engine-select-page-cut") / bytes.get("engine-row-group-full"),
        median.get("engine-select-page-alt") / median.get("engine-row-group-full"),
        (double) bytes.get("engine-select-page-alt") / bytes.get("engine-row-group-full"));
    // the arms run one after another within a round, so a round's ratio compares reads minutes apart at most; its
    // median over rounds cancels the drift that the ratio of medians only averages
    ObjectNode paired = root.putObject("median_of_round_ratios");
    paired.put("engine_full_arrays_to_duckdb_full", round(roundRatio(times, "engine-full-arrays", "duckdb-full")));
    paired.put("engine_proj_b_to_duckdb_proj_b", round(roundRatio(times, "engine-proj-b", "duckdb-proj-b")));
    paired.put("engine_full_2t_to_engine_full_arrays",
        round(roundRatio(times, "engine-full-2t", "engine-full-arrays")));
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT,
        "read time of a whole %,d-row file into arrays, artifact-io over DuckDB", ROWS),
        BenchStats.paired(times.get("engine-full-arrays"), times.get("duckdb-full")));
    Bench.headline(headlines, "read time of one column, artifact-io over DuckDB",
        BenchStats.paired(times.get("engine-proj-b"), times.get("duckdb-proj-b")));
    System.out.printf(
        "median of the rounds' ratios: full read %.2f x DuckDB, one column %.2f x DuckDB, two threads %.2f"
            + " x one%n",
        paired.get("engine_full_arrays_to_duckdb_full").asDouble(),
        paired.get("engine_proj_b_to_duckdb_proj_b").asDouble(),
        paired.get("engine_full_2t_to_engine_full_arrays").asDouble());
    root.set("load_at_end", Machine.loadNode());
    System.out.println(Machine.loadLine() + " at the end");
    json.writeValue(outDir.resolve("read.json").toFile(), root);
    System.out.println("wrote " + outDir.resolve("read.json"));
  }

  /** The median over rounds of {@code a}'s time over {@code b}'s in the same round. */
  static double roundRatio(Map<String, List<Double>> times, String a, String b) {
    return BenchStats.paired(times.get(a), times.get(b)).median();
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
