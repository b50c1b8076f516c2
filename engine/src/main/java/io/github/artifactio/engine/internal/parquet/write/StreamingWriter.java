package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.io.AtomicFile;
import io.github.artifactio.engine.internal.io.BackgroundHasher;
import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import io.github.artifactio.engine.internal.parquet.encode.LeafValues;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.internal.parquet.format.ThriftSchema;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.WriterSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.apache.parquet.Version;
import org.apache.parquet.format.FileMetaData;

/**
 * The one writer behind every table writer: takes rows chunk by chunk, cuts row groups by row count, feeds every
 * top-level column's {@link ColumnEncoder} (one task per column, on the calling thread or fanned out over the
 * writer's {@link Workers}), appends the finished chunks in schema order through {@link ParquetOutput}, writes the
 * page indexes and the footer (sorted key-value metadata, {@link #CREATED_BY}), and publishes by rename. The engine
 * encodes every page itself; parquet-java provides the Thrift structures of headers, indexes and footer only. A
 * durable write on a context with a turn to spare starts the device writes as the bytes come
 * ({@link io.github.artifactio.engine.internal.io.EarlyWriteback}), so that publication's sync waits for the last
 * bytes only.
 *
 * <p>States: nothing is opened before the first chunk, which fixes the schema; a capped writer with the plan on then
 * holds copies of its first {@code ceil(cap / 4)} rows until it can plan, and encodes them in the order and chunks
 * they came in; after a failure the writer is poisoned and refuses further use.
 */
public final class StreamingWriter implements AutoCloseable {
  /** Everything that shapes the bytes, resolved by the public layer. */
  public record Config(
      Path path,
      Codec codec,
      Integer rowGroupCap,
      int rowGroupRows,
      int pageRows,
      int pageBytes,
      int dictionaryPageBytes,
      boolean floatPlan,
      SortedSet<String> plainColumns,
      SortedMap<String, String> metadata,
      String settingsKey,
      boolean hash,
      boolean durable,
      boolean directIo) {}

  /**
   * The footer's {@code created_by}: this engine, versioned by its layout revision (the bytes it writes), in the
   * {@code <application> version <version>} form readers parse (parquet-java's {@code VersionParser} among them; a
   * {@code created_by} that does not parse makes it ignore binary statistics).
   */
  static final String CREATED_BY = "artifact-io version " + WriterSettings.LAYOUT_REVISION;

  /** What {@link #finish()} returns. */
  public record Result(long rows, ContentHash contentHash, WriterSettings settings) {}

  private enum State {
    NEW,
    SAMPLING,
    WRITING,
    FINISHED,
    POISONED
  }

  private final Config config;
  private final Workers workers;
  private State state = State.NEW;
  private List<String> names;
  private List<ColumnType> types;
  private ColumnEncoder[] encoders;
  private AtomicFile file;
  private BackgroundHasher hasher;
  private ParquetOutput output;
  private final List<List<Column>> held = new ArrayList<>();
  private int heldRows;
  private int sampleRows;
  private int groupRows;
  private long rows;
  private boolean lastWritten;
  private final List<String> plainLeaves = new ArrayList<>();
  private final Map<String, Integer> dictionaryLimits = new TreeMap<>();

  /** A writer whose columns encode on {@code workers} (the serial context: on the calling thread). */
  public StreamingWriter(Config config, Workers workers) {
    this.config = config;
    this.workers = workers;
  }

  public long rows() {
    return rows + heldRows;
  }

  /** Writes one chunk (equal-length columns, validated by the caller); an empty chunk fixes or checks the schema. */
  public void write(List<Column> chunk) {
    write(chunk, false);
  }

  /**
   * Writes one chunk; {@code last} promises that no row follows it, which lets the serial writer stream the final row
   * group column by column (see {@link #encode}). Writing after a last chunk is an error.
   */
  public void write(List<Column> chunk, boolean last) {
    guard();
    if (lastWritten) {
      throw poison(
          new ArtifactException(config.path(), "the parquet writer was given rows after its last chunk"));
    }
    lastWritten = last;
    try {
      if (state == State.NEW) {
        start(chunk);
      } else {
        checkSchema(chunk);
      }
      int n = chunk.get(0).length();
      int from = 0;
      if (state == State.SAMPLING) {
        int take = Math.min(n, sampleRows - heldRows);
        if (take > 0) {
          List<Column> copy = new ArrayList<>(chunk.size());
          for (Column c : chunk) {
            copy.add(c.slice(0, take)); // a copy: the caller may reuse its arrays for the next chunk
          }
          held.add(copy);
          heldRows += take;
        }
        from = take;
        if (heldRows < sampleRows) {
          return;
        }
        planAndDrain();
      }
      encode(chunk, from, n, last);
    } catch (RuntimeException e) {
      throw poison(e);
    }
  }

