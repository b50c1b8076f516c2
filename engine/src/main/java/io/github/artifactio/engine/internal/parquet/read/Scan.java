package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * A streaming read of some columns over some rows of a file: batches of {@code batchRows} kept rows as
 * {@link Column} records, one batch of decoded data and the chunks of the row groups a batch touches resident.
 *
 * <p>The rows are given as sorted, disjoint file-row ranges (a span is one range, a selection many). Each projected
 * column has its own cursor, which opens a row group's chunk when a batch first needs it, skips to the wanted rows
 * and reads them; on a handle with the offset index, a chunk whose group is only partly kept reads only the pages
 * holding kept rows. Column cursors never share state, so columns decode in parallel on the caller's engine context
 * (the calling thread decodes too), each running its part of the same batch plan: the joined batch is the single
 * reader's batch. A column with a large share of the work is cut within the batch at a page or row group boundary and
 * its two parts decoded by two readers of its own ({@link BatchTasks}), over pages read once ({@link SharedChunk}).
 */
public final class Scan implements AutoCloseable {
  /**
   * Options of one scan (the public {@code ScanOptions}, flattened), and {@code withinRowGroups}: whether a batch
   * ends where a row group does ({@code TableFile.rowGroupBatches}); {@code streamWindow}: a chunk larger than this
   * is read through a window of this size ({@link ChunkPages#streamed}), a smaller one whole (tests set it to 1 and to
   * {@code Integer.MAX_VALUE} to hold the two ways to the same results).
   */
  public record Config(Workers workers, int decodeGroups, SpanCache.Options coalesce, boolean verifyChecksums,
      boolean withinRowGroups, int streamWindow) {
    static final Config DEFAULT = new Config(Workers.serial(), 1, null, true, false);

    /** With the window a chunk larger than it is read through ({@link ChunkPages#STREAM_WINDOW}). */
    public Config(Workers workers, int decodeGroups, SpanCache.Options coalesce, boolean verifyChecksums,
        boolean withinRowGroups) {
      this(workers, decodeGroups, coalesce, verifyChecksums, withinRowGroups, ChunkPages.STREAM_WINDOW);
    }
  }

  /*
   * The automatic rule, measured on the 2-core bench machine while another build shared it (so single runs are noisy;
   * the figures are medians of 5 and of 9 interleaved runs): the read benchmark's table (2,000,000 rows; id int32, a
   * random int64, b random float64, c float64 of 200 values, s utf8, l list<float32>), row groups of 16 Ki-1 Mi rows,
   * batches of 65,536 rows, two groups on a 2-thread pool against the single reader, time ratio 2t/1t:
   * - the full projection (6 columns, largest column 44% of the bytes) gained at every row-group size from 1.2 MB to
   *   80 MB: 0.65-0.88;
   * - {id,a,b,c} (largest 38%) gained at 1.4 and 22 MB a row group (0.47-0.94) and lost at 0.35 and 5.5 MB (1.1-1.4);
   * - every one- and two-column projection, and {a,b,s} (largest 57%), ranged 0.69-2.1 without a consistent gain:
   *   with two columns the groups are the columns, so the split cannot balance, and PLAIN random longs and doubles are
   *   memory-bound, which a second core on this machine does not help;
   * - projections under ~0.6 MB a row group gained nothing (0.95-1.18): the per-batch hand-off outweighs the decode.
   * Hence: at least 3 columns, no column over half the bytes, at least 1 MiB a kept row group.
   */

  /** Automatic parallel decode needs at least this many compressed projection bytes per kept row group. */
  static final long MIN_AUTO_BYTES_PER_ROW_GROUP = 1L << 20;

  /** ...at least this many projected columns... */
  static final int MIN_AUTO_COLUMNS = 3;

  /**
   * ...and no column holding more than this share of the projection's bytes (measured when one thread decoded such a
   * column whole; a cut column's parts now spread over the threads, see {@link BatchTasks}).
   */
  static final double MAX_AUTO_LARGEST_SHARE = 0.5;

  /** Automatic decode groups are at most this many. */
  static final int MAX_AUTO_GROUPS = 8;

