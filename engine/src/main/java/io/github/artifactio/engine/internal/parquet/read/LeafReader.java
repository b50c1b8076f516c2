package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes one column chunk (one leaf in one row group) row by row into {@link Builders}: pages are decompressed only
 * when a row in them is wanted, levels are decoded a page at a time, and values go in bulk from the page bytes into
 * primitive arrays. Rows are chunk rows; {@link #read} and {@link #skip} move forward only.
 */
final class LeafReader {
  private final ColumnDescriptor leaf;
  private final PageSource pages;
  private final CompressionCodecName codec;
  private final PrimitiveTypeName physical;
  private final int maxDef;
  private final int maxRep;
  /** Lists: the definition level at which the list is present (an empty list below an item). */
  private final int listDef;
  /** Checks each page's CRC32 where its header has one, before the page is decompressed; null: not checked. */
  private final CRC32 crc;

  private ValueDecoder.Dictionary dict;
  private ChunkPages.RawPage pending;
  /** The decoded page: its level count, levels, values, and how far they are consumed. */
  private boolean decoded;
  private int count;
  private int lp;
  private int[] defs = new int[0];
  private int[] reps = new int[0];
  /**
   * A list page's levels as runs ({@link RleDecoder#select}) rather than in {@link #reps}/{@link #defs}: where its
   * rows start and where (with which level) an item is missing, each with a cursor at the first one at or past
   * {@link #lp}. The page's levels are RLE-encoded at one repetition level, as every list the model reads has.
   */
  private boolean runs;
  private final RleDecoder.Positions starts = new RleDecoder.Positions();
  private final RleDecoder.Positions missing = new RleDecoder.Positions();
  private int startAt;
  private int missingAt;
  private ValueDecoder values;
  /** The decompressed page, reused for every page of the chunk. */
  private byte[] scratch;
  /** The page being decoded, as messages name it: {@code data page 3}, {@code the dictionary page}. */
  private String page = "a data page";
  /** Whether the decoded page is known to end at a row boundary (v2 pages, offset-indexed pages). */
  private boolean endsAtRow;
  /** Whether the decoded page's rows come from the offset index ({@link ChunkPages.RawPage#rows}). */
  private boolean indexedRows;
  /** The chunk row of the next level. */
  long row;

  LeafReader(ColumnDescriptor leaf, PageSource pages, CompressionCodecName codec, int listDef, boolean verifyCrc) {
    this.crc = verifyCrc ? new CRC32() : null;
    this.leaf = leaf;
    this.pages = pages;
    this.codec = codec;
    this.physical = leaf.getPrimitiveType().getPrimitiveTypeName();
    this.maxDef = leaf.getMaxDefinitionLevel();
    this.maxRep = leaf.getMaxRepetitionLevel();
    this.listDef = listDef;
  }

  void close() {
    pages.release();
  }

  // ---- pages

  /** The next data page, loading a dictionary page met on the way; null at the end of the chunk. */
  private ChunkPages.RawPage peekRaw() throws IOException {
    while (pending == null) {
      ChunkPages.RawPage p = pages.next();
      if (p == null) {
        return null;
      }
      PageType t = p.header.type;
      if (t == PageType.DICTIONARY_PAGE) {
        page = "the dictionary page";
        try {
          loadDictionary(p);
        } catch (PageFormatException e) {
          throw located(e);
        }
      } else if (t == PageType.DATA_PAGE || t == PageType.DATA_PAGE_V2) {
        pending = p;
      } else if (t != PageType.INDEX_PAGE) {
        throw new PageFormatException("a page of unknown type " + t);
      }
    }
    return pending;
  }

  /** Rows in a raw page when its header or the offset index says so, else -1. */
  private long knownRows(ChunkPages.RawPage p) {
    if (p.rows >= 0) {
      return p.rows;
    }
    if (p.header.type == PageType.DATA_PAGE_V2 && p.header.data_page_header_v2 != null) {
      return p.header.data_page_header_v2.num_rows;
    }
    if (maxRep == 0 && p.header.data_page_header != null) {
      return p.header.data_page_header.num_values;
    }
    return -1;
  }

  /** Decodes the next data page; false at the end of the chunk. */
  private boolean nextPage() throws IOException {
    ChunkPages.RawPage p = peekRaw();
    if (p == null) {
      decoded = false;
      return false;
    }
    pending = null;
    page = p.page >= 0 ? "data page " + p.page : "a data page";
    if (p.firstRow >= 0 && p.firstRow != row) {
      throw located(new PageFormatException("it starts at row " + p.firstRow + " but is read at row " + row));
    }
    try {
      decode(p);
    } catch (PageFormatException e) {
      throw located(e);
    }
    return true;
  }

  /** The decoders' error with the page it is about, as every message names file, column, row group and page. */
  private PageFormatException located(PageFormatException e) {
    return e.page ? e : new PageFormatException(page + ": " + e.getMessage(), e, true);
  }

  private void decode(ChunkPages.RawPage p) throws IOException {
    verify(p);
    PageHeader h = p.header;
    byte[] body;
    int pos;
    int end;
    if (h.type == PageType.DATA_PAGE) {
      DataPageHeader d = h.data_page_header;
      if (d == null) {
        throw new PageFormatException("a data page has no data page header");
      }
      count = checkCount(d.num_values);
      Bounds.levels(count, maxRep > 0);
      if (codec == CompressionCodecName.UNCOMPRESSED) {
        if (p.length != h.uncompressed_page_size) {
          throw new PageFormatException(
              "its body holds " + p.length + " bytes, its header says " + h.uncompressed_page_size);
        }
        body = p.data;
        pos = p.offset;
        end = p.offset + p.length;
      } else if (p.decompressed != null) { // the page walk decompressed it already
        body = p.decompressed;
        pos = 0;
        end = h.uncompressed_page_size;
      } else {
        body = scratch = Decompressors.decompress(
            codec, p.data, p.offset, p.length, h.uncompressed_page_size, scratch);
        pos = 0;
        end = h.uncompressed_page_size;
      }
      runs = maxRep == 1 && d.repetition_level_encoding == Encoding.RLE
          && (maxDef == 0 || d.definition_level_encoding == Encoding.RLE);
      if (runs) {
        pos = runsV1(body, pos, end, maxRep, 0, true, starts);
        missing.clear();
        pos = maxDef == 0 ? pos : runsV1(body, pos, end, maxDef, maxDef, false, missing);
      } else {
        if (maxRep > 0) {
          reps = grow(reps, count);
          pos = levelsV1(d.repetition_level_encoding, body, pos, end, maxRep, reps, ValuesType.REPETITION_LEVEL);
        }
        if (maxDef > 0) {
          defs = grow(defs, count);
          pos = levelsV1(d.definition_level_encoding, body, pos, end, maxDef, defs, ValuesType.DEFINITION_LEVEL);
        }
      }
      values = values(d.encoding, body, pos, end);
      endsAtRow = p.rows >= 0;
    } else {
      DataPageHeaderV2 d = h.data_page_header_v2;
      if (d == null) {
        throw new PageFormatException("a v2 data page has no v2 header");
      }
      count = checkCount(d.num_values);
      Bounds.levels(count, maxRep > 0);
      int rl = d.repetition_levels_byte_length;
      int dl = d.definition_levels_byte_length;
      if (rl < 0 || dl < 0 || (long) rl + dl > p.length) {
        throw new PageFormatException(
            "v2 level lengths " + rl + " + " + dl + " exceed the page's " + p.length + " bytes");
      }
      runs = maxRep == 1;
      if (runs) {
        starts.clear();
        new RleDecoder(p.data, p.offset, p.offset + rl, 1).select(count, 0, true, starts);
        missing.clear();
        if (maxDef > 0) {
          new RleDecoder(p.data, p.offset + rl, p.offset + rl + dl, RleDecoder.bitWidth(maxDef))
              .select(count, maxDef, false, missing);
        }
      } else {
        if (maxRep > 0) {
          reps = grow(reps, count);
          new RleDecoder(p.data, p.offset, p.offset + rl, RleDecoder.bitWidth(maxRep)).read(reps, 0, count);
        }
        if (maxDef > 0) {
          defs = grow(defs, count);
          new RleDecoder(p.data, p.offset + rl, p.offset + rl + dl, RleDecoder.bitWidth(maxDef)).read(defs, 0,
              count);
        }
      }
      int valuesAt = p.offset + rl + dl;
      int valuesLen = p.length - rl - dl;
      int uncompressed = h.uncompressed_page_size - rl - dl;
      if (d.isSetIs_compressed() && !d.is_compressed || codec == CompressionCodecName.UNCOMPRESSED) {
        body = p.data;
        pos = valuesAt;
        end = valuesAt + valuesLen;
      } else if (valuesLen == 0) { // an empty page (some writers still mark it compressed)
        body = new byte[0];
        pos = 0;
        end = 0;
      } else if (p.decompressed != null) { // the page walk decompressed the values already
        body = p.decompressed;
        pos = 0;
        end = uncompressed;
      } else {
        body = scratch = Decompressors.decompress(codec, p.data, valuesAt, valuesLen, uncompressed, scratch);
        pos = 0;
        end = uncompressed;
      }
      values = values(d.encoding, body, pos, end);
      endsAtRow = true;
    }
    if (p.rows >= 0 && maxRep == 0 && count != p.rows) {
      throw new PageFormatException("it holds " + count + " values but the offset index gives it " + p.rows
          + " rows");
    }
    lp = 0;
    startAt = 0;
    missingAt = 0;
    decoded = true;
    indexedRows = p.rows >= 0;
  }

  /**
   * Parquet's optional page CRC covers the page's bytes after the header as stored (compressed). Only pages that are
   * decoded are checked: a page a selection drops unread is neither read nor checked.
   */
  private void verify(ChunkPages.RawPage p) {
    if (crc == null || !p.header.isSetCrc()) {
      return;
    }
    crc.reset();
    crc.update(p.data, p.offset, p.length);
    int actual = (int) crc.getValue();
    if (actual != p.header.getCrc()) {
      throw new PageChecksumException(p.page, actual, p.header.getCrc());
    }
  }

  private static int checkCount(int n) {
    if (n < 0) {
      throw new PageFormatException("a page header gives " + n + " values");
    }
    return n;
  }

  private static int[] grow(int[] a, int n) {
    return a.length >= n ? a : new int[Math.max(n, a.length * 2)];
  }

  /** v1 levels: RLE with a 4-byte length, or the deprecated BIT_PACKED through parquet-java. Returns the end. */
  private int levelsV1(Encoding enc, byte[] body, int pos, int end, int max, int[] out, ValuesType type)
      throws IOException {
    if (enc != Encoding.RLE && enc != Encoding.BIT_PACKED) {
      // parquet-java would read levels in any value encoding it knows, from the wrong bytes
      throw new PageFormatException("its " + (type == ValuesType.REPETITION_LEVEL ? "repetition" : "definition")
          + " levels are declared " + enc + "-encoded; levels are RLE or BIT_PACKED");
    }
    if (enc == Encoding.RLE) {
      int len = rleLength(body, pos, end);
      pos += 4;
      new RleDecoder(body, pos, pos + len, RleDecoder.bitWidth(max)).read(out, 0, count);
      return pos + len;
    }
    ByteBufferInputStream in = ByteBufferInputStream.wrap(ByteBuffer.wrap(body, pos, end - pos));
    ValuesReader r = org.apache.parquet.column.Encoding.valueOf(enc.name()).getValuesReader(leaf, type);
    r.initFromPage(count, in);
    for (int i = 0; i < count; i++) {
      out[i] = r.readInteger();
    }
    return pos + (int) in.position();
  }

  /** The length that v1 RLE levels at {@code pos} give themselves (4 bytes, little-endian), checked to fit the page. */
  private static int rleLength(byte[] body, int pos, int end) {
    if (pos + 4 > end) {
      throw new PageFormatException("level data ends before its length");
    }
    int len = (body[pos] & 0xff) | (body[pos + 1] & 0xff) << 8 | (body[pos + 2] & 0xff) << 16
        | (body[pos + 3] & 0xff) << 24;
    if (len < 0 || len > end - pos - 4) {
      throw new PageFormatException("levels of " + len + " bytes run past their page");
    }
    return len;
  }

  /**
   * v1 RLE levels with their 4-byte length, read as {@link RleDecoder#select} reads them into {@code out}: the
   * levels that are {@code value} ({@code equal}) or are not. Returns the end.
   */
  private int runsV1(byte[] body, int pos, int end, int max, int value, boolean equal, RleDecoder.Positions out) {
    int len = rleLength(body, pos, end);
    pos += 4;
    out.clear();
    new RleDecoder(body, pos, pos + len, RleDecoder.bitWidth(max)).select(count, value, equal, out);
    return pos + len;
  }

  private ValueDecoder values(Encoding enc, byte[] body, int pos, int end) {
    switch (enc) {
      case PLAIN:
        return new ValueDecoder.Plain(body, pos, end, width());
      case PLAIN_DICTIONARY:
      case RLE_DICTIONARY:
        if (dict == null) {
          throw new PageFormatException("a dictionary-encoded page in a column chunk without a dictionary page");
        }
        return new ValueDecoder.Dict(body, pos, end, dict);
      case RLE:
        if (physical == PrimitiveTypeName.BOOLEAN) {
          return new RleBooleans(body, pos, end);
        }
        // fall through: parquet-java knows what RLE means elsewhere
      default:
        return new ValueDecoder.Fallback(
            leaf, org.apache.parquet.column.Encoding.valueOf(enc.name()), count, body, pos, end);
    }
  }

  private int width() {
    switch (physical) {
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      case BOOLEAN:
        return 0;
      case BINARY:
        return -1;
      default:
        throw new PageFormatException("PLAIN " + physical + " values are not read");
    }
  }

  private void loadDictionary(ChunkPages.RawPage p) throws IOException {
    if (dict != null) {
      throw new PageFormatException("a second dictionary page in one column chunk");
    }
    if (p.header.dictionary_page_header == null) {
      throw new PageFormatException("a dictionary page has no dictionary header");
    }
    verify(p);
    int n = p.header.dictionary_page_header.num_values;
    if (n < 0) {
      throw new PageFormatException("its header declares " + n + " values");
    }
    byte[] body = p.decompressed != null
        ? p.decompressed // exactly its size: the page walk decompresses a dictionary into an array of its own
        : Decompressors.decompress(codec, p.data, p.offset, p.length, p.header.uncompressed_page_size);
    ValueDecoder.Dictionary d = new ValueDecoder.Dictionary(n);
    int w = width();
    // every PLAIN value takes its width, a byte array at least its 4-byte length, a boolean a bit: the count is held
    // to the bytes before the arrays are allocated
    long least = w > 0 ? (long) n * w : w < 0 ? 4L * n : (n + 7L) / 8;
    if (least > body.length) {
      throw new PageFormatException("its header declares " + n + " values, which take at least " + least
          + " bytes, but it holds " + body.length);
    }
    ValueDecoder.Plain plain = new ValueDecoder.Plain(body, 0, body.length, w);
    switch (physical) {
      case INT32:
        plain.readInts(d.ints = new int[n], 0, n);
        break;
      case INT64:
        plain.readLongs(d.longs = new long[n], 0, n);
        break;
      case FLOAT:
        plain.readFloats(d.floats = new float[n], 0, n);
        break;
      case DOUBLE:
        plain.readDoubles(d.doubles = new double[n], 0, n);
        break;
      case BOOLEAN:
        plain.readBooleans(d.booleans = new boolean[n], 0, n);
        break;
      default:
        Builders.Utf8 arena = new Builders.Utf8("dictionary", false, n);
        for (int i = 0; i < n; i++) {
          plain.readBinary(arena);
          arena.offsets[i + 1] = arena.used;
        }
        d.bytes = arena.data;
        d.offsets = arena.offsets;
    }
    if (plain.leftOver()) { // a dictionary read as a narrower type (a changed physical type) leaves bytes over
      throw new PageFormatException("it holds more bytes than its " + n + " " + physical + " values take");
    }
    dict = d;
  }

  // ---- rows

  /** Whether a decoded page still has levels. */
  private boolean hasLevels() {
    return decoded && lp < count;
  }

  /** Reads {@code n} rows into {@code b}. */
  void read(int n, Builders.Base b) throws IOException {
    try {
      readRows(n, b);
    } catch (PageFormatException e) {
      throw located(e);
    }
  }

  private void readRows(int n, Builders.Base b) throws IOException {
    if (maxRep > 0) {
      walkList(n, (Builders.ListBase) b);
      return;
    }
    int done = 0;
    while (done < n) {
      if (!hasLevels() && b instanceof Builders.Flat f) {
        int k = decompressInto(f, n - done);
        if (k >= 0) {
          row += k;
          done += k;
          continue;
        }
      }
      if (!hasLevels() && !nextPage()) {
        throw new PageFormatException("the column chunk ends at row " + row + ", before the rows its row group holds");
      }
      int k = Math.min(n - done, count - lp);
      fill((Builders.Flat) b, k);
      lp += k;
      row += k;
      done += k;
      if (lp == count) {
        pageConsumed();
      }
    }
  }

  /**
   * The next page straight into the batch, where its decompressed bytes are the batch's values as they lie in memory:
   * a v1 SNAPPY page of PLAIN values of a required, flat column ({@code DOUBLE} into a {@code double[]}, and the other
   * fixed-width types alike) on a little-endian machine, holding exactly its count of values and no more than
   * {@code room} of them. snappy-java then decompresses into the batch's array itself: no page buffer, no second copy
   * (the one-column read moved every value twice before). Returns the rows read, or -1 where the page is not such a
   * page (or not at the reader's row) and the general path reads it, with its own checks and errors. The checks made
   * here are the general path's, in its order (CRC, sizes, the SNAPPY stream's length), with the same messages.
   */
  private int decompressInto(Builders.Flat b, int room) throws IOException {
    if (!NATIVE_LITTLE_ENDIAN || maxDef != 0 || maxRep != 0 || codec != CompressionCodecName.SNAPPY) {
      return -1;
    }
    ChunkPages.RawPage p = peekRaw();
    if (p == null || p.decompressed != null || p.header.type != PageType.DATA_PAGE) {
      return -1;
    }
    DataPageHeader d = p.header.data_page_header;
    if (d == null || d.encoding != Encoding.PLAIN || d.num_values < 0 || d.num_values > room
        || p.firstRow >= 0 && p.firstRow != row || p.rows >= 0 && p.rows != d.num_values) {
      return -1;
    }
    Object array;
    int width;
    int length;
    if (physical == PrimitiveTypeName.DOUBLE && b instanceof Builders.F64 f) {
      array = f.values;
      width = 8;
      length = f.values.length;
    } else if (physical == PrimitiveTypeName.INT64 && b instanceof Builders.I64 f) {
      array = f.values;
      width = 8;
      length = f.values.length;
    } else if (physical == PrimitiveTypeName.INT32 && b instanceof Builders.I32 f) {
      array = f.values;
      width = 4;
      length = f.values.length;
    } else if (physical == PrimitiveTypeName.FLOAT && b instanceof Builders.F32 f) {
      array = f.values;
      width = 4;
      length = f.values.length;
    } else {
      return -1;
    }
    int k = d.num_values;
    if ((long) k * width != p.header.uncompressed_page_size || b.size + (long) k > length || p.length == 0) {
      return -1;
    }
    pending = null;
    decoded = false;
    page = p.page >= 0 ? "data page " + p.page : "a data page";
    try {
      verify(p);
      Bounds.levels(k, false);
      // the destination holds k * width bytes from b.size * width: the stream's own length is held to that first
      Decompressors.snappyInto(p.data, p.offset, p.length, k * width, array, b.size * width);
    } catch (PageFormatException e) {
      throw located(e);
    }
    b.size += k;
    return k;
  }

  private static final boolean NATIVE_LITTLE_ENDIAN =
      java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;

  /** Every level of the decoded page is consumed: so must its values be. */
  private void pageConsumed() {
    if (values.leftOver()) {
      throw new PageFormatException("it holds more values than its header's count of " + count);
    }
  }

  /**
   * Where a parallel scan cut a column at the page the offset index starts at this reader's row, this reader, having
   * read the rows before the cut, must have ended its page there: another reader began at that page, trusting the
   * index's rows for the pages it skipped unread. A page holding rows past the cut is an index that contradicts its
   * pages (the first part's next page starting elsewhere, {@link #nextPage} refuses).
   */
  void requirePageEnd() throws IOException {
    if (decoded && lp < count && indexedRows) {
      throw located(new PageFormatException(
          "it holds rows past row " + row + ", where the offset index starts the next page"));
    }
  }

  /** Skips {@code n} rows, dropping whole pages unread where their row count is known. */
  void skip(long n) throws IOException {
    try {
      skipRows(n);
    } catch (PageFormatException e) {
      throw located(e);
    }
  }

  private void skipRows(long n) throws IOException {
    while (n > 0) {
      if (hasLevels()) {
        if (maxRep > 0) {
          long before = row;
          walkList((int) Math.min(n, Integer.MAX_VALUE), null);
          n -= row - before;
          continue;
        }
        int k = (int) Math.min(n, count - lp);
        int nonNull = maxDef == 0 ? k : present(lp, k);
        values.skip(nonNull);
        lp += k;
        row += k;
        n -= k;
        if (lp == count) {
          pageConsumed();
        }
        continue;
      }
      ChunkPages.RawPage p = peekRaw();
      if (p == null) {
        throw new PageFormatException("the column chunk ends at row " + row + ", before the rows its row group holds");
      }
      decoded = false;
      if (p.firstRow > row) { // pages not read (no kept row in them) lie before this one
        long gap = p.firstRow - row;
        if (gap > n) {
          throw new PageFormatException("a skipped page holds rows a selection wants");
        }
        row += gap;
        n -= gap;
        continue;
      }
      long rows = knownRows(p);
      if (rows >= 0 && rows <= n && (p.firstRow < 0 || p.firstRow == row)) {
        pending = null; // the page is dropped without being decompressed
        row += rows;
        n -= rows;
        continue;
      }
      nextPage();
    }
  }

  private int present(int from, int k) {
    int nn = 0;
    int[] d = defs;
    int max = maxDef;
    for (int i = from; i < from + k; i++) {
      if (d[i] == max) {
        nn++;
      }
    }
    return nn;
  }

  /** Moves {@code k} rows of a flat column from the decoded page into {@code b}. */
  private void fill(Builders.Flat b, int k) {
    int at = b.size;
    int nn = maxDef == 0 ? k : present(lp, k);
    b.take(values, k, nn, defs, lp, maxDef);
    if (b.valid != null) {
      for (int i = 0; i < k; i++) {
        b.valid[at + i] = defs[lp + i] == maxDef;
      }
    }
    b.size += k;
  }

  /**
   * Walks the levels of {@code n} list rows (fewer at the end of the chunk is an error when reading), reading their
   * items into {@code b}, or skipping them when {@code b} is null. A row ends where the next one starts (repetition
   * level 0), so at the end of a v1 page the next page is looked at unless the page is known to end on a row.
   */
  private void walkList(int n, Builders.ListBase b) throws IOException {
    int started = 0;
    long first = row;
    while (true) {
      if (!hasLevels()) {
        if (started == n && decoded && endsAtRow) {
          break;
        }
        if (b == null && decoded && endsAtRow) {
          // skipping, at a page that ends on a row: the caller drops the next pages whole, and steps over the ones a
          // selection did not read (walked on here, the next page read would not start at this reader's row)
          break;
        }
        row = first + started; // the next page's first row, if it starts on a row
        if (!nextPage()) {
          break;
        }
        continue;
      }
      int i = lp;
      int items = 0;
      int itemsBase = b == null ? 0 : b.items;
      if (runs) {
        // the rows that start in this page up to the one past n, and the levels below the maximum among them: a
        // level is an item unless it is one of those, so the items before a level are its distance from lp less
        // the missing ones passed
        int[] at = starts.at;
        int nStarts = starts.size;
        int[] gapAt = missing.at;
        int[] gapLevel = missing.values;
        int nGaps = missing.size;
        int si = startAt;
        int gi = missingAt;
        int gaps = 0;
        int stop = count;
        if (started == 0 && (si >= nStarts || at[si] != i)) {
          throw new PageFormatException("a list row continues at row " + first + " without a start");
        }
        while (si < nStarts) {
          int s = at[si];
          for (; gi < nGaps && gapAt[gi] < s; gi++, gaps++) {
            if (gapLevel[gi] > listDef) {
              throw new NullItemException(first + started - 1);
            }
          }
          if (started == n) {
            stop = s;
            break;
          }
          if (b != null) {
            int r = b.size + started;
            b.offsets[r] = itemsBase + (s - lp) - gaps;
            b.valid[r] = (gi < nGaps && gapAt[gi] == s ? gapLevel[gi] : maxDef) >= listDef;
          }
          started++;
          si++;
        }
        if (stop == count) {
          for (; gi < nGaps; gi++, gaps++) {
            if (gapLevel[gi] > listDef) {
              throw new NullItemException(first + started - 1);
            }
          }
        }
        items = (stop - lp) - gaps;
        startAt = si;
        missingAt = gi;
        i = stop;
      } else {
        for (; i < count; i++) {
          int d = defs[i];
          if (reps[i] == 0) {
            if (started == n) {
              break;
            }
            if (b != null) {
              int r = b.size + started;
              b.offsets[r] = itemsBase + items;
              b.valid[r] = d >= listDef;
            }
            started++;
          } else if (started == 0) {
            throw new PageFormatException("a list row continues at row " + (first + started) + " without a start");
          }
          if (d == maxDef) {
            items++;
          } else if (d > listDef) {
            throw new NullItemException(first + started - 1);
          }
        }
      }
      if (b != null) {
        b.readItems(values, items);
        b.items += items;
      } else {
        values.skip(items);
      }
      lp = i;
      if (i < count) {
        break;
      }
      pageConsumed();
      if (started == n && endsAtRow) {
        break;
      }
    }
    if (b != null) {
      if (started < n) {
        throw new PageFormatException(
            "the column chunk ends at row " + (first + started) + ", before the rows its row group holds");
      }
      b.size += started;
      b.offsets[b.size] = b.items;
    }
    row = first + started;
  }

  /** A null item inside a list: the model has none, and substituting a value would invent data. */
  static final class NullItemException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The chunk row. */
    final long row;

    NullItemException(long row) {
      super(null, null, false, false);
      this.row = row;
    }
  }

  /** A page whose bytes do not match the CRC32 in its header. {@code page} is -1 for the dictionary page. */
  static final class PageChecksumException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int page;
    final int actual;
    final int recorded;

    PageChecksumException(int page, int actual, int recorded) {
      super("page CRC32 mismatch");
      this.page = page;
      this.actual = actual;
      this.recorded = recorded;
    }

    String pageName() {
      return page < 0 ? "the dictionary page" : "data page " + page;
    }
  }

  /** RLE-encoded booleans (data page v2): a 4-byte length, then the hybrid encoding at bit width 1. */
  private static final class RleBooleans extends ValueDecoder {
    private final RleDecoder rle;
    private int[] scratch = new int[0];

    RleBooleans(byte[] buf, int pos, int end) {
      if (pos + 4 > end) {
        throw new PageFormatException("RLE boolean data ends before its length");
      }
      int len =
          (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8 | (buf[pos + 2] & 0xff) << 16 | (buf[pos + 3] & 0xff) << 24;
      if (len < 0 || len > end - pos - 4) {
        throw new PageFormatException("RLE boolean data of " + len + " bytes runs past its page");
      }
      rle = new RleDecoder(buf, pos + 4, pos + 4 + len, 1);
    }

    @Override
    void readBooleans(boolean[] dst, int off, int n) {
      if (scratch.length < n) {
        scratch = new int[n];
      }
      rle.read(scratch, 0, n);
      for (int i = 0; i < n; i++) {
        dst[off + i] = scratch[i] != 0;
      }
    }

    @Override
    void skip(int n) {
      rle.skip(n);
    }

    @Override
    void readInts(int[] dst, int off, int n) {
      throw new PageFormatException("RLE values of a non-boolean column");
    }

    @Override
    void readLongs(long[] dst, int off, int n) {
      throw new PageFormatException("RLE values of a non-boolean column");
    }

    @Override
    void readFloats(float[] dst, int off, int n) {
      throw new PageFormatException("RLE values of a non-boolean column");
    }

    @Override
    void readDoubles(double[] dst, int off, int n) {
      throw new PageFormatException("RLE values of a non-boolean column");
    }

    @Override
    void readBinary(Builders.Utf8 out) {
      throw new PageFormatException("RLE values of a non-boolean column");
    }
  }
}
