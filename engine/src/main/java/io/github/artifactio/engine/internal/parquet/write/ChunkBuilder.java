package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import io.github.artifactio.engine.internal.parquet.encode.LeafValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * One column chunk of a row group as it is built: compressed page bodies back to back in {@link Slabs}, their Thrift
 * headers in a buffer of their own (a header's size is known only after its page is compressed, so keeping them apart
 * lets a page be compressed straight into place where its worst case fits), the dictionary page, and per page what
 * the column index and offset index need. {@link #appendTo} writes header and body of each page and hands the
 * chunk's metadata and page indexes to the output. A chunk whose turn in the file has come while it encodes
 * ({@link #streamWhen}) writes its pages there as they are cut instead, and reuses one slab for them: a PLAIN chunk
 * only, since a dictionary page must come before the first data page and is known only at the chunk's end.
 *
 * <p>Data pages are version 1 pages: levels declared {@code RLE} (absent where the maximum level is 0), values
 * {@code PLAIN} or {@code PLAIN_DICTIONARY} (dictionary ids after a dictionary page whose encoding is also
 * {@code PLAIN_DICTIONARY}, as parquet-java's version 1 writer declared them). Every page carries the CRC32 of its
 * compressed bytes. Page headers carry no statistics: the column index holds them.
 *
 * <p>Column index and NaN, under the type-defined order every float leaf declares (the Parquet spec's rules): page
 * bounds are those of the page's non-NaN values, zeros widened to -0.0 and +0.0, and {@code nan_counts} says how many
 * NaNs each page holds outside them; a chunk with a page whose non-null values are all NaN has no column index, since
 * such a page has no bounds to write. (parquet-java 1.18 left the column index out whenever a page held any NaN.)
 */
final class ChunkBuilder {
  private record Page(
      int headerLength, long bodyAt, int bodyLength, long firstRow, boolean nullPage, byte[] min, byte[] max,
      long nulls, long nans) {}

  private final List<String> path;
  private final Type type;
  private final PageCodec codec;
  private final LeafValues values;
  private final Slabs bodies = new Slabs();
  private final Bytes headers = new Bytes(1 << 10);
  private final Bytes dictionaryRaw = new Bytes(64);
  private final Bytes dictionaryHead = new Bytes(32);
  private final Bytes dictionaryBody = new Bytes(64);
  private final CRC32 crc = new CRC32();
  private final List<Page> pages = new ArrayList<>();
  /**
   * Where the pages go once they are written: the output, from the moment the chunk may go to the file (its turn in
   * file order has come, see {@link #mayStream}) or from {@link #appendTo}; null while they are held.
   */
  private ParquetOutput live;
  /** Asked at each page whether the chunk's turn has come; null where nothing streams (set per task). */
  private Gate gate;
  private long liveStart;
  private long liveDataStart;
  /** Pages written so far; their bodies and headers are no longer held. */
  private int livePages;
  private final List<PageLocation> liveLocations = new ArrayList<>();
  private long rows;
  private long nulls;
  private long levels;
  private long uncompressed;
  private boolean indexable;
  private int dictionaryEntries;
  private int plainPages;
  private int dictionaryPages;
  private Statistics statistics;

  ChunkBuilder(List<String> path, Type type, PageCodec codec, LeafValues values) {
    this.path = List.copyOf(path);
    this.type = type;
    this.codec = codec;
    this.values = values;
  }

  /** Whether a chunk's turn in file order has come: the output when it has, else null. */
  interface Gate {
    ParquetOutput headOfLine();
  }

  /** Until the next {@link #begin}, pages go straight to the file once {@code gate} says the chunk's turn came. */
  void streamWhen(Gate gate) {
    this.gate = gate;
  }

  void begin() {
    live = null;
    livePages = 0;
    liveLocations.clear();
    bodies.clear();
    headers.reset();
    dictionaryHead.reset();
    dictionaryBody.reset();
    pages.clear();
    rows = 0;
    nulls = 0;
    levels = 0;
    uncompressed = 0;
    indexable = true;
    dictionaryEntries = 0;
    statistics = null;
  }

  /**
   * One data page: {@code length} bytes of {@code page} from {@code start}, with the page's values still current;
   * {@code scratch} is the encoding thread's, for a page whose worst case does not fit the current slab.
   */
  void dataPage(byte[] page, int start, int length, int pageLevels, int pageRows, int pageNulls, boolean ids,
      Bytes scratch) {
    long bodyStart = bodies.size();
    int compressed;
    int checksum;
    if (bodies.room() >= codec.maxCompressedLength(length)) {
      byte[] tail = bodies.tail();
      int at = bodies.tailOffset();
      compressed = codec.compress(page, start, length, tail, at);
      checksum = crc(tail, at, compressed);
      bodies.advance(compressed);
    } else {
      scratch.reset();
      compressed = codec.compress(page, start, length, scratch);
      checksum = crc(scratch.buf, 0, compressed);
      bodies.append(scratch.buf, 0, compressed);
    }
    PageHeader h = new PageHeader(PageType.DATA_PAGE, length, compressed);
    h.setCrc(checksum);
    h.setData_page_header(
        new DataPageHeader(pageLevels, ids ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    int headerLength = header(h, headers);
    boolean nullPage = values.pageValues == 0;
    byte[] min = new byte[0];
    byte[] max = min;
    if (!nullPage) {
      if (values.pageHasBounds()) {
        min = values.pageMin();
        max = values.pageMax();
      } else {
        indexable = false; // non-null values, all NaN: no bounds to write
      }
    }
    pages.add(new Page(headerLength, bodyStart, compressed, rows, nullPage, min, max, pageNulls,
        values.pageNaNs()));
    rows += pageRows;
    nulls += pageNulls;
    levels += pageLevels;
    uncompressed += headerLength + length;
    if (live == null && gate != null && mayStream()) {
      live = gate.headOfLine();
      if (live != null) {
        start();
      }
    }
    if (live != null) {
      writePages();
    }
  }

  /**
   * Whether the pages may go to the file before the chunk ends: only when no dictionary page will come first, which
   * a PLAIN chunk that has committed no dictionary entry knows (it never goes back to a dictionary).
   */
  private boolean mayStream() {
    return values.mode == LeafValues.Mode.PLAIN && values.committed == 0;
  }

  /** The chunk starts at {@link #live}'s position: its dictionary page, if any, then its pages as they come. */
  private void start() {
    liveStart = live.position();
    if (dictionaryEntries > 0) {
      live.write(dictionaryHead.buf, 0, dictionaryHead.size);
      live.write(dictionaryBody.buf, 0, dictionaryBody.size);
    }
    liveDataStart = live.position();
  }

  /**
   * Writes the pages not yet written, each header then body, records where each went, and lets their buffers go: a
   * chunk that streams holds no more than a page.
   */
  private void writePages() {
    int h = 0;
    for (; livePages < pages.size(); livePages++) {
      Page p = pages.get(livePages);
      long at = live.position();
      live.write(headers.buf, h, p.headerLength);
      bodies.writeTo(live, p.bodyAt, p.bodyLength);
      h += p.headerLength;
      liveLocations.add(new PageLocation(at, p.headerLength + p.bodyLength, p.firstRow));
    }
    headers.reset();
    bodies.clear();
  }

  private int crc(byte[] b, int off, int len) {
    crc.reset();
    crc.update(b, off, len);
    return (int) crc.getValue();
  }

  private static int header(PageHeader h, Bytes out) {
    int at = out.size;
    try {
      Util.writePageHeader(h, out.stream());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // an in-memory stream does not fail
    }
    return out.size - at;
  }

  /** Ends the chunk: the dictionary page (the entries its dictionary pages used) and the chunk statistics. */
  void finish(LeafValues v) {
    plainPages = v.plainPages;
    dictionaryPages = v.dictionaryPages;
    dictionaryEntries = v.committed;
    if (dictionaryEntries > 0) {
      dictionaryRaw.reset();
      v.writeDictionary(dictionaryRaw, dictionaryEntries);
      int compressed = codec.compress(dictionaryRaw.buf, 0, dictionaryRaw.size, dictionaryBody);
      PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, dictionaryRaw.size, compressed);
      h.setCrc(crc(dictionaryBody.buf, 0, compressed));
      h.setDictionary_page_header(new DictionaryPageHeader(dictionaryEntries, Encoding.PLAIN_DICTIONARY));
      uncompressed += header(h, dictionaryHead) + dictionaryRaw.size;
    }
    Statistics s = new Statistics();
    s.setNull_count(nulls);
    if (v.floating()) {
      s.setNan_count(v.chunkNaNs());
    }
    if (v.chunkHasBounds()) {
      byte[] min = v.chunkMin();
      byte[] max = v.chunkMax();
      s.setMin_value(min);
      s.setMax_value(max);
      if (v.signedOrder()) {
        // the deprecated fields, which readers older than min_value/max_value read; only for signed orders
        s.setMin(min);
        s.setMax(max);
      }
    }
    statistics = s;
  }

  /**
   * Writes what of the chunk is not yet in the file (all of it, unless its pages streamed) at the output's position,
   * and hands its metadata and page indexes over.
   */
  void appendTo(ParquetOutput out) {
    if (live == null) {
      live = out;
      start();
    } else if (live != out) {
      throw new IllegalStateException("a chunk streamed to one output is appended to another");
    }
    writePages();
    long compressed = out.position() - liveStart;
    ColumnMetaData m = new ColumnMetaData(type, encodings(), path, codec.thrift(), levels, uncompressed, compressed,
        liveDataStart);
    if (dictionaryEntries > 0) {
      m.setDictionary_page_offset(liveStart);
    }
    m.setStatistics(statistics);
    m.setEncoding_stats(encodingStats());
    ColumnChunk c = new ColumnChunk(0);
    c.setMeta_data(m);
    out.addChunk(c, indexable ? columnIndex() : null, new OffsetIndex(new ArrayList<>(liveLocations)));
    begin();
  }

  /** The encodings the chunk's pages use, in the order of their Thrift values. */
  private List<Encoding> encodings() {
    List<Encoding> e = new ArrayList<>(3);
    if (plainPages > 0) {
      e.add(Encoding.PLAIN);
    }
    if (dictionaryPages > 0) {
      e.add(Encoding.PLAIN_DICTIONARY);
    }
    e.add(Encoding.RLE);
    return e;
  }

  private List<PageEncodingStats> encodingStats() {
    List<PageEncodingStats> s = new ArrayList<>(3);
    if (dictionaryEntries > 0) {
      s.add(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN_DICTIONARY, 1));
    }
    if (dictionaryPages > 0) {
      s.add(new PageEncodingStats(PageType.DATA_PAGE, Encoding.PLAIN_DICTIONARY, dictionaryPages));
    }
    if (plainPages > 0) {
      s.add(new PageEncodingStats(PageType.DATA_PAGE, Encoding.PLAIN, plainPages));
    }
    return s;
  }

  private ColumnIndex columnIndex() {
    List<Boolean> nullPages = new ArrayList<>(pages.size());
    List<ByteBuffer> mins = new ArrayList<>(pages.size());
    List<ByteBuffer> maxs = new ArrayList<>(pages.size());
    List<Long> nullCounts = new ArrayList<>(pages.size());
    List<Long> nanCounts = new ArrayList<>(pages.size());
    for (Page p : pages) {
      nullPages.add(p.nullPage);
      mins.add(ByteBuffer.wrap(p.min));
      maxs.add(ByteBuffer.wrap(p.max));
      nullCounts.add(p.nulls);
      nanCounts.add(p.nans);
    }
    ColumnIndex ci = new ColumnIndex(nullPages, mins, maxs, boundaryOrder());
    ci.setNull_counts(nullCounts);
    if (values.floating()) {
      ci.setNan_counts(nanCounts);
    }
    return ci;
  }

  /** ASCENDING or DESCENDING when both the minima and the maxima of the non-null pages are; else UNORDERED. */
  private BoundaryOrder boundaryOrder() {
    boolean ascending = true;
    boolean descending = true;
    Page previous = null;
    for (Page p : pages) {
      if (p.nullPage) {
        continue;
      }
      if (previous != null) {
        int min = values.compareBounds(p.min, previous.min);
        int max = values.compareBounds(p.max, previous.max);
        ascending &= min >= 0 && max >= 0;
        descending &= min <= 0 && max <= 0;
      }
      previous = p;
    }
    return ascending ? BoundaryOrder.ASCENDING : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
  }

  long heldBytes() {
    return bodies.heldBytes() + headers.buf.length + dictionaryHead.buf.length + dictionaryBody.buf.length
        + dictionaryRaw.buf.length;
  }
}
