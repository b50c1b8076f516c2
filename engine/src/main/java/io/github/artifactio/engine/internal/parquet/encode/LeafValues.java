package io.github.artifactio.engine.internal.parquet.encode;

import java.util.Arrays;

/**
 * The values of one leaf's pages, written straight from the column's primitive array into a reused page buffer: one
 * subclass per value type, each called once per run of values ({@link #append}), never once per value through an
 * interface.
 *
 * <p>Each column chunk starts in one of three modes. {@code PLAIN}: values are stored PLAIN (plain columns, the float
 * plan's near-unique leaves, booleans). {@code DICTIONARY}: values get dictionary ids (the float plan's other leaves).
 * {@code UNDECIDED} (every other leaf): values are stored PLAIN until the chunk's first {@link DictionaryChoice#SAMPLE}
 * values (or its first page, if that ends first) are in, then {@link DictionaryChoice} decides from those; a
 * dictionary is built only when it is chosen, from the sampled values, and the sample's PLAIN bytes become ids. In
 * dictionary mode a value that takes the dictionary past its byte limit turns the chunk PLAIN from the page it is in
 * (that page's ids become PLAIN values again; pages already written keep the dictionary, which holds only their
 * entries), and a first page whose ids and dictionary are not smaller than its PLAIN values drops the dictionary, as
 * parquet-java did. Every decision depends only on the values in order, so any chunking of the rows decides alike.
 *
 * <p>PLAIN values sit at {@code page.buf[gap, page.size)}: the gap leaves room for the page's levels to be put in
 * front of them, so a finished page is compressed from this one buffer without copying its values (the gap grows when
 * a page's levels outgrow it, the only time values move). Dictionary ids are kept in {@code ids} and bit-packed into
 * the same place when the page ends.
 */
public abstract class LeafValues {
  public enum Mode {
    UNDECIDED,
    PLAIN,
    DICTIONARY
  }

  public final Bytes page = new Bytes(1 << 12);
  public int gap;
  int[] ids = new int[1024];
  int idCount;
  /** Non-null values in the current page. */
  public int pageValues;
  public Mode mode;
  /** The dictionary's byte limit (PLAIN size of its entries). */
  long dictionaryLimit;
  /** Dictionary entries used by the pages written so far in this chunk. */
  public int committed;
  /** Whether the chunk has written a page yet (the first page may still drop the dictionary). */
  boolean pageWritten;
  /** Data pages of this chunk written PLAIN and with dictionary ids. */
  public int plainPages;
  public int dictionaryPages;
  /** The page-level row and byte limits, for the sample's extrapolation. */
  public int pageRowLimit;
  public long pageByteLimit;

  /** Starts a column chunk in {@code start} mode (booleans are always PLAIN). */
  public void beginChunk(Mode start, long limit) {
    mode = start;
    dictionaryLimit = limit;
    committed = 0;
    pageWritten = false;
    plainPages = 0;
    dictionaryPages = 0;
    clearDictionary();
    resetPage();
    resetChunkStats();
  }

  public void resetPage() {
    page.size = gap;
    idCount = 0;
    pageValues = 0;
    resetPageStats();
  }

  /**
   * Appends values {@code [from, to)} of the bound array, at least one, stopping after the value at which the bits it
   * added ({@link #pageBits} grew by, plus {@code extraBits} per value: the levels of a scalar row) reach {@code
   * roomBits} ({@code Long.MAX_VALUE}: take them all). Returns how many it took. Where it stops depends only on the
   * page's values so far and the values offered, so the page cuts are the same however the rows arrive.
   */
  public abstract int append(int from, int to, long roomBits, int extraBits);

  /** The PLAIN width of every value for fixed-width types (what each adds to {@link #pageBits}), else 0. */
  public int plainWidth() {
    return 0;
  }

  /**
   * The page's value size in bits as the page size checks count it: the values' PLAIN size, whatever their encoding
   * (as parquet-java counted a dictionary-encoded page: by its raw values). Pages then hold the same rows whether or
   * not a chunk uses a dictionary, and a dictionary that overflows later keeps the pages it filled.
   */
  public long pageBits() {
    return pagePlainBytes() * 8;
  }

  /** Decides an undecided chunk now if its sample is in; {@code rows} is the page's rows so far. */
  public final void maybeDecide(int rows) {
    if (mode == Mode.UNDECIDED && pageValues >= DictionaryChoice.SAMPLE) {
      decide(rows, false);
    }
  }

  /**
   * Decides from the page's values (all PLAIN, all sampled); {@code pageEnds} when the page is complete, so the
   * sample is the page.
   */
  final void decide(int rows, boolean pageEnds) {
    int n = pageValues;
    if (n == 0) {
      return; // a page of nulls says nothing: the chunk decides at its first page with a value
    }
    long plain = page.size - gap;
    int d = sampleDistinct(); // fills the dictionary and ids with the sample's
    long pageValuesExpected = n;
    if (!pageEnds) {
      double perRow = rows == 0 ? 1 : (double) n / rows;
      double byRows = pageRowLimit * perRow;
      double byBytes = pageByteLimit / ((double) plain / n);
      pageValuesExpected = (long) Math.max(n, Math.min(byRows, byBytes));
    }
    if (DictionaryChoice.pays(n, d, plain, dictionaryBytes(), pageValuesExpected, dictionaryLimit)) {
      mode = Mode.DICTIONARY;
      page.size = gap;
    } else {
      mode = Mode.PLAIN;
      clearDictionary();
      idCount = 0;
    }
  }

