package io.github.artifactio.engine.internal.parquet.encode;

import java.util.Arrays;

/**
 * {@code BYTE_ARRAY} (UTF-8) values: PLAIN as a 4-byte little-endian length and the bytes, straight from the column's
 * arena, or dictionary ids. Statistics in unsigned byte order (the order of code points), held as copies (never slices
 * of the caller's arena, which it may reuse for its next chunk). Column index bounds are cut to
 * {@value #INDEX_BOUND_BYTES} bytes at a character boundary, a cut maximum raised by one code point so that it stays
 * an upper bound (parquet-java's 64-byte column index truncation); chunk statistics are exact, and left out when the
 * minimum and maximum together take {@value #MAX_STATISTICS_BYTES} bytes or more (as parquet-java left them out).
 */
public final class Utf8Values extends LeafValues {
  static final int INDEX_BOUND_BYTES = 64;
  static final int MAX_STATISTICS_BYTES = 4096;

  private final BytesDictionary dictionary = new BytesDictionary();
  private byte[] data;
  private int[] offsets;
  private long pagePlain;
  private byte[] pageMin;
  private byte[] pageMax;
  private byte[] chunkMin;
  private byte[] chunkMax;

  public void bind(byte[] data, int[] offsets) {
    this.data = data;
    this.offsets = offsets;
  }

  @Override
  public void resetPage() {
    super.resetPage();
    pagePlain = 0;
  }

