package io.github.artifactio.engine.internal.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@code DOUBLE} values: PLAIN as 8-byte little-endian IEEE 754 doubles, or dictionary ids keyed by bit pattern.
 * Statistics follow the type-defined order: NaN is counted, never a bound; a zero bound is written as {@code -0.0}
 * (min) or {@code +0.0} (max), as the Parquet spec asks, since the order does not tell the zeros apart.
 */
final class Float64Values extends LeafValues {
  private final BitsDictionary dictionary = new BitsDictionary();
  private double[] src;
  private double pageMin;
  private double pageMax;
  private boolean pageHas;
  private long pageNaN;
  private double chunkMin;
  private double chunkMax;
  private boolean chunkHas;
  private long chunkNaN;

  void bind(double[] values) {
    src = values;
  }

  @Override
  int plainWidth() {
    return 8;
  }

  @Override
  int append(int from, int to, long roomBits, int extraBits) {
    int n = to - from;
    if (roomBits != Long.MAX_VALUE) {
      long per = 64L + extraBits;
      n = (int) Math.min(n, Math.max(1, (roomBits + per - 1) / per));
    }
    if (mode == Mode.DICTIONARY) {
      n = appendIds(from, from + n);
    } else {
      // a bulk copy: a heap buffer view in the native order copies the array's memory as it is (raw bits)
      page.ensure(n * 8);
      ByteBuffer.wrap(page.buf, page.size, n * 8).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(src, from, n);
      page.size += 8 * n;
    }
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  /** Ids for values {@code [from, to)}; fewer when the dictionary passes its limit (the rest is then PLAIN). */
  private int appendIds(int from, int to) {
    int size = dictionary.size();
    double[] s = src;
    for (int i = from; i < to; i++) {
      id(dictionary.id(Double.doubleToRawLongBits(s[i])));
      if (dictionary.size() != size) {
        size = dictionary.size();
        if ((long) size * 8 > dictionaryLimit) {
          fallBack();
          return i - from + 1;
        }
      }
    }
    return to - from;
  }

  private void stats(int from, int to) {
    double min = pageMin;
    double max = pageMax;
    long nan = 0;
    double[] s = src;
    for (int i = from; i < to; i++) {
      double v = s[i];
      // NaN compares false both ways, so it never becomes a bound; written branch-free, the loop needs no NaN test
      min = v < min ? v : min;
      max = v > max ? v : max;
      nan += v != v ? 1 : 0;
    }
    pageMin = min;
    pageMax = max;
    pageNaN += nan;
    pageHas |= to - from > nan;
  }

  @Override
  int sampleDistinct() {
    byte[] b = page.buf;
    for (int at = gap; at < page.size; at += 8) {
      id(dictionary.id(((long) Bytes.LONG.get(b, at))));
    }
    return dictionary.size();
  }

  @Override
  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  long dictionaryBytes() {
    return (long) dictionary.size() * 8;
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
    page.ensure(8);
    Bytes.LONG.set(page.buf, page.size, (long) dictionary.entry(id));
    page.size += 8;
  }

  @Override
  void writeDictionary(Bytes out, int n) {
    out.ensure(n * 8);
    for (int i = 0; i < n; i++) {
      Bytes.LONG.set(out.buf, out.size + 8 * i, (long) dictionary.entry(i));
    }
    out.size += n * 8;
  }

  @Override
  long pagePlainBytes() {
    return (long) pageValues * 8;
  }

  @Override
  void resetPageStats() {
    pageMin = Double.POSITIVE_INFINITY;
    pageMax = Double.NEGATIVE_INFINITY;
    pageHas = false;
    pageNaN = 0;
  }

  @Override
  void resetChunkStats() {
    chunkMin = Double.POSITIVE_INFINITY;
    chunkMax = Double.NEGATIVE_INFINITY;
    chunkHas = false;
    chunkNaN = 0;
  }

  @Override
  boolean pageHasBounds() {
    return pageHas;
  }

  @Override
  byte[] pageMin() {
    return bytes(pageMin == 0 ? -0.0 : pageMin);
  }

  @Override
  byte[] pageMax() {
    return bytes(pageMax == 0 ? 0.0 : pageMax);
  }

  @Override
  long pageNaNs() {
    return pageNaN;
  }

  @Override
  void foldPageStats() {
    if (pageHas) {
      chunkMin = chunkHas ? Math.min(chunkMin, pageMin) : pageMin;
      chunkMax = chunkHas ? Math.max(chunkMax, pageMax) : pageMax;
      chunkHas = true;
    }
    chunkNaN += pageNaN;
  }

  @Override
  boolean chunkHasBounds() {
    return chunkHas;
  }

  @Override
  byte[] chunkMin() {
    return bytes(chunkMin == 0 ? -0.0 : chunkMin);
  }

  @Override
  byte[] chunkMax() {
    return bytes(chunkMax == 0 ? 0.0 : chunkMax);
  }

  @Override
  long chunkNaNs() {
    return chunkNaN;
  }

  @Override
  boolean floating() {
    return true;
  }

  @Override
  int compareBounds(byte[] a, byte[] b) {
    return Double.compare((double) Bytes.DOUBLE.get(a, 0), (double) Bytes.DOUBLE.get(b, 0));
  }

  private static byte[] bytes(double v) {
    byte[] b = new byte[8];
    Bytes.DOUBLE.set(b, 0, v);
    return b;
  }
}