  /**
   * Reads the page's PLAIN values (the sample) into the dictionary, their ids into {@code ids}; returns the distinct
   * count.
   */
  abstract int sampleDistinct();

  abstract int dictionarySize();

  /** The dictionary page's PLAIN size. */
  abstract long dictionaryBytes();

  abstract void clearDictionary();

  /** Forgets dictionary entries from {@code n} on. */
  abstract void truncateDictionary(int n);

  /** Writes the PLAIN value of dictionary entry {@code id} at {@code page.size}. */
  abstract void putEntry(int id);

  /** Writes entries {@code [0, n)} PLAIN into {@code out}: the dictionary page. */
  public abstract void writeDictionary(Bytes out, int n);

  /** The PLAIN size of this page's values, in every mode (the page size checks and the first page's check). */
  abstract long pagePlainBytes();

  final void addId(int id) {
    if (idCount == ids.length) {
      ids = Arrays.copyOf(ids, ids.length * 2);
    }
    ids[idCount++] = id;
  }

  /** Called after a dictionary insertion: past the limit, the chunk turns PLAIN from this page. */
  final void checkLimit() {
    if (dictionaryBytes() > dictionaryLimit) {
      fallBack();
    }
  }

  /** The page's ids become PLAIN values; the dictionary keeps only the entries of pages already written. */
  final void fallBack() {
    page.size = gap;
    for (int i = 0; i < idCount; i++) {
      putEntry(ids[i]);
    }
    idCount = 0;
    mode = Mode.PLAIN;
    truncateDictionary(committed);
  }

  /**
   * Ends the page's values: they are left at {@code page.buf[gap, page.size)}, PLAIN or as a bit width and hybrid ids.
   * Returns whether they are dictionary ids. {@code rows} is the page's rows.
   */
  public final boolean sealPage(int rows) {
    if (mode == Mode.UNDECIDED) {
      decide(rows, true);
    }
    if (mode == Mode.DICTIONARY && !pageWritten) {
      long ids = 1 + ((long) idCount * HybridEncoder.bitWidth(Math.max(0, dictionarySize() - 1)) + 7) / 8;
      if (ids + dictionaryBytes() >= pagePlainBytes()) {
        fallBack(); // committed is 0: the dictionary goes entirely
      }
    }
    pageWritten = true;
    if (mode == Mode.DICTIONARY) {
      int width = HybridEncoder.bitWidth(Math.max(0, dictionarySize() - 1));
      page.size = gap;
      page.put(width);
      HybridEncoder.encode(ids, idCount, width, page);
      committed = dictionarySize();
      dictionaryPages++;
      return true;
    }
    sealPlain();
    plainPages++;
    return false;
  }

  /** Flushes a PLAIN page's pending bytes (the booleans' last partial byte). */
  void sealPlain() {}

  /** Moves the values so that {@code gap} bytes lie before them. */
  public final void widenGap(int newGap) {
    int n = page.size - gap;
    page.ensure(newGap - gap);
    System.arraycopy(page.buf, gap, page.buf, newGap, n);
    gap = newGap;
    page.size = gap + n;
  }

  // ---- statistics: the page's and the chunk's, in the column order the footer declares

  abstract void resetPageStats();

  abstract void resetChunkStats();

  /** Whether the page holds a non-null value that has a place in the order (not NaN). */
  public abstract boolean pageHasBounds();

  /** The page's bounds as the column index stores them (strings truncated); only when {@link #pageHasBounds}. */
  public abstract byte[] pageMin();

  public abstract byte[] pageMax();

  /** NaN values in the page (0 for non-float leaves). */
  public long pageNaNs() {
    return 0;
  }

  /** Folds the page's statistics into the chunk's. */
  public abstract void foldPageStats();

  public abstract boolean chunkHasBounds();

  public abstract byte[] chunkMin();

  public abstract byte[] chunkMax();

  public long chunkNaNs() {
    return 0;
  }

  /** Compares two bounds of this leaf's type in the column order (for the column index's boundary order). */
  public abstract int compareBounds(byte[] a, byte[] b);

  /** Whether the chunk statistics also carry the deprecated signed {@code min}/{@code max} fields. */
  public boolean signedOrder() {
    return true;
  }

  /** Whether the leaf is FLOAT or DOUBLE (NaN counts are written). */
  public boolean floating() {
    return false;
  }

  /** Bytes held in buffers (for memory accounting). */
  public long heldBytes() {
    return page.buf.length + ids.length * 4L;
  }
}
