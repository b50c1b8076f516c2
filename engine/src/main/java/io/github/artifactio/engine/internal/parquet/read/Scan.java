package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
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
 * holding kept rows. Column cursors never share state, so column groups decode in parallel on the caller's engine
 * context (the calling thread decodes groups too), each group running its columns' part of the same batch plan: the
 * joined batch is the single reader's batch.
 */
public final class Scan implements AutoCloseable {
  /** Options of one scan (the public {@code ScanOptions}, flattened). */
  public record Config(Workers workers, int decodeGroups, SpanCache.Options coalesce, boolean verifyChecksums) {
    static final Config DEFAULT = new Config(Workers.serial(), 1, null, true);
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

  /** ...and no column holding more than this share of the projection's bytes (the slowest group holds it whole). */
  static final double MAX_AUTO_LARGEST_SHARE = 0.5;

  /** Automatic decode groups are at most this many. */
  static final int MAX_AUTO_GROUPS = 8;

  private final ParquetFile file;
  private final Path path;
  private final List<ColumnSpec> projection;
  private final long[] starts;
  private final long[] ends;
  private final int batchRows;
  private final long[] groupFirst;
  private final List<long[]>[] keptByGroup;
  private final FileReads reads;
  private final ChunkSource source;
  private final SpanCache spans;
  private final Cursor[] cursors;
  private final int[][] groups;
  private final Workers workers;
  private final boolean verifyChecksums;
  private int range;
  private long pos;
  private long remaining;
  private boolean closed;

  private record Op(int group, long from, int count) {}

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
    List<ColumnDescriptor> leaves = schema.getColumns();
    cursors = new Cursor[projection.size()];
    for (int i = 0; i < cursors.length; i++) {
      ColumnSpec spec = projection.get(i);
      int leaf = file.leafOf(spec.name());
      cursors[i] = new Cursor(spec, leaf, leaves.get(leaf), schema);
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
    groups = columnGroups(config.decodeGroups(), blocks);
    verifyChecksums = config.verifyChecksums();
  }

