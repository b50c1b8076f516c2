package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ColumnVisitor;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptBoolColumn;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.internal.parquet.encode.BoolValues;
import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import io.github.artifactio.engine.internal.parquet.encode.DictionaryChoice;
import io.github.artifactio.engine.internal.parquet.encode.Float32Values;
import io.github.artifactio.engine.internal.parquet.encode.Float64Values;
import io.github.artifactio.engine.internal.parquet.encode.HybridEncoder;
import io.github.artifactio.engine.internal.parquet.encode.Int32Values;
import io.github.artifactio.engine.internal.parquet.encode.Int64Values;
import io.github.artifactio.engine.internal.parquet.encode.LeafValues;
import io.github.artifactio.engine.internal.parquet.encode.Levels;
import io.github.artifactio.engine.internal.parquet.encode.Utf8Values;
import io.github.artifactio.engine.internal.parquet.format.ThriftSchema;

/**
 * Encodes one top-level column (one leaf), row group after row group, into data pages held in memory until the row
 * group's chunk is appended to the file ({@link #appendTo}).
 *
 * <p>Rows arrive as runs of a column's arrays ({@link #encode}, one visitor call per run): levels go to two
 * {@link HybridEncoder}s, values to the leaf's {@link LeafValues}, a run of values at a time. A page ends after the row
 * at which it holds the page row limit, or at which its size (values as {@link LeafValues#pageBits} counts them, plus
 * every level at its bit width) reaches the page byte limit; pages begin and end on row boundaries, as an offset index
 * requires. Every cut is computed from the rows in order, never from where a run ended, so the bytes depend only on
 * the column's own row sequence: the serial, chunked and column-parallel writers feed each encoder the same rows and
 * get the same bytes.
 *
 * <p>A finished page gets its levels put in front of its values in the one page buffer, is compressed from there into
 * the chunk's body buffer, and gets its CRC32 and Thrift header; its bounds, null and NaN counts feed the column index
 * and the chunk statistics in the same pass.
 */
final class ColumnEncoder {
  private final ColumnType type;
  private final LeafValues values;
  private final ChunkBuilder chunk;
  private final int maxDef;
  private final int maxRep;
  /** Bits one level of each stream counts for in the page size. */
  private final int levelBits;
  private final int pageRowLimit;
  private final long pageBitLimit;
  private final LeafValues.Mode startMode;
  private final long dictionaryLimit;
  private final Bytes levelBytes = new Bytes(256);
  /** The calling thread's compression scratch, set for the length of one {@link #encode} or finish call. */
  private Bytes scratch;
  private final Levels rep = new Levels();
  private final Levels def = new Levels();
  private final Runs runs = new Runs();
  private boolean inChunk;
  private int pageRows;
  private int pageLevels;
  private int pageNulls;

  /**
   * @param path the leaf's path in the schema
   * @param startMode how each chunk starts: PLAIN, DICTIONARY (planned) or UNDECIDED (sampled)
   */
  ColumnEncoder(ColumnType type, java.util.List<String> path, PageCodec codec, int pageRows, int pageBytes,
      LeafValues.Mode startMode, long dictionaryLimit) {
    this.type = type;
    this.values = valuesOf(type);
    this.maxDef = type.isList() ? 3 : type.nullable() ? 1 : 0;
    this.maxRep = type.isList() ? 1 : 0;
    this.levelBits = HybridEncoder.bitWidth(maxDef) + HybridEncoder.bitWidth(maxRep);
    this.pageRowLimit = pageRows;
    this.pageBitLimit = pageBytes * 8L;
    this.startMode = type.leaf() == ColumnType.Leaf.BOOL ? LeafValues.Mode.PLAIN : startMode;
    this.dictionaryLimit = dictionaryLimit;
    this.chunk = new ChunkBuilder(path, ThriftSchema.physicalType(type.leaf()), codec, values);
    values.pageRowLimit = pageRows;
    values.pageByteLimit = pageBytes;
    values.gap = maxDef + maxRep == 0 ? 0 : 64;
  }

  private static LeafValues valuesOf(ColumnType t) {
    return switch (t.leaf()) {
      case INT64 -> new Int64Values();
      case INT32 -> new Int32Values(false);
      case UINT32 -> new Int32Values(true);
      case FLOAT64 -> new Float64Values();
      case FLOAT32 -> new Float32Values();
      case BOOL -> new BoolValues();
      case UTF8 -> new Utf8Values();
    };
  }