  private void guard() {
    if (state == State.POISONED) {
      throw new ArtifactException(config.path(), "the parquet writer was used after a failed write");
    }
    if (state == State.FINISHED) {
      throw new ArtifactException(config.path(), "the parquet writer was used after it finished");
    }
  }

  private RuntimeException poison(RuntimeException e) {
    state = State.POISONED;
    release();
    if (e instanceof ArtifactException) {
      return ((ArtifactException) e).located(config.path(), null, null, null);
    }
    return new ArtifactException(config.path(), "writing failed: " + e.getMessage(), e);
  }

  private void start(List<Column> first) {
    names = new ArrayList<>();
    types = new ArrayList<>();
    for (Column c : first) {
      names.add(c.name());
      types.add(c.type());
    }
    for (String plain : config.plainColumns()) {
      if (!names.contains(plain)) {
        throw new ArtifactException(
            config.path(),
            "WriteOptions.plainColumn(\"" + plain + "\"): no such column in " + names);
      }
    }
    encoders = new ColumnEncoder[first.size()];
    file = AtomicFile.create(config.path());
    try {
      if (config.hash()) {
        hasher = new BackgroundHasher(workers);
      }
      FileOutput out = new FileOutput(file.temporary(), hasher, config.directIo());
      output = new ParquetOutput(out);
      if (config.durable()) {
        // a context with a turn to spare syncs as the bytes come, so publication's sync waits for the last bytes only
        Lane lane = workers.spareLane();
        if (lane != null) {
          out.writeBackOn(lane);
        }
      }
    } catch (IOException e) {
      throw new ArtifactException(config.path(), "writing failed: " + e, e);
    }
    boolean plans =
        config.rowGroupCap() != null && config.floatPlan() && types.stream().anyMatch(EncodingPlan::isFloatLeaf);
    if (plans) {
      sampleRows = EncodingPlan.sampleRows(config.rowGroupCap());
      state = State.SAMPLING;
    } else {
      createEncoders(null);
      state = State.WRITING;
    }
  }