  @Override
  public int append(int from, int to, long roomBits, int extraBits) {
    int[] o = offsets;
    int n = to - from;
    if (roomBits != Long.MAX_VALUE) {
      long added = 0;
      for (int i = from; i < to; i++) {
        added += 8L * (4 + o[i + 1] - o[i]) + extraBits;
        if (added >= roomBits) {
          n = i - from + 1;
          break;
        }
      }
    }
    n = mode == Mode.DICTIONARY ? appendIds(from, from + n) : appendPlain(from, from + n);
    pagePlain += 4L * n + o[from + n] - o[from];
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  private int appendPlain(int from, int to) {
    int[] o = offsets;
    page.ensure(4 * (to - from) + o[to] - o[from]);
    byte[] b = page.buf;
    int at = page.size;
    for (int i = from; i < to; i++) {
      int len = o[i + 1] - o[i];
      Bytes.INT.set(b, at, len);
      System.arraycopy(data, o[i], b, at + 4, len);
      at += 4 + len;
    }
    page.size = at;
    return to - from;
  }

  /** Ids for values {@code [from, to)}; fewer when the dictionary passes its limit (the rest is then PLAIN). */
  private int appendIds(int from, int to) {
    int[] o = offsets;
    int size = dictionary.size();
    for (int i = from; i < to; i++) {
      addId(dictionary.id(data, o[i], o[i + 1] - o[i]));
      if (dictionary.size() != size) {
        size = dictionary.size();
        if (dictionaryBytes() > dictionaryLimit) {
          fallBack();
          return i - from + 1;
        }
      }
    }
    return to - from;
  }

  /**
   * Folds values {@code [from, to)} into the page's bounds; a bound that moved is copied once, at the end. A value's
   * first byte decides most comparisons (-1 stands for the empty string), so the full comparison runs only on a tie.
   */
  private void stats(int from, int to) {
    int[] o = offsets;
    byte[] d = data;
    byte[] minArr = pageMin;
    int minAt = 0;
    int minEnd = minArr == null ? 0 : minArr.length;
    byte[] maxArr = pageMax;
    int maxAt = 0;
    int maxEnd = maxArr == null ? 0 : maxArr.length;
    int minFirst = minArr == null ? Integer.MAX_VALUE : first(minArr, minAt, minEnd);
    int maxFirst = maxArr == null ? Integer.MIN_VALUE : first(maxArr, maxAt, maxEnd);
    boolean minMoved = false;
    boolean maxMoved = false;
    for (int i = from; i < to; i++) {
      int a = o[i];
      int b = o[i + 1];
      int f = first(d, a, b);
      if (f < minFirst || f == minFirst && Arrays.compareUnsigned(d, a, b, minArr, minAt, minEnd) < 0) {
        minArr = d;
        minAt = a;
        minEnd = b;
        minFirst = f;
        minMoved = true;
      }
      if (f > maxFirst || f == maxFirst && Arrays.compareUnsigned(d, a, b, maxArr, maxAt, maxEnd) > 0) {
        maxArr = d;
        maxAt = a;
        maxEnd = b;
        maxFirst = f;
        maxMoved = true;
      }
    }
    if (minMoved) {
      pageMin = Arrays.copyOfRange(minArr, minAt, minEnd);
    }
    if (maxMoved) {
      pageMax = Arrays.copyOfRange(maxArr, maxAt, maxEnd);
    }
  }

  private static int first(byte[] b, int from, int to) {
    return from == to ? -1 : b[from] & 0xff;
  }

  @Override
  int sampleDistinct() {
    byte[] b = page.buf;
    for (int at = gap; at < page.size;) {
      int len = (int) Bytes.INT.get(b, at);
      addId(dictionary.id(b, at + 4, len));
      at += 4 + len;
    }
    return dictionary.size();
  }

  @Override
  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  long dictionaryBytes() {
    return dictionary.entryBytes() + 4L * dictionary.size();
  }

  @Override
  void clearDictionary() {
    dictionary.clear();
  }

  @Override
  void truncateDictionary(int n) {
    dictionary.truncate(n);
  }

  @Override
  void putEntry(int id) {
    int len = dictionary.length(id);
    page.ensure(4 + len);
    Bytes.INT.set(page.buf, page.size, len);
    System.arraycopy(dictionary.arena(), dictionary.start(id), page.buf, page.size + 4, len);
    page.size += 4 + len;
  }

  @Override
  public void writeDictionary(Bytes out, int n) {
    for (int i = 0; i < n; i++) {
      out.putInt(dictionary.length(i));
      out.put(dictionary.arena(), dictionary.start(i), dictionary.length(i));
    }
  }

  @Override
  long pagePlainBytes() {
    return pagePlain;
  }

  @Override
  void resetPageStats() {
    pageMin = null;
    pageMax = null;
  }

  @Override
  void resetChunkStats() {
    chunkMin = null;
    chunkMax = null;
  }

  @Override
  public boolean pageHasBounds() {
    return pageMin != null;
  }

  @Override
  public byte[] pageMin() {
    return truncateMin(pageMin);
  }

  @Override
  public byte[] pageMax() {
    return truncateMax(pageMax);
  }

  @Override
  public void foldPageStats() {
    if (pageMin != null) {
      if (chunkMin == null || Arrays.compareUnsigned(pageMin, chunkMin) < 0) {
        chunkMin = pageMin;
      }
      if (chunkMax == null || Arrays.compareUnsigned(pageMax, chunkMax) > 0) {
        chunkMax = pageMax;
      }
    }
  }

  @Override
  public boolean chunkHasBounds() {
    return chunkMin != null && chunkMin.length + chunkMax.length < MAX_STATISTICS_BYTES;
  }

  @Override
  public byte[] chunkMin() {
    return chunkMin;
  }

  @Override
  public byte[] chunkMax() {
    return chunkMax;
  }

  @Override
  public boolean signedOrder() {
    return false;
  }

  @Override
  public int compareBounds(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** The longest prefix of at most {@value #INDEX_BOUND_BYTES} bytes that ends at a character boundary. */
  static byte[] truncateMin(byte[] v) {
    return v.length <= INDEX_BOUND_BYTES ? v : Arrays.copyOf(v, cut(v));
  }

  /**
   * A bound at least {@code v} of at most about {@value #INDEX_BOUND_BYTES} bytes: the cut prefix with its last code
   * point raised by one (skipping the surrogate range; a last U+10FFFF is dropped and the one before raised), or
   * {@code v} itself when no prefix can be raised or {@code v} is not UTF-8.
   */
  static byte[] truncateMax(byte[] v) {
    if (v.length <= INDEX_BOUND_BYTES) {
      return v;
    }
    int end = cut(v);
    while (end > 0) {
      int start = end - 1;
      while (start > 0 && (v[start] & 0xc0) == 0x80) {
        start--;
      }
      int cp = codePoint(v, start, end);
      if (cp < 0) {
        return v;
      }
      if (cp < 0x10ffff) {
        int next = cp + 1 == 0xd800 ? 0xe000 : cp + 1;
        byte[] enc = new String(Character.toChars(next)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(v, start + enc.length);
        System.arraycopy(enc, 0, out, start, enc.length);
        return out;
      }
      end = start;
    }
    return v;
  }

  private static int cut(byte[] v) {
    int cut = INDEX_BOUND_BYTES;
    while (cut > 0 && (v[cut] & 0xc0) == 0x80) {
      cut--;
    }
    return cut;
  }

  /** The code point encoded in {@code v[start, end)}, or -1 if those bytes are not one well-formed character. */
  private static int codePoint(byte[] v, int start, int end) {
    int b0 = v[start] & 0xff;
    int n = end - start;
    int cp;
    if (b0 < 0x80) {
      return n == 1 ? b0 : -1;
    } else if (b0 >= 0xc2 && b0 < 0xe0 && n == 2) {
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 < 0xf0 && n == 3) {
      cp = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 < 0xf5 && n == 4) {
      cp = b0 & 0x07;
    } else {
      return -1;
    }
    for (int i = start + 1; i < end; i++) {
      cp = (cp << 6) | (v[i] & 0x3f);
    }
    int min = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    return cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000) ? -1 : cp;
  }
}
