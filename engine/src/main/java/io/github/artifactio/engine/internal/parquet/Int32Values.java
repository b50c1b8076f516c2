package io.github.artifactio.engine.internal.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@code INT32} values: PLAIN as 4-byte little-endian integers, or dictionary ids. Statistics in the type's order:
 * signed, or unsigned for {@code UINT_32} (the {@code UInt32} kinds).
 */
final class Int32Values extends LeafValues {
  private final BitsDictionary dictionary = new BitsDictionary();
  /** {@code Integer.MIN_VALUE} for an unsigned leaf, else 0: xor-ed into every value before it is compared. */
  private final int flip;
  private int[] src;
  // bounds are kept with the sign bit flipped when the order is unsigned, so one signed comparison serves both
  private int pageMin;
  private int pageMax;
  private boolean pageHas;
  private int chunkMin;
  private int chunkMax;
  private boolean chunkHas;

  Int32Values(boolean unsigned) {
    flip = unsigned ? Integer.MIN_VALUE : 0;
  }

  void bind(int[] values) {
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
      ByteBuffer.wrap(page.buf, page.size, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, from, n);
      page.size += 4 * n;
    }
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  /** Ids for values {@code [from, to)}; fewer when the dictionary passes its limit (the rest is then PLAIN). */
  private int appendIds(int from, int to) {
    int size = dictionary.size();
    int[] s = src;
    for (int i = from; i < to; i++) {
      id(dictionary.id(s[i] & 0xffff_ffffL));
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
    if (from == to) {
      return;
    }
    int min = pageMin;
    int max = pageMax;
    int f = flip;
    int[] s = src;
    for (int i = from; i < to; i++) {
      int v = s[i] ^ f;
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
    pageMin = Integer.MAX_VALUE;
    pageMax = Integer.MIN_VALUE;
    pageHas = false;
  }

  @Override
  void resetChunkStats() {
    chunkMin = Integer.MAX_VALUE;
    chunkMax = Integer.MIN_VALUE;
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
    return flip == 0;
  }

  @Override
  int compareBounds(byte[] a, byte[] b) {
    return Integer.compare((int) Bytes.INT.get(a, 0) ^ flip, (int) Bytes.INT.get(b, 0) ^ flip);
  }

  /** A bound as stored: little-endian, sign bit restored. */
  private byte[] bytes(int flipped) {
    byte[] b = new byte[4];
    Bytes.INT.set(b, 0, flipped ^ flip);
    return b;
  }
}