  /**
   * Encodes rows {@code [from, to)} of {@code column} into the current row group; {@code scratch} is the calling
   * thread's buffer for compressing a page that does not fit its chunk's current slab (see {@link Slabs}).
   */
  void encode(Column column, int from, int to, Bytes scratch) {
    if (from == to) {
      return;
    }
    this.scratch = scratch;
    try {
      if (!inChunk) {
        beginChunk();
      }
      runs.from = from;
      runs.to = to;
      column.accept(runs);
    } finally {
      this.scratch = null; // the thread's, for this call only
    }
  }

  private void beginChunk() {
    inChunk = true;
    values.beginChunk(startMode, dictionaryLimit);
    chunk.begin();
    startLevels();
  }

  private void startLevels() {
    rep.reset();
    def.reset();
    pageRows = 0;
    pageLevels = 0;
    pageNulls = 0;
  }

  // ---- the row walkers: one call per run of rows, values a run at a time

  private long roomBits() {
    return pageBitLimit - values.pageBits() - (long) pageLevels * levelBits;
  }

  private boolean pageFull() {
    return pageRows >= pageRowLimit || values.pageBits() + (long) pageLevels * levelBits >= pageBitLimit;
  }

  /** Values still to come before an undecided chunk decides (the sample ends exactly there), else no limit. */
  private int sampleLeft() {
    return values.mode == LeafValues.Mode.UNDECIDED ? DictionaryChoice.SAMPLE - values.pageValues : Integer.MAX_VALUE;
  }

  private void afterRun() {
    values.maybeDecide(pageRows);
    if (pageFull()) {
      endPage();
    }
  }

  /** A required scalar column: row i is value i. */
  private void required(int from, int to) {
    while (from < to) {
      int n = Math.min(Math.min(to - from, pageRowLimit - pageRows), sampleLeft());
      n = values.append(from, from + n, roomBits(), 0);
      pageRows += n;
      pageLevels += n;
      from += n;
      afterRun();
    }
  }

  /** An optional scalar column: row i is value i where {@code valid[i]}, else null (definition level 0). */
  private void optional(boolean[] valid, int from, int to) {
    while (from < to) {
      int limit = Math.min(to, from + (pageRowLimit - pageRows));
      int b = from + 1;
      int n;
      if (!valid[from]) {
        while (b < limit && !valid[b]) {
          b++;
        }
        long fill = (roomBits() + levelBits - 1) / levelBits; // nulls add their level only
        n = (int) Math.min(b - from, Math.max(1, fill));
        def.fill(0, n);
        pageNulls += n;
      } else {
        while (b < limit && valid[b]) {
          b++;
        }
        n = values.append(from, from + Math.min(b - from, sampleLeft()), roomBits(), levelBits);
        def.fill(1, n);
      }
      pageRows += n;
      pageLevels += n;
      from += n;
      afterRun();
    }
  }

  /**
   * A list column: row i is items {@code [offsets[i], offsets[i + 1])}, or null where {@code !valid[i]}. Levels as
   * {@link Schemas} lays lists out: null list 0, empty list 1, item 3 (definition); 0 at a row's start, then 1
   * (repetition). Items of a fixed width (every list leaf the model has) add a known size, so rows are gathered into
   * one run of items with the page check per row done in arithmetic; other items would be one run per row.
   */
  private void list(int[] o, boolean[] valid, int from, int to) {
    while (from < to) {
      int width = values.plainWidth();
      int limit = Math.min(to, from + (pageRowLimit - pageRows));
      int b = from;
      if (width > 0) {
        long room = roomBits();
        long sample = sampleLeft();
        long used = 0;
        long items = 0;
        while (b < limit && used < room && items < sample) {
          int k = rowLevels(o, valid, b++);
          used += (long) k * 8 * width + (long) Math.max(k, 1) * levelBits;
          items += k;
        }
        appendAll(o[from], o[b]);
      } else {
        int k = rowLevels(o, valid, b++);
        appendAll(o[from], o[from] + k);
      }
      pageRows += b - from;
      from = b;
      afterRun();
    }
  }

  /** Writes row {@code i}'s levels; returns its item count. */
  private int rowLevels(int[] o, boolean[] valid, int i) {
    int k = valid[i] ? o[i + 1] - o[i] : 0;
    if (k == 0) {
      rep.add(0);
      def.add(valid[i] ? 1 : 0);
      pageNulls++;
      pageLevels++;
    } else {
      rep.add(0);
      rep.fill(1, k - 1);
      def.fill(3, k);
      pageLevels += k;
    }
    return k;
  }

  private void appendAll(int from, int to) {
    while (from < to) {
      from += values.append(from, to, Long.MAX_VALUE, 0); // fewer only when a dictionary overflowed mid-run
    }
  }

  // ---- pages

