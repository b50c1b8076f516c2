package io.github.artifactio.engine.internal.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@code INT64} values: PLAIN as 8-byte little-endian integers, or dictionary ids. Statistics in the signed order.
 */
final class Int64Values extends LeafValues {
  private final BitsDictionary dictionary = new BitsDictionary();
  private long[] src;
  private long pageMin;
  private long pageMax;
  private boolean pageHas;
  private long chunkMin;
  private long chunkMax;
  private boolean chunkHas;

  void bind(long[] values) {
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
      ByteBuffer.wrap(page.buf, page.size, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(src, from, n);
      page.size += 8 * n;
    }
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  /** Ids for values {@code [from, to)}; fewer when the dictionary passes its limit (the rest is then PLAIN). */
  private int appendIds(int from, int to) {
    int size = dictionary.size();
    long[] s = src;
    for (int i = from; i < to; i++) {
      id(dictionary.id(s[i]));
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
    if (from == to) {
      return;
    }
    long min = pageMin;
    long max = pageMax;
    long[] s = src;
    for (int i = from; i < to; i++) {
      long v = s[i];
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    pageMin = min;
    pageMax = max;
    pageHas = true;
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
    pageMin = Long.MAX_VALUE;
    pageMax = Long.MIN_VALUE;
    pageHas = false;
  }

  @Override
  void resetChunkStats() {
    chunkMin = Long.MAX_VALUE;
    chunkMax = Long.MIN_VALUE;
    chunkHas = false;
  }

  @Override
  boolean pageHasBounds() {
    return pageHas;
  }

  @Override
  byte[] pageMin() {
    return bytes(pageMin);
  }

  @Override
  byte[] pageMax() {
    return bytes(pageMax);
  }

  @Override
  void foldPageStats() {
    if (pageHas) {
      chunkMin = Math.min(chunkMin, pageMin);
      chunkMax = Math.max(chunkMax, pageMax);
      chunkHas = true;
    }
  }

  @Override
  boolean chunkHasBounds() {
    return chunkHas;
  }

  @Override
  byte[] chunkMin() {
    return bytes(chunkMin);
  }

  @Override
  byte[] chunkMax() {
    return bytes(chunkMax);
  }

  @Override
  boolean signedOrder() {
    return true;
  }

  @Override
  int compareBounds(byte[] a, byte[] b) {
    return Long.compare((long) Bytes.LONG.get(a, 0), (long) Bytes.LONG.get(b, 0));
  }

  /** A bound as stored: little-endian. */
  private byte[] bytes(long v) {
    byte[] b = new byte[8];
    Bytes.LONG.set(b, 0, v);
    return b;
  }
}