  private void checkCodecs(List<BlockMetaData> blocks) {
    for (int g = 0; g < blocks.size(); g++) {
      if (keptByGroup[g] == null) {
        continue;
      }
      for (Cursor c : cursors) {
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
   * Groups of projected columns balanced by the uncompressed bytes of the kept row groups: the largest column first,
   * each to the group with the least so far (an empty group before any other). Decoding costs about what the values
   * come to, not what they compress to: the read benchmark's list of random floats (the largest compressed column)
   * decodes faster per byte than its string column, so groups cut at compressed bytes, in column order, left one
   * thread with three fifths of the work. {@code wanted} 0 is automatic ({@link #autoGroups}, on compressed bytes);
   * on the serial context, always a single group. Each group's columns stay in projection order.
   */
  private int[][] columnGroups(int wanted, List<BlockMetaData> blocks) {
    int n = cursors.length;
    long[] bytes = new long[n];
    long[] cost = new long[n];
    int kept = 0;
    for (int g = 0; g < blocks.size(); g++) {
      if (keptByGroup[g] != null) {
        kept++;
      }
    }
    for (int i = 0; i < n; i++) {
      for (int g = 0; g < blocks.size(); g++) {
        if (keptByGroup[g] != null) {
          ColumnChunkMetaData c = blocks.get(g).getColumns().get(cursors[i].leaf);
          bytes[i] += c.getTotalSize();
          // sizes a footer declares, so only kept within bounds that cannot overflow the sums below
          cost[i] += Math.min(1L << 40, Math.max(0, Math.max(c.getTotalUncompressedSize(), c.getTotalSize())));
        }
      }
    }
    int k;
    if (workers.isSerial() || n <= 1) {
      k = 1;
    } else if (wanted <= 0) {
      k = autoGroups(bytes, kept, Runtime.getRuntime().availableProcessors());
    } else {
      k = wanted;
    }
    k = Math.max(1, Math.min(k, n));
    return balanced(cost, k);
  }

  /** Column indexes in {@code k} groups of about equal {@code cost}, as {@link #columnGroups} says. */
  static int[][] balanced(long[] cost, int k) {
    int n = cost.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> cost[x] != cost[y] ? Long.compare(cost[y], cost[x]) : Integer.compare(x, y));
    long[] load = new long[k];
    int[] size = new int[k];
    int[] groupOf = new int[n];
    for (int c : order) {
      int best = 0;
      for (int g = 1; g < k; g++) {
        boolean emptier = size[g] == 0 && size[best] > 0;
        boolean lighter = (size[g] == 0) == (size[best] == 0) && load[g] < load[best];
        if (emptier || lighter) {
          best = g;
        }
      }
      groupOf[c] = best;
      load[best] += cost[c];
      size[best]++;
    }
    int[][] out = new int[k][];
    for (int g = 0; g < k; g++) {
      out[g] = new int[size[g]];
    }
    int[] fill = new int[k];
    for (int i = 0; i < n; i++) {
      out[groupOf[i]][fill[groupOf[i]]++] = i;
    }
    return out;
  }

  private StringInterner interner;

  /**
   * From the next batch on, the (one, string) projected column comes as interned ids: an {@code OptInt32Column}
   * (every row valid when the leaf is required) numbering values by first appearance in {@code interner}.
   */
  public void internStrings(StringInterner interner) {
    if (cursors.length != 1 || cursors[0].spec.decodedAs().leaf() != ColumnType.Leaf.UTF8
        || cursors[0].spec.decodedAs().isList()) {
      throw new IllegalStateException("interning reads one string column, not " + projection);
    }
    this.interner = interner;
  }

  /** How many column groups decode each batch (1: the single reader). */
  public int decodeGroups() {
    return groups.length;
  }

  private int groupOf(long fileRow) {
    int i = Arrays.binarySearch(groupFirst, fileRow);
    int g = i >= 0 ? i : -i - 2;
    while (g + 1 < groupFirst.length && groupFirst[g + 1] <= fileRow) {
      g++; // empty row groups
    }
    return g;
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
    int need = (int) Math.min(batchRows, remaining);
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
    if (groups.length == 1) {
      runGroup(groups[0], ops, need, out);
    } else {
      // the groups are claimed by the calling thread and the context's threads alike
      try {
        workers.forEach(groups.length, g -> runGroup(groups[g], ops, need, out));
      } catch (ArtifactException e) {
        throw e.located(path, null, null, null);
      } catch (RuntimeException e) {
        throw new ArtifactException(path, "reading the columns failed: " + e, e);
      }
    }
    return Arrays.asList(out);
  }

  private void runGroup(int[] group, List<Op> ops, int rows, Column[] out) {
    for (int i : group) {
      out[i] = cursors[i].run(ops, rows);
    }
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
    for (Cursor c : cursors) {
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

  /** One projected column: its reader over the current row group. */
  private final class Cursor {
    final ColumnSpec spec;
    final int leaf;
    final ColumnDescriptor desc;
    final int listDef;
    final boolean optional;
    int group = -1;
    LeafReader reader;
    /** List items and rows of this column's previous batch, for the next batch's items array. */
    long lastItems = -1;
    long lastRows;
    /**
     * The array the previous whole chunk of this column was read into, reused for the next once its reader is closed:
     * nothing outlives a chunk's reader (values, dictionaries and strings are copied out), and a fresh array per chunk
     * cost its zeroing (1.2 ms for 8 MB on the benchmark machine). Only arrays from the file, never a span's.
     */
    byte[] chunkBuffer;

    /** Items expected in a batch of {@code rows}: the previous batch's rate with 5% to spare, or -1 for none yet. */
    int itemsHint(int rows) {
      if (lastItems < 0 || lastRows == 0) {
        return -1;
      }
      double expected = (double) lastItems / lastRows * rows * 1.05 + 64;
      return (int) Math.min(expected, 1 << 26);
    }

    Cursor(ColumnSpec spec, int leaf, ColumnDescriptor desc, MessageType schema) {
      this.spec = spec;
      this.leaf = leaf;
      this.desc = desc;
      this.listDef = spec.decodedAs().isList() ? Schemas.repeatedDefinitionLevel(schema, desc) - 1 : 0;
      this.optional = desc.getMaxDefinitionLevel() > 0;
    }

    Column run(List<Op> ops, int rows) {
      ColumnType kind = spec.decodedAs();
      Builders.Base b = interner != null
          ? new Builders.Interned(spec.name(), optional, rows, interner)
          : Builders.create(spec.name(), kind, optional, rows, itemsHint(rows));
      int at = -1;
      try {
        for (Op op : ops) {
          at = op.group;
          if (op.group != group) {
            open(op.group);
          }
          reader.skip(op.from - reader.row);
          reader.read(op.count, b);
        }
      } catch (LeafReader.NullItemException e) {
        long row = groupFirst[at] + e.row;
        throw new ArtifactException(path, spec.name(), at, row, NULL_LIST_ITEM);
      } catch (LeafReader.PageChecksumException e) {
        throw new ArtifactException(
            path, spec.name(), at, null,
            e.pageName() + ": the page's CRC32 is " + hex(e.actual) + " but its header records " + hex(e.recorded)
                + "; the file is corrupt");
      } catch (IOException | RuntimeException e) {
        if (e instanceof ArtifactException) {
          throw ((ArtifactException) e).located(path, spec.name(), at, null);
        }
        throw new ArtifactException(
            path, spec.name(), at, null, e.getMessage() != null ? e.getMessage() : e.toString(), e);
      }
      if (b instanceof Builders.ListBase l) {
        lastItems = l.items;
        lastRows = rows;
      }
      try {
        return b.buildRows();
      } catch (Builders.LevelsException e) {
        throw new ArtifactException(path, spec.name(), at, null, e.getMessage(), e);
      }
    }

    private void open(int g) throws IOException {
      close();
      group = g;
      ColumnChunkMetaData cc = file.blocks().get(g).getColumns().get(leaf);
      ChunkPages.PageIndex index = file.pageIndex(g, leaf);
      ChunkPages pages;
      boolean[] wanted = index == null ? null : wantedPages(index, keptByGroup[g]);
      if (wanted != null) {
        chunkBuffer = null; // the wanted pages are read into arrays of their own
        pages = ChunkPages.indexed(source, g, leaf, cc.getStartingPos(), index, wanted);
      } else {
        // an array too small for this chunk is dropped before the chunk's is allocated: one chunk's bytes at a time
        byte[] reuse = chunkBuffer != null && chunkBuffer.length >= cc.getTotalSize() ? chunkBuffer : null;
        chunkBuffer = null;
        pages = ChunkPages.sequential(
            source, g, leaf, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), reuse);
        if (source == reads) {
          chunkBuffer = pages.wholeChunk() != null ? pages.wholeChunk() : reuse;
        }
      }
      pages.expectEncodings(cc.getEncodings().stream().map(Enum::name).toList());
      reader = new LeafReader(desc, pages, cc.getCodec(), listDef, verifyChecksums);
    }

    void close() {
      if (reader != null) {
        reader.close();
        reader = null;
      }
    }
  }

  /**
   * The detail of a null item in a list column: the scan's error and the page walk's value finding, whose column, row
   * group and row are their own fields.
   */
  static final String NULL_LIST_ITEM = "a NULL list item; the engine's list columns hold no null items";

  private static String hex(int v) {
    return String.format("%08x", v);
  }

  /** The pages holding a kept row, or null when every page does (then the chunk is read whole, with one read). */
  private static boolean[] wantedPages(ChunkPages.PageIndex index, List<long[]> kept) {
    int n = index.pages();
    boolean[] wanted = new boolean[n];
    boolean all = true;
    int r = 0;
    for (int p = 0; p < n; p++) {
      long lo = index.firstRows()[p];
      long hi = lo + index.rowsOf(p);
      while (r < kept.size() && kept.get(r)[1] <= lo) {
        r++;
      }
      wanted[p] = r < kept.size() && kept.get(r)[0] < hi;
      all &= wanted[p];
    }
    return all ? null : wanted;
  }
}