  private final ParquetFile file;
  private final Path path;
  private final List<ColumnSpec> projection;
  private final long[] starts;
  private final long[] ends;
  private final int batchRows;
  private final boolean withinRowGroups;
  private final long[] groupFirst;
  private final List<long[]>[] keptByGroup;
  private final FileReads reads;
  private final ChunkSource source;
  private final SpanCache spans;
  private final ColumnCursor[] cursors;
  /** Threads decoding each batch, the caller's included (1: the single reader). */
  private final int threads;
  /** What decoding each projected column costs, relatively: the uncompressed bytes of the kept row groups. */
  private final long[] cost;
  /**
   * What decoding a row of each column took in the batches so far (an average weighing the last batch half), once
   * every column was timed; NaN before. The bytes misjudge a dictionary column tenfold (the read benchmark's c: 1 MB
   * of values a row group, decoded in about the time of 8 MB of PLAIN doubles), and the task a thread claims last sets
   * how long the other one waits at the batch's end.
   */
  private final double[] nanosPerRow;
  private final Workers workers;
  private int range;
  private long pos;
  private long remaining;
  private boolean closed;

  /** {@code count} rows from chunk row {@code from} of row group {@code group}: a batch is a list of them. */
  record Op(int group, long from, int count) {}

  /**
   * @param starts inclusive file-row starts of the kept ranges, sorted and disjoint
   * @param ends exclusive ends
   */
  public @SuppressWarnings("unchecked") Scan(ParquetFile file, List<ColumnSpec> projection, long[] starts, long[] ends,
      int batchRows, Config config) {
    this.file = file;
    this.path = file.path();
    this.projection = List.copyOf(projection);
    this.starts = starts;
    this.ends = ends;
    this.batchRows = Math.max(1, batchRows);
    this.withinRowGroups = config.withinRowGroups();
    List<BlockMetaData> blocks = file.blocks();
    groupFirst = new long[blocks.size() + 1];
    for (int g = 0; g < blocks.size(); g++) {
      groupFirst[g + 1] = groupFirst[g] + blocks.get(g).getRowCount();
    }
    keptByGroup = new List[blocks.size()];
    long total = 0;
    for (int r = 0; r < starts.length; r++) {
      total += ends[r] - starts[r];
      long s = starts[r];
      while (s < ends[r]) {
        int g = groupOf(s);
        long e = Math.min(ends[r], groupFirst[g + 1]);
        if (keptByGroup[g] == null) {
          keptByGroup[g] = new ArrayList<>();
        }
        keptByGroup[g].add(new long[] {s - groupFirst[g], e - groupFirst[g]});
        s = e;
      }
    }
    remaining = total;
    pos = starts.length == 0 ? 0 : starts[0];
    MessageType schema = file.schema();
    List<ColumnDescriptor> leaves = file.leaves();
    cursors = new ColumnCursor[projection.size()];
    for (int i = 0; i < cursors.length; i++) {
      ColumnSpec spec = projection.get(i);
      int leaf = file.leafOf(spec.name());
      cursors[i] = new ColumnCursor(spec, leaf, leaves.get(leaf), schema);
    }
    checkCodecs(blocks);
    try {
      reads = new FileReads(path);
    } catch (IOException e) {
      throw new ArtifactException(path, "opening the file: " + e, e);
    }
    if (config.coalesce() != null) {
      int[] leafIds = Arrays.stream(cursors).mapToInt(c -> c.leaf).toArray();
      List<Integer> used = new ArrayList<>();
      for (int g = 0; g < blocks.size(); g++) {
        if (keptByGroup[g] != null) {
          used.add(g);
        }
      }
      spans = new SpanCache(reads, blocks, used, leafIds, config.coalesce(), config.workers());
      source = spans;
    } else {
      spans = null;
      source = reads;
    }
    workers = config.workers();
    cost = columnCosts(blocks);
    nanosPerRow = new double[cursors.length];
    Arrays.fill(nanosPerRow, Double.NaN);
    threads = decodeThreads(config.decodeGroups(), blocks);
    long costs = Arrays.stream(cost).sum();
    boolean anySplit = false;
    for (int i = 0; i < cursors.length; i++) {
      // a column of at least half a thread's share of a batch is worth cutting: it alone would hold up the others
      cursors[i].splittable = threads > 1 && cost[i] * 2 * threads >= costs;
      anySplit |= cursors[i].splittable;
    }
    ParquetFile pageHints = anySplit ? offsetIndexOrNull(file) : null;
    ColumnCursor.ScanFile scanFile =
        new ColumnCursor.ScanFile(
            file, source, source == reads, keptByGroup, groupFirst, config.verifyChecksums(), config.streamWindow());
    for (ColumnCursor c : cursors) {
      c.scan = scanFile;
      c.pageHints = pageHints;
    }
  }

  private void checkCodecs(List<BlockMetaData> blocks) {
    for (int g = 0; g < blocks.size(); g++) {
      if (keptByGroup[g] == null) {
        continue;
      }
      for (ColumnCursor c : cursors) {
        ColumnChunkMetaData cc = blocks.get(g).getColumns().get(c.leaf);
        if (!Decompressors.READABLE.contains(cc.getCodec())) {
          throw new ArtifactException(
              path, c.spec.name(), g, null,
              "compressed with " + cc.getCodec() + ", which this engine does not read (it reads "
                  + Decompressors.READABLE + ")");
        }
      }
    }
  }

