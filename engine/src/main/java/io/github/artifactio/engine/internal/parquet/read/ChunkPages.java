package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.parquet.format.PageHeaders;
import io.github.artifactio.engine.internal.parquet.format.ThriftBytes;
import io.github.artifactio.engine.internal.parquet.format.ThriftErrors;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * The raw (still compressed) pages of one column chunk, in order. Either the chunk is read with one read (or, over
 * {@link #WHOLE_CHUNK_MAX}, window by window) and walked header by header, or, on a handle with the offset index, only
 * the dictionary page and the data pages a selection needs are read (adjacent ones in one read), each knowing its
 * first row and row count from the index.
 */
final class ChunkPages implements PageSource {
  /**
   * One page: its header and where its body lies, in the array and in the file. {@code firstRow}/{@code rows} are -1
   * where not known; {@code page} is the data page's 0-based number in its chunk (-1 for a dictionary or index page),
   * so an error can say which page it is about.
   */
  static final class RawPage {
    final PageHeader header;
    final byte[] data;
    final int offset;
    final int length;
    final long firstRow;
    final long rows;
    /** File offsets of the header and of the body. */
    final long headerAt;
    final long bodyAt;
    int page = -1;
    /**
     * The body decompressed by the page walk, which checks every page before the decoder sees it (for a v2 page, the
     * values after the levels); null where the decoder decompresses it itself.
     */
    byte[] decompressed;

    RawPage(PageHeader header, byte[] data, int offset, int length, long firstRow, long rows, long headerAt,
        long bodyAt) {
      this.header = header;
      this.data = data;
      this.offset = offset;
      this.length = length;
      this.firstRow = firstRow;
      this.rows = rows;
      this.headerAt = headerAt;
      this.bodyAt = bodyAt;
    }
  }

  /** Page locations of one chunk from its offset index. */
  record PageIndex(long[] offsets, int[] sizes, long[] firstRows, long chunkRows) {
    int pages() {
      return offsets.length;
    }

    long rowsOf(int page) {
      return (page + 1 < firstRows.length ? firstRows[page + 1] : chunkRows) - firstRows[page];
    }
  }

  /** A byte array stream that exposes its position, so a thrift header can be parsed in place. */
  private static final class Cursor extends ByteArrayInputStream {
    Cursor(byte[] buf, int offset, int length) {
      super(buf, offset, length);
    }

    int position() {
      return pos;
    }

    void position(int p) {
      pos = p;
    }

    int end() {
      return count;
    }

    byte[] buf() {
      return buf;
    }
  }

  /**
   * A chunk up to this size is read with one read (what nearly every file has: writers cut row groups at 64-128 MiB
   * and split them over columns). A larger one is read in windows of {@link #WINDOW} bytes, grown to hold a page that
   * does not fit, so reading it holds its largest page plus a window rather than the whole chunk (and a chunk over
   * 2 GiB, which no Java array holds, can be read at all).
   */
  static final int WHOLE_CHUNK_MAX = 64 << 20;

  static final int WINDOW = 8 << 20;

  /**
   * The window of a {@link #streamed} chunk: small enough to stay in the core's cache between the read that fills it
   * and the decompression that reads it. Measured on the read benchmark's float64 column (two SNAPPY chunks of 8 MB in
   * pages of 160 KB, warm in the page cache, each page into a new array as a batch gets it): 4.6 ms a pass through
   * one 512 KiB array against 9.0 ms through a fresh array per chunk and 7.9 ms through one reused chunk-sized array;
   * 256 KiB windows took 4.8 ms, 1 MiB 5.5 ms.
   */
  static final int STREAM_WINDOW = 512 << 10;

  private final ChunkSource source;
  private final int rowGroup;
  private final int leaf;
  private final long valueCount;
  // sequential mode: the cursor walks a window of the chunk; windowAt is the file offset of the cursor's first byte
  private Cursor cursor;
  private long windowAt;
  private int windowOff;
  private long chunkEnd;
  private int window = WINDOW;
  /** The array a whole chunk was read into; null for a windowed or indexed chunk. */
  private byte[] whole;
  /** Whether a refill reads over the window's array ({@link #streamed}) rather than into a new one. */
  private boolean reuseWindows;
  private long valuesSeen;
  private int dataPages;
  /** The value encodings the footer declares for the chunk, dictionary encodings as one; null: not checked. */
  private Set<String> declared;
  // indexed mode
  private final Deque<RawPage> queued = new ArrayDeque<>();
  private final boolean indexed;

  private ChunkPages(ChunkSource source, int rowGroup, int leaf, long valueCount, boolean indexed) {
    this.source = source;
    this.rowGroup = rowGroup;
    this.leaf = leaf;
    this.valueCount = valueCount;
    this.indexed = indexed;
  }

  /** Every page of the chunk {@code [start, start + size)}: with one read, or window by window for a large chunk. */
  static ChunkPages sequential(ChunkSource source, int rowGroup, int leaf, long start, long size, long valueCount)
      throws IOException {
    return sequential(source, rowGroup, leaf, start, size, valueCount, WHOLE_CHUNK_MAX, WINDOW, null);
  }

  /**
   * {@link #sequential}, reading a whole chunk into {@code reuse} where the source copies and it is large enough (see
   * {@link ChunkSource#read(int, int, long, int, byte[])}); {@link #wholeChunk} then gives the array for the next.
   */
  static ChunkPages sequential(
      ChunkSource source, int rowGroup, int leaf, long start, long size, long valueCount, byte[] reuse)
      throws IOException {
    return sequential(source, rowGroup, leaf, start, size, valueCount, WHOLE_CHUNK_MAX, WINDOW, reuse);
  }

  /** {@link #sequential} with the thresholds as parameters, so tests can window small chunks. */
  static ChunkPages sequential(
      ChunkSource source, int rowGroup, int leaf, long start, long size, long valueCount, int wholeMax, int window)
      throws IOException {
    return sequential(source, rowGroup, leaf, start, size, valueCount, wholeMax, window, null);
  }

  private static ChunkPages sequential(ChunkSource source, int rowGroup, int leaf, long start, long size,
      long valueCount, int wholeMax, int window, byte[] reuse) throws IOException {
    if (size < 0) {
      throw new PageFormatException("the column chunk's size " + size + " is not a readable length");
    }
    ChunkPages p = new ChunkPages(source, rowGroup, leaf, valueCount, false);
    p.chunkEnd = start + size;
    p.window = window;
    if (size <= wholeMax) {
      ChunkSource.Slice s = source.read(rowGroup, leaf, start, (int) size, reuse);
      p.whole = s.data();
      p.setWindow(start, s.data(), s.offset(), s.length());
      if (valueCount != Long.MAX_VALUE) { // the page walk passes no count: it reports the sum as a finding
        ValueCounts.check(s.data(), s.offset(), s.length(), valueCount);
      }
    } else {
      p.setWindow(start, new byte[0], 0, 0);
      p.refill(start, (int) Math.min(window, size));
    }
    return p;
  }

  /**
   * Every page of the chunk {@code [start, start + size)} through one window of {@code window} bytes (grown to hold a
   * larger page) that each refill reads into again, over the pages before: for a reader that is done with a page's
   * bytes when it asks for the next page ({@link PageSource#next}), as {@link LeafReader} is. The data pages' value
   * counts are added up first, from their headers alone ({@link ValueCounts#check(ChunkSource, int, int, long, long,
   * long)}), so a count that would shift values is refused before any is returned, as for a chunk read whole.
   * {@code reuse} is an array of the caller's to read into, and {@link #windowArray} gives the one to pass for the next
   * chunk.
   */
  static ChunkPages streamed(ChunkSource source, int rowGroup, int leaf, long start, long size, long valueCount,
      int window, byte[] reuse) throws IOException {
    if (size < 0) {
      throw new PageFormatException("the column chunk's size " + size + " is not a readable length");
    }
    long largest = ValueCounts.check(source, rowGroup, leaf, start, size, valueCount);
    ChunkPages p = new ChunkPages(source, rowGroup, leaf, valueCount, false);
    p.chunkEnd = start + size;
    // a window that holds the largest page from the start: a chunk of one large page (DuckDB writes them) is then read
    // with one read, not a window's worth and then, into a larger array, the rest
    p.window = (int) Math.max(1, Math.max(window, Math.min(largest, Integer.MAX_VALUE - 8)));
    p.reuseWindows = true;
    p.setWindow(start, reuse != null ? reuse : new byte[0], 0, 0);
    p.refill(start, (int) Math.min(p.window, size));
    return p;
  }

  /** The array of a {@link #streamed} chunk's window, which the caller may pass for its next chunk once done. */
  byte[] windowArray() {
    return reuseWindows ? cursor.buf() : null;
  }

  /**
   * The array the whole chunk was read into (null for a windowed or indexed chunk), which a caller that passed the
   * array it reuses, and that is done with this chunk's pages, may pass again for its next chunk. Only a source that
   * copies (the file, not spans) gives an array that is the caller's to reuse.
   */
  byte[] wholeChunk() {
    return whole;
  }

  private void setWindow(long at, byte[] data, int off, int len) {
    cursor = new Cursor(data, off, len);
    windowAt = at;
    windowOff = off;
  }

  /** The file offset of cursor position {@code pos}. */
  private long fileOffset(int pos) {
    return windowAt + (pos - windowOff);
  }

  private boolean windowReachesChunkEnd() {
    return fileOffset(cursor.end()) >= chunkEnd;
  }

  /**
   * A window of {@code len} bytes from file offset {@code from} (inside the current window or at its end): the bytes
   * the current window already holds are kept, only the rest is read. Over the old array where the chunk is
   * {@link #streamed} and it is large enough, else into a new one: pages handed out earlier by {@link #sequential}
   * (a dictionary) may still point into the old one.
   */
  private void refill(long from, int len) throws IOException {
    byte[] old = cursor.buf();
    boolean over = reuseWindows && old.length >= len;
    byte[] next = over ? old : new byte[reuseWindows ? Math.max(len, window) : len];
    long oldEnd = fileOffset(cursor.end());
    int kept = (int) Math.max(0, Math.min(len, oldEnd - from));
    if (kept > 0) {
      System.arraycopy(old, windowOff + (int) (from - windowAt), next, 0, kept); // moves left where next == old
    }
    if (len > kept) {
      source.readInto(rowGroup, leaf, from + kept, next, kept, len - kept);
    }
    setWindow(from, next, 0, len);
  }

  /**
   * The dictionary page (if the chunk has one, before its first data page) and the data pages flagged in
   * {@code wanted}; a run of adjacent wanted pages is read with one read.
   */
  static ChunkPages indexed(
      ChunkSource source, int rowGroup, int leaf, long chunkStart, PageIndex index, boolean[] wanted)
      throws IOException {
    ChunkPages p = new ChunkPages(source, rowGroup, leaf, -1, true);
    int n = index.pages();
    boolean any = false;
    for (boolean w : wanted) {
      any |= w;
    }
    if (!any) {
      return p;
    }
    long first = n == 0 ? chunkStart : index.offsets()[0];
    if (first > chunkStart) {
      long len = first - chunkStart;
      if (len > Integer.MAX_VALUE - 8) {
        throw new PageFormatException("the dictionary page region is " + len + " bytes");
      }
      ChunkSource.Slice s = source.read(rowGroup, leaf, chunkStart, (int) len);
      Cursor c = new Cursor(s.data(), s.offset(), s.length());
      while (c.position() < c.end()) {
        RawPage page = next(c, chunkStart - s.offset(), -1, -1);
        p.queued.add(page);
        if (page.header.type == PageType.DICTIONARY_PAGE) {
          break;
        }
      }
    }
    int i = 0;
    while (i < n) {
      if (!wanted[i]) {
        i++;
        continue;
      }
      int j = i;
      long end = index.offsets()[i] + index.sizes()[i];
      while (j + 1 < n && wanted[j + 1] && index.offsets()[j + 1] == end) {
        j++;
        end += index.sizes()[j];
      }
      long len = end - index.offsets()[i];
      if (len > Integer.MAX_VALUE - 8 || len < 0) {
        throw new PageFormatException("pages " + i + ".." + j + " span " + len + " bytes");
      }
      ChunkSource.Slice s = source.read(rowGroup, leaf, index.offsets()[i], (int) len);
      Cursor c = new Cursor(s.data(), s.offset(), s.length());
      for (int k = i; k <= j; k++) {
        int at = c.position();
        RawPage page = next(c, index.offsets()[i] - s.offset(), index.firstRows()[k], index.rowsOf(k));
        page.page = k;
        if (c.position() - at != index.sizes()[k]) {
          throw new PageFormatException(
              "page " + k + " takes " + (c.position() - at) + " bytes, the offset index says " + index.sizes()[k]);
        }
        p.queued.add(page);
      }
      i = j + 1;
    }
    return p;
  }

  /**
   * Checks every data page's value encoding against the encodings the footer lists for the chunk (an empty list is
   * not checked): an encoding changed in a page header (outside the CRC) otherwise decodes other values, PLAIN and
   * BYTE_STREAM_SPLIT floats being the same length. PLAIN_DICTIONARY and RLE_DICTIONARY count as one, as writers mix
   * their names.
   */
  ChunkPages expectEncodings(Collection<String> encodings) {
    if (!encodings.isEmpty()) {
      declared = new HashSet<>();
      for (String e : encodings) {
        declared.add(dictionaryAsOne(e));
      }
    }
    return this;
  }

  private static String dictionaryAsOne(String encoding) {
    return encoding.equals("PLAIN_DICTIONARY") ? "RLE_DICTIONARY" : encoding;
  }

  private RawPage declared(RawPage p) {
    if (declared == null || p == null) {
      return p;
    }
    Encoding e = p.header.type == PageType.DATA_PAGE && p.header.data_page_header != null
        ? p.header.data_page_header.encoding
        : p.header.type == PageType.DATA_PAGE_V2 && p.header.data_page_header_v2 != null
            ? p.header.data_page_header_v2.encoding
        : null;
    if (e != null && !declared.contains(dictionaryAsOne(e.name()))) {
      throw new PageFormatException("data page " + p.page + " is " + e + "-encoded, an encoding its column chunk"
          + " does not declare (" + String.join(", ", new TreeSet<>(declared)) + ")", null, true);
    }
    return p;
  }

  /** The next page, or null at the end of the chunk. */
  @Override
  public RawPage next() throws IOException {
    if (indexed) {
      return declared(queued.poll());
    }
    if (fileOffset(cursor.position()) >= chunkEnd || valuesSeen >= valueCount) {
      return null;
    }
    RawPage page = nextInWindow();
    PageHeader h = page.header;
    if (h.type == PageType.DATA_PAGE || h.type == PageType.DATA_PAGE_V2) {
      page.page = dataPages++;
    }
    valuesSeen += ValueCounts.values(h);
    if (valuesSeen > valueCount) { // a chunk over WHOLE_CHUNK_MAX, whose counts were not added up when it was opened
      throw ValueCounts.mismatch(valuesSeen, valueCount, "more");
    }
    return declared(page);
  }

  /** The next page of a sequential chunk, moving or growing the window until its header and body are in it. */
  private RawPage nextInWindow() throws IOException {
    while (true) {
      int at = cursor.position();
      long from = fileOffset(at);
      long chunkLeft = chunkEnd - from;
      if (windowReachesChunkEnd()) {
        return next(cursor, windowAt - windowOff, -1, -1);
      }
      PageHeader h;
      try {
        ThriftBytes header = new ThriftBytes(cursor.buf(), at, cursor.end());
        h = header.pageHeader();
        cursor.position(header.position());
      } catch (IOException | RuntimeException e) {
        cursor.position(at);
        if (cursor.end() - at >= PageHeaders.MAX_BYTES) {
          throw new PageFormatException("a page header does not decode: " + ThriftErrors.describe(e), e);
        }
        // the header may be cut by the window's end: a window from here, twice as large
        refill(from, (int) Math.min(chunkLeft, Math.max(window, 2L * (cursor.end() - at))));
        continue;
      }
      long need = (cursor.position() - at) + (long) Math.max(0, h.compressed_page_size);
      if (need <= cursor.end() - at) {
        cursor.position(at);
        return next(cursor, windowAt - windowOff, -1, -1);
      }
      if (need > chunkLeft) {
        long left = chunkLeft - (cursor.position() - at);
        throw new PageFormatException(
            "a page of " + h.compressed_page_size + " bytes runs past its column chunk (" + left + " bytes left)");
      }
      if (need > Integer.MAX_VALUE - 8) {
        throw new PageFormatException("a page of " + h.compressed_page_size + " bytes is not a readable length");
      }
      refill(from, (int) Math.min(chunkLeft, Math.max(window, need)));
    }
  }

  /** The page at the cursor; {@code base} maps a cursor position to its file offset ({@code base + position}). */
  private static RawPage next(Cursor c, long base, long firstRow, long rows) throws IOException {
    int headerAt = c.position();
    PageHeader h;
    try {
      ThriftBytes header = new ThriftBytes(c.buf(), headerAt, c.end());
      h = header.pageHeader();
      c.position(header.position());
    } catch (IOException | RuntimeException e) {
      throw new PageFormatException("a page header does not decode: " + ThriftErrors.describe(e), e);
    }
    int len = h.compressed_page_size;
    int at = c.position();
    if (len < 0 || len > c.end() - at) {
      throw new PageFormatException(
          "a page of " + len + " bytes runs past its column chunk (" + (c.end() - at) + " bytes left)");
    }
    if (h.uncompressed_page_size < 0) {
      throw new PageFormatException("a page header gives an uncompressed size of " + h.uncompressed_page_size);
    }
    c.position(at + len);
    return new RawPage(h, c.buf(), at, len, firstRow, rows, base + headerAt, base + at);
  }

  @Override
  public void release() {
    source.released(rowGroup, leaf);
  }
}