  private void checkSchema(List<Column> chunk) {
    boolean same = chunk.size() == names.size();
    for (int i = 0; same && i < chunk.size(); i++) {
      same = chunk.get(i).name().equals(names.get(i)) && chunk.get(i).type() == types.get(i);
    }
    if (!same) {
      List<String> got = new ArrayList<>();
      for (Column c : chunk) {
        got.add(c.name() + ": " + c.type());
      }
      List<String> first = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        first.add(names.get(i) + ": " + types.get(i));
      }
      throw new ArtifactException(
          config.path(),
          "TableWriter: the chunk's schema differs from the first chunk's\n  first: " + first
              + "\n  chunk: " + got);
    }
  }

  /**
   * One encoder per column, each with its leaf's encoding policy: a plain column's leaf and a float leaf the plan
   * found near-unique are PLAIN; every other leaf decides per chunk from its first values ({@link DictionaryChoice}),
   * with a capped writer's float leaves held to the plan's (or the unplanned capped) dictionary limit.
   */
  private void createEncoders(List<EncodingPlan.LeafPlan> plan) {
    PageCodec codec = PageCodec.of(config.codec());
    for (int i = 0; i < encoders.length; i++) {
      ColumnType t = types.get(i);
      List<String> path = ThriftSchema.leafPath(names.get(i), t);
      String leaf = String.join(".", path);
      LeafValues.Mode mode = LeafValues.Mode.UNDECIDED;
      long limit = config.dictionaryPageBytes();
      if (config.plainColumns().contains(names.get(i))) {
        mode = LeafValues.Mode.PLAIN;
        plainLeaves.add(leaf);
      } else if (EncodingPlan.isFloatLeaf(t) && config.rowGroupCap() != null) {
        EncodingPlan.LeafPlan lp =
            plan != null
                ? plan.get(i)
                : new EncodingPlan.LeafPlan(
                    false, EncodingPlan.floatDictionaryLimit(config.rowGroupCap(), EncodingPlan.width(t)));
        if (lp.plain()) {
          mode = LeafValues.Mode.PLAIN;
          plainLeaves.add(leaf);
        } else if (lp.dictionaryLimit() != null) {
          limit = lp.dictionaryLimit();
          dictionaryLimits.put(leaf, lp.dictionaryLimit());
        }
      }
      encoders[i] = new ColumnEncoder(t, path, codec, config.pageRows(), config.pageBytes(), mode, limit);
    }
  }

  /** Plans from the held rows, then encodes them in the order and chunks they came in. */
  private void planAndDrain() {
    List<EncodingPlan.LeafPlan> plan = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      if (!EncodingPlan.isFloatLeaf(types.get(i))) {
        plan.add(EncodingPlan.LeafPlan.UNCHANGED);
        continue;
      }
      List<Column> sample = new ArrayList<>();
      for (List<Column> chunk : held) {
        sample.add(chunk.get(i));
      }
      plan.add(EncodingPlan.plan(sample, types.get(i), config.rowGroupCap()));
    }
    createEncoders(plan);
    state = State.WRITING;
    List<List<Column>> chunks = new ArrayList<>(held);
    held.clear();
    heldRows = 0;
    for (List<Column> chunk : chunks) {
      encode(chunk, 0, chunk.get(0).length(), false);
    }
  }

  /**
   * Encodes rows {@code [from, to)} of {@code chunk}: the row groups they end are streamed ({@link #streamRowGroups}),
   * and rows that end none (a chunk short of the cap) are encoded into the group in progress, heaviest columns first so
   * that on a pool the longest task does not start last (the order never changes which bytes a column gets, only
   * when).
   */
  private void encode(List<Column> chunk, int from, int to, boolean last) {
    List<Segment> ending = groupsEnded(from, to, last);
    int a = from;
    if (!ending.isEmpty()) {
      streamRowGroups(chunk, ending);
      a = ending.get(ending.size() - 1).to();
    }
    if (a < to) {
      int start = a;
      int[] order = heaviestFirst(chunk, start, to);
      workers.forEach(encoders.length, StreamingWriter::scratch,
          (scratch, k) -> encoders[order[k]].encode(chunk.get(order[k]), start, to, scratch));
      groupRows += to - start; // still short of the cap: a group the rows fill is streamed above
    }
    rows += to - from;
  }

  /** Rows {@code [from, to)} of a chunk that end a row group of {@code rows} rows in all. */
  private record Segment(int from, int to, int rows) {}

  /** The row groups that rows {@code [from, to)} end, in order; a trailing part that ends none is not listed. */
  private List<Segment> groupsEnded(int from, int to, boolean last) {
    List<Segment> ended = new ArrayList<>();
    int filled = groupRows;
    while (from < to) {
      int take = Math.min(config.rowGroupRows() - filled, to - from);
      if (filled + take != config.rowGroupRows() && !(last && from + take == to)) {
        break;
      }
      ended.add(new Segment(from, from + take, filled + take));
      from += take;
      filled = 0;
    }
    return ended;
  }

  /**
   * Encodes, finishes and appends the row groups that one call ends, streaming each ({@link GroupSchedule}): a
   * column's chunk is appended as soon as it and every column before it are encoded, and the chunk next in the file
   * writes its pages there as it cuts them (unless a dictionary page must come first), so the device and a hashed
   * write's background hasher get the bytes while later columns encode (with a whole group appended at its end, a
   * hashed write's last row group was hashed after the writer stopped). The serial writer (and one that cannot fan out
   * now, such as a hashed write whose hasher holds the only turn of a one-thread context) encodes the chunks one after
   * another in file order, each streaming. On a pool, several groups (a whole table written at once) are one schedule
   * run by the caller and the context's threads (no more than the JVM's processors), so the next group's columns
   * encode while the previous group's last ones finish. The bytes are the same in every case: each encoder sees its
   * column's rows in order, and chunks are appended group by group in schema order.
   */
  private void streamRowGroups(List<Column> chunk, List<Segment> groups) {
    boolean pool = workers.mayFanOut();
    GroupSchedule schedule = new GroupSchedule(groups.size(), encoders.length, new GroupSchedule.Work() {
      @Override
      public void encode(int g, int column, Bytes scratch, BooleanSupplier headOfLine) {
        Segment span = groups.get(g);
        ColumnEncoder e = encoders[column];
        e.streamWhen(() -> headOfLine.getAsBoolean() ? output : null);
        try {
          e.encode(chunk.get(column), span.from(), span.to(), scratch);
          e.finishRowGroup(scratch);
        } finally {
          e.streamWhen(null);
        }
      }

      @Override
      public void append(int g, int column) {
        encoders[column].appendTo(output);
      }

      @Override
      public void startGroup(int g) {
        output.startRowGroup(groups.get(g).rows());
      }

      @Override
      public void endGroup(int g) {
        output.endRowGroup();
      }
    }, () -> new ArtifactException(config.path(), "writing was interrupted"));
    // the caller and the context's threads, but never more than the JVM's processors: a time-sliced chunk at the head
    // of the line holds back every chunk behind it and the device (two threads and the caller on two processors:
    // 0.64x the one-thread write, durable, against 0.52x for two; 0.42x against 0.40x without sync)
    int runners = pool ? Math.min(workers.threads() + 1, Runtime.getRuntime().availableProcessors()) : 1;
    workers.forEach(runners, StreamingWriter::scratch, (scratch, r) -> schedule.run(scratch));
    schedule.checkComplete();
    groupRows = 0;
  }

  /**
   * A compression buffer for one thread of a fan-out: pages that do not fit their chunk's current slab are compressed
   * there and copied in ({@link Slabs}). One per thread, not per column: it grows to a page's worst case.
   */
  private static Bytes scratch() {
    return new Bytes(0);
  }

  /** Column indexes by decreasing work estimate: the bytes of values (and list or string payload) to encode. */
  static int[] heaviestFirst(List<Column> chunk, int from, int to) {
    int n = chunk.size();
    long[] keyed = new long[n];
    for (int i = 0; i < n; i++) {
      long w = Math.min(Columns.workEstimate(chunk.get(i), from, to), (1L << 40) - 1);
      keyed[i] = (w << 20) | (n - 1 - i); // ties keep schema order
    }
    java.util.Arrays.sort(keyed);
    int[] order = new int[n];
    for (int k = 0; k < n; k++) {
      order[k] = n - 1 - (int) (keyed[n - 1 - k] & ((1 << 20) - 1));
    }
    return order;
  }

  /**
   * Ends a row group that no write call knew was the last (a chunked writer's final, partial group, at
   * {@link #finish()}): its columns are all encoded, so they are finished together and appended in schema order.
   */
  private void flushRowGroup() {
    workers.forEach(encoders.length, StreamingWriter::scratch, (scratch, i) -> encoders[i].finishRowGroup(scratch));
    output.startRowGroup(groupRows);
    for (ColumnEncoder e : encoders) {
      e.appendTo(output);
    }
    output.endRowGroup();
    groupRows = 0;
  }

  /** Bytes the encoders hold for the row group in progress (for memory accounting in benchmarks). */
  long bufferedBytes() {
    long n = 0;
    if (encoders != null) {
      for (ColumnEncoder e : encoders) {
        if (e != null) {
          n += e.bufferedBytes();
        }
      }
    }
    return n;
  }

  /** Ends the last row group, writes the footer, and publishes the file; the digest is that of the published bytes. */
  public Result finish() {
    guard();
    if (state == State.NEW) {
      state = State.POISONED;
      throw new ArtifactException(
          config.path(),
          "TableWriter: no chunk written; write one (possibly empty) chunk to fix the schema");
    }
    try {
      if (state == State.SAMPLING) {
        planAndDrain();
      }
      if (groupRows > 0) {
        flushRowGroup();
      }
      WriterSettings settings = settings();
      SortedMap<String, String> kv = new TreeMap<>(config.metadata());
      kv.put(Schemas.ARROW_SCHEMA_KEY, Schemas.encodeArrowFields(Schemas.arrowFields(names, types)));
      kv.put(config.settingsKey(), settings.toJson());
      List<org.apache.parquet.format.SchemaElement> schema = ThriftSchema.elements(names, types);
      FileMetaData meta = new FileMetaData(1, schema, 0, new ArrayList<>());
      meta.setCreated_by(CREATED_BY);
      meta.setColumn_orders(ThriftSchema.columnOrders(names.size()));
      output.finish(meta, kv);
      ContentHash digest = null;
      if (hasher != null) {
        if (config.durable()) {
          // the device writes the file while the hasher's lane hashes the last bytes: the sync's wait, idle time on
          // this thread, hides the hashing's tail (hashed/unhashed write, paired: see the write benchmark)
          file.sync();
        }
        digest = hasher.finish();
      }
      file.publish(config.durable());
      state = State.FINISHED;
      return new Result(rows, digest, settings);
    } catch (IOException e) {
      throw poison(new ArtifactException(config.path(), "writing failed: " + e, e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw poison(new ArtifactException(config.path(), "writing was interrupted", e));
    } catch (RuntimeException e) {
      throw poison(e);
    } finally {
      if (state != State.FINISHED) {
        release();
      }
    }
  }

  private WriterSettings settings() {
    return new WriterSettings(
        WriterSettings.LAYOUT_REVISION,
        config.codec().name(),
        config.rowGroupCap() == null ? 0 : config.rowGroupCap(),
        config.rowGroupRows(),
        config.pageRows(),
        config.pageBytes(),
        config.dictionaryPageBytes(),
        config.rowGroupCap() != null && config.floatPlan(),
        List.copyOf(config.plainColumns()),
        plainLeaves,
        dictionaryLimits,
        Version.FULL_VERSION);
  }

  /** Abandons an unfinished write: the temporary file is removed and the destination is untouched. */
  @Override
  public void close() {
    if (state != State.FINISHED) {
      state = State.POISONED;
      release();
    }
  }

  private void release() {
    if (encoders != null) {
      for (ColumnEncoder e : encoders) {
        if (e != null) {
          e.discard();
        }
      }
    }
    held.clear();
    if (output != null) {
      output.abandon();
    }
    if (hasher != null) {
      hasher.close();
    }
    if (file != null) {
      file.close();
    }
  }
}
