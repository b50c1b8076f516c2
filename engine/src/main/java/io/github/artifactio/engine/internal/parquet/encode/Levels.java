package io.github.artifactio.engine.internal.parquet.encode;

import java.util.Arrays;

/**
 * One page's repetition or definition levels, one byte each, encoded when the page ends ({@link HybridEncoder}). A run
 * of equal levels (a list's items) is one {@link Arrays#fill}; the page size checks count levels, not their encoding,
 * so nothing needs the encoded size before the page ends.
 */
public final class Levels {
  private byte[] v = new byte[1024];
  private int n;

  int count() {
    return n;
  }

  public void reset() {
    n = 0;
  }

  public void add(int level) {
    if (n + 8 > v.length) {
      grow(1);
    }
    v[n++] = (byte) level;
  }

  /**
   * {@code count} copies of {@code level}, stored eight at a time (most runs are a list's few items, where
   * {@link Arrays#fill}'s setup costs more than the stores); the array keeps eight bytes of slack for the last store.
   */
  public void fill(int level, int count) {
    if (count > v.length - n - 8) {
      grow(count);
    }
    long pattern = (level & 0xffL) * 0x0101_0101_0101_0101L;
    for (int i = 0; i < count; i += 8) {
      Bytes.LONG.set(v, n + i, pattern);
    }
    n += count;
  }

  private void grow(int more) {
    long need = (long) n + more + 8;
    if (need > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a page would hold more than 2^31 levels");
    }
    v = Arrays.copyOf(v, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, v.length * 2L)));
  }

  /** The levels in the hybrid encoding at {@code width} bits, appended to {@code out}. */
  public void encode(int width, Bytes out) {
    HybridEncoder.encode(v, n, width, out);
  }

  public long heldBytes() {
    return v.length;
  }
}