  /**
   * Ends the page: its values sealed at the page buffer's gap, its levels encoded (each stream a 4-byte length and
   * the hybrid encoding, repetition first) and put just before them, the whole compressed from that one buffer.
   */
  private void endPage() {
    boolean ids = values.sealPage(pageRows);
    levelBytes.reset();
    if (maxRep > 0) {
      levelStream(rep, maxRep);
    }
    if (maxDef > 0) {
      levelStream(def, maxDef);
    }
    int levels = levelBytes.size;
    if (levels > values.gap) {
      values.widenGap(Math.max(levels, values.gap * 2));
    }
    int start = values.gap - levels;
    byte[] p = values.page.buf;
    System.arraycopy(levelBytes.buf, 0, p, start, levels);
    chunk.dataPage(p, start, values.page.size - start, pageLevels, pageRows, pageNulls, ids, scratch);
    values.foldPageStats();
    values.resetPage();
    startLevels();
  }

  private void levelStream(Levels levels, int max) {
    int at = levelBytes.size;
    levelBytes.putInt(0);
    levels.encode(HybridEncoder.bitWidth(max), levelBytes);
    Bytes.INT.set(levelBytes.buf, at, levelBytes.size - at - 4);
  }

  /** Ends the row group's chunk: its last page and its dictionary page; {@code scratch} as for {@link #encode}. */
  void finishRowGroup(Bytes scratch) {
    this.scratch = scratch;
    try {
      if (!inChunk) {
        beginChunk(); // every row group has every column; a column that saw no row cannot happen with rows > 0
      }
      if (pageRows > 0) {
        endPage();
      }
      chunk.finish(values);
      inChunk = false;
    } finally {
      this.scratch = null;
    }
  }

  /** Appends the finished chunk at the output's position (inside a started row group). */
  void appendTo(ParquetOutput out) {
    chunk.appendTo(out);
  }

  /** Bytes this column holds in its buffers. */
  long bufferedBytes() {
    return values.heldBytes() + chunk.heldBytes() + levelBytes.buf.length + rep.heldBytes() + def.heldBytes();
  }

  /**
   * While set, the chunk's pages go to the file as they are cut from the moment {@code gate} says its turn came (and
   * no dictionary page has to come first); null stops asking.
   */
  void streamWhen(ChunkBuilder.Gate gate) {
    chunk.streamWhen(gate);
  }

  /** Drops the row group in progress (an abandoned or failed write). */
  void discard() {
    inChunk = false;
    chunk.begin();
  }

  /** The row walkers by column kind: one call per run of rows. */
  private final class Runs implements ColumnVisitor<Void> {
    int from;
    int to;

    @Override
    public Void int64(Int64Column c) {
      ((Int64Values) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void int32(Int32Column c) {
      ((Int32Values) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void uint32(UInt32Column c) {
      ((Int32Values) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void float64(Float64Column c) {
      ((Float64Values) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void float32(Float32Column c) {
      ((Float32Values) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void bool(BoolColumn c) {
      ((BoolValues) values).bind(c.values());
      required(from, to);
      return null;
    }

    @Override
    public Void utf8(Utf8Column c) {
      ((Utf8Values) values).bind(c.data(), c.offsets());
      required(from, to);
      return null;
    }

    @Override
    public Void optInt64(OptInt64Column c) {
      ((Int64Values) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optInt32(OptInt32Column c) {
      ((Int32Values) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optUInt32(OptUInt32Column c) {
      ((Int32Values) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optFloat64(OptFloat64Column c) {
      ((Float64Values) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optFloat32(OptFloat32Column c) {
      ((Float32Values) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optBool(OptBoolColumn c) {
      ((BoolValues) values).bind(c.values());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void optUtf8(OptUtf8Column c) {
      ((Utf8Values) values).bind(c.data(), c.offsets());
      optional(c.valid(), from, to);
      return null;
    }

    @Override
    public Void listFloat32(ListFloat32Column c) {
      ((Float32Values) values).bind(c.values());
      list(c.offsets(), c.valid(), from, to);
      return null;
    }

    @Override
    public Void listFloat64(ListFloat64Column c) {
      ((Float64Values) values).bind(c.values());
      list(c.offsets(), c.valid(), from, to);
      return null;
    }

    @Override
    public Void largeListFloat32(LargeListFloat32Column c) {
      // the values of a Java array are int-indexed, so the run's 64-bit offsets fit ints; the walker takes those
      ((Float32Values) values).bind(c.values());
      long[] wide = c.offsets();
      int[] o = new int[to - from + 1];
      for (int i = 0; i < o.length; i++) {
        o[i] = (int) wide[from + i];
      }
      boolean[] valid = java.util.Arrays.copyOfRange(c.valid(), from, to);
      list(o, valid, 0, to - from);
      return null;
    }
  }
}