  /**
   * Whether (and into how many groups) an automatic scan splits: the rule of {@code ScanOptions}, on the compressed
   * bytes each projected column has in the kept row groups. 1 is the single reader.
   */
  public static int autoGroups(long[] columnBytes, int keptRowGroups, int cores) {
    int n = columnBytes.length;
    long total = 0;
    long largest = 0;
    for (long b : columnBytes) {
      total += b;
      largest = Math.max(largest, b);
    }
    if (n < MIN_AUTO_COLUMNS || keptRowGroups == 0 || cores < 2 || total == 0
        || total / keptRowGroups < MIN_AUTO_BYTES_PER_ROW_GROUP || largest > MAX_AUTO_LARGEST_SHARE * total) {
      return 1;
    }
    return Math.min(Math.min(cores, MAX_AUTO_GROUPS), n);
  }

  /**
   * What each projected column costs to decode, relatively: the uncompressed bytes of the kept row groups. Decoding
   * costs about what the values come to, not what they compress to: the read benchmark's list of random floats (the
   * largest compressed column) decodes faster per byte than its string column, so groups cut at compressed bytes, in
   * column order, left one thread with three fifths of the work.
   */
  private long[] columnCosts(List<BlockMetaData> blocks) {
    long[] out = new long[cursors.length];
    for (int i = 0; i < out.length; i++) {
      for (int g = 0; g < blocks.size(); g++) {
        if (keptByGroup[g] != null) {
          ColumnChunkMetaData c = blocks.get(g).getColumns().get(cursors[i].leaf);
          // sizes a footer declares, so only kept within bounds that cannot overflow the sums below
          out[i] += Math.min(1L << 40, Math.max(0, Math.max(c.getTotalUncompressedSize(), c.getTotalSize())));
        }
      }
    }
    return out;
  }

  /**
   * How many threads decode each batch: {@code wanted}, or 0 for automatic ({@link #autoGroups}, on compressed
   * bytes); on the serial context, or for one column, the single reader.
   */
  private int decodeThreads(int wanted, List<BlockMetaData> blocks) {
    int n = cursors.length;
    if (workers.isSerial() || n <= 1) {
      return 1;
    }
    int k = wanted;
    if (wanted <= 0) {
      long[] bytes = new long[n];
      int kept = 0;
      for (int g = 0; g < blocks.size(); g++) {
        if (keptByGroup[g] != null) {
          kept++;
          for (int i = 0; i < n; i++) {
            bytes[i] += blocks.get(g).getColumns().get(cursors[i].leaf).getTotalSize();
          }
        }
      }
      k = autoGroups(bytes, kept, Runtime.getRuntime().availableProcessors());
    }
    return Math.max(1, Math.min(k, n));
  }

  /**
   * The file with its offset index, which tells where a list column's pages start without decoding them; null where
   * the index does not load (a file without one reads as before, whole columns and page starts from page headers).
   */
  private static ParquetFile offsetIndexOrNull(ParquetFile file) {
    if (file.offsetIndexLoaded()) {
      return file;
    }
    try {
      return file.withOffsetIndex();
    } catch (ArtifactException e) {
      return null;
    }
  }

  /**
   * From the next batch on, the (one, string) projected column comes as interned ids: an {@code OptInt32Column}
   * (every row valid when the leaf is required) numbering values by first appearance in {@code interner}.
   */
  public void internStrings(StringInterner interner) {
    if (cursors.length != 1 || cursors[0].spec.decodedAs().leaf() != ColumnType.Leaf.UTF8
        || cursors[0].spec.decodedAs().isList()) {
      throw new IllegalStateException("interning reads one string column, not " + projection);
    }
    cursors[0].interner = interner;
  }

  /** How many threads decode each batch (1: the single reader). */
  public int decodeGroups() {
    return threads;
  }

  private int groupOf(long fileRow) {
    int i = Arrays.binarySearch(groupFirst, fileRow);
    int g = i >= 0 ? i : -i - 2;
    while (g + 1 < groupFirst.length && groupFirst[g + 1] <= fileRow) {
      g++; // empty row groups
    }
    return g;
  }

  /** The kept rows from the next one to the end of its row group (at least 1: some row is still to come). */
  private long keptLeftInGroup() {
    int r = range;
    long p = pos;
    while (p >= ends[r]) {
      r++;
      p = starts[r];
    }
    long end = groupFirst[groupOf(p) + 1];
    long n = 0;
    for (; r < starts.length && starts[r] < end; r++) {
      n += Math.min(ends[r], end) - Math.max(starts[r], p);
    }
    return n;
  }

