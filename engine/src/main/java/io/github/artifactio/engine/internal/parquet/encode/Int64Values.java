package io.github.artifactio.engine.internal.parquet.encode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** INT64 values: the loops over a {@code long[]}; signed order. */
public final class Int64Values extends IntegerValues {
  private long[] src;

  public Int64Values() {
    super(8);
  }

  public void bind(long[] values) {
    src = values;
  }

  @Override
  void copyPlain(int from, int n) {
    ByteBuffer.wrap(page.buf, page.size, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(src, from, n);
  }

  @Override
  int appendIds(int from, int to) {
    long[] s = src;
    for (int i = from; i < to; i++) {
      if (!addBits(s[i])) {
        return i - from + 1;
      }
    }
    return to - from;
  }

  @Override
  void stats(int from, int to) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long[] s = src;
    for (int i = from; i < to; i++) {
      min = Math.min(min, s[i]);
      max = Math.max(max, s[i]);
    }
    if (to > from) {
      fold(min, max);
    }
  }
}
