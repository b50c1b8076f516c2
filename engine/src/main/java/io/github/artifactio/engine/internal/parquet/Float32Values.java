package io.github.artifactio.engine.internal.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@code FLOAT} values: PLAIN as 4-byte little-endian IEEE 754 floats, or dictionary ids keyed by bit pattern.
 * Statistics follow the type-defined order: NaN is counted, never a bound; a zero bound is written as {@code -0.0}
 * (min) or {@code +0.0} (max), as the Parquet spec asks, since the order does not tell the zeros apart.
 */
final class Float32Values extends LeafValues {
  private final BitsDictionary dictionary = new BitsDictionary();
  private float[] src;
  private float pageMin;
  private float pageMax;
  private boolean pageHas;
  private long pageNaN;
  private float chunkMin;
  private float chunkMax;
  private boolean chunkHas;
  private long chunkNaN;

  void bind(float[] values) {
    src = values;
  }

  @Override
  int plainWidth() {
    return 4;
  }

  @Override
  int append(int from, int to, long roomBits, int extraBits) {
    int n = to - from;
    if (roomBits != Long.MAX_VALUE) {
      long per = 32L + extraBits;
      n = (int) Math.min(n, Math.max(1, (roomBits + per - 1) / per));
    }
    if (mode == Mode.DICTIONARY) {
      n = appendIds(from, from + n);
    } else {
      // a bulk copy: a heap buffer view in the native order copies the array's memory as it is (raw bits)
      page.ensure(n * 4);
      ByteBuffer.wrap(page.buf, page.size, n * 4).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(src, from, n);
      page.size += 4 * n;
    }
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  /** Ids for values {@code [from, to)}; fewer when the dictionary passes its limit (the rest is then PLAIN). */
  private int appendIds(int from, int to) {
    int size = dictionary.size();
    float[] s = src;
    for (int i = from; i < to; i++) {
      id(dictionary.id(Float.floatToRawIntBits(s[i]) & 0xffff_ffffL));
      if (dictionary.size() != size) {
        size = dictionary.size();
        if ((long) size * 4 > dictionaryLimit) {
          fallBack();
          return i - from + 1;
        }
      }
    }
    return to - from;
  }

  private void stats(int from, int to) {
    float min = pageMin;
    float max = pageMax;
    long nan = 0;
    float[] s = src;
    for (int i = from; i < to; i++) {
      float v = s[i];
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
    for (int at = gap; at < page.size; at += 4) {
      id(dictionary.id(((int) Bytes.INT.get(b, at)) & 0xffff_ffffL));
    }
    return dictionary.size();
  }

  @Override
  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  long dictionaryBytes() {
    return (long) dictionary.size() * 4;
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
    page.ensure(4);
    Bytes.INT.set(page.buf, page.size, (int) dictionary.entry(id));
    page.size += 4;
  }

  @Override
  void writeDictionary(Bytes out, int n) {
    out.ensure(n * 4);
    for (int i = 0; i < n; i++) {
      Bytes.INT.set(out.buf, out.size + 4 * i, (int) dictionary.entry(i));
    }
    out.size += n * 4;
  }

  @Override
  long pagePlainBytes() {
    return (long) pageValues * 4;
  }

  @Override
  void resetPageStats() {
    pageMin = Float.POSITIVE_INFINITY;
    pageMax = Float.NEGATIVE_INFINITY;
    pageHas = false;
    pageNaN = 0;
  }

  @Override
  void resetChunkStats() {
    chunkMin = Float.POSITIVE_INFINITY;
    chunkMax = Float.NEGATIVE_INFINITY;
    chunkHas = false;
    chunkNaN = 0;
  }

  @Override
  boolean pageHasBounds() {
    return pageHas;
  }

  @Override
  byte[] pageMin() {
    return bytes(pageMin == 0 ? -0.0f : pageMin);
  }

  @Override
  byte[] pageMax() {
    return bytes(pageMax == 0 ? 0.0f : pageMax);
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
    return bytes(chunkMin == 0 ? -0.0f : chunkMin);
  }

  @Override
  byte[] chunkMax() {
    return bytes(chunkMax == 0 ? 0.0f : chunkMax);
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
    return Float.compare((float) Bytes.FLOAT.get(a, 0), (float) Bytes.FLOAT.get(b, 0));
  }

  private static byte[] bytes(float v) {
    byte[] b = new byte[4];
    Bytes.FLOAT.set(b, 0, v);
    return b;
  }
}