  /** Rows still to come. */
  long remaining() {
    return remaining;
  }

  /** The next batch, or null when every kept row was returned. */
  public List<Column> next() {
    if (remaining == 0 || closed) {
      return null;
    }
    int need = (int) Math.min(batchRows, withinRowGroups ? keptLeftInGroup() : remaining);
    List<Op> ops = new ArrayList<>();
    int left = need;
    while (left > 0) {
      if (pos >= ends[range]) {
        range++;
        pos = starts[range];
        continue;
      }
      int g = groupOf(pos);
      long take = Math.min(Math.min(left, ends[range] - pos), groupFirst[g + 1] - pos);
      ops.add(new Op(g, pos - groupFirst[g], (int) take));
      pos += take;
      left -= (int) take;
    }
    remaining -= need;
    Column[] out = new Column[cursors.length];
    if (threads == 1) {
      for (int i = 0; i < cursors.length; i++) {
        out[i] = cursors[i].run(cursors[i].lanes[0], ops, need);
      }
    } else {
      BatchTasks tasks = plan(ops, need);
      // the tasks are claimed, largest first, by the calling thread and the context's threads alike
      try {
        workers.forEach(tasks.size(), threads, t -> tasks.run(t, out));
        for (int i = 0; i < cursors.length; i++) {
          double rate = (double) tasks.spent(i) / need;
          nanosPerRow[i] = Double.isNaN(nanosPerRow[i]) ? rate : (nanosPerRow[i] + rate) / 2;
        }
      } catch (ArtifactException e) {
        throw e.located(path, null, null, null);
      } catch (RuntimeException e) {
        throw new ArtifactException(path, "reading the columns failed: " + e, e);
      }
    }
    return Arrays.asList(out);
  }

  /**
   * The tasks of a parallel batch: each column whole, or, for a column cut at a page (or row group) boundary near
   * the batch's middle, its two parts, each read by one of the column's two readers (the one already at the batch's
   * first row reads the first part). Lanes left behind in a row group the batch is past let their chunk go.
   */
  private BatchTasks plan(List<Op> ops, int need) {
    BatchTasks tasks = new BatchTasks(cursors.length);
    Op first = ops.get(0);
    boolean timed = !Double.isNaN(nanosPerRow[0]);
    for (int i = 0; i < cursors.length; i++) {
      ColumnCursor c = cursors[i];
      double estimate = timed ? nanosPerRow[i] * need : cost[i];
      if (!c.splittable) {
        tasks.whole(i, estimate, rows -> c.run(c.lanes[0], ops, rows), need);
        continue;
      }
      for (ColumnCursor.Lane lane : c.lanes) {
        if (lane.group >= 0 && lane.group < first.group) {
          c.close(lane);
        }
      }
      ColumnCursor.Lane at = c.lanes[1].at(first) ? c.lanes[1] : c.lanes[0];
      ColumnCursor.Lane other = at == c.lanes[0] ? c.lanes[1] : c.lanes[0];
      BatchTasks.Cut cut = BatchTasks.cut(ops, need, (g, from, to) -> c.pageStarts(g, from, to));
      if (cut == null) {
        tasks.whole(i, estimate, rows -> c.run(at, ops, rows), need);
        continue;
      }
      List<List<Op>> parts = cut.split(ops);
      List<Op> tail = parts.get(1);
      tasks.parts(i, estimate, need, cut.row(),
          b -> c.read(at, parts.get(0), b, cut.atPage()),
          b -> c.read(other, tail, b, false),
          c::builder,
          b -> c.build(b, tail.get(tail.size() - 1).group));
    }
    return tasks.ordered();
  }

  /** Bytes read from the file so far, spans and direct reads included. */
  public long bytesRead() {
    return reads.bytes.get();
  }

  /** Read calls so far. */
  public long readCalls() {
    return reads.reads.get();
  }

  public SpanCache spans() {
    return spans;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (ColumnCursor c : cursors) {
      c.close();
      c.chunkBuffer = null;
    }
    if (spans != null) {
      spans.close();
    }
    try {
      reads.close();
    } catch (IOException e) {
      throw new ArtifactException(path, "closing the file: " + e, e);
    }
  }

  /**
   * The detail of a null item in a list column: the scan's error and the page walk's value finding, whose column, row
   * group and row are their own fields.
   */
  static final String NULL_LIST_ITEM = "a NULL list item; the engine's list columns hold no null items";
}
