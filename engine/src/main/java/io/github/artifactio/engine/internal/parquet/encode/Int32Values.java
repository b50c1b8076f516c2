package io.github.artifactio.engine.internal.parquet.encode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** INT32 values: the loops over an {@code int[]}; signed order, or unsigned for {@code UINT_32} (the UInt32 kinds). */
public final class Int32Values extends IntegerValues {
  /** {@code Integer.MIN_VALUE} for an unsigned leaf, else 0: flipping the sign bit makes signed order unsigned. */
  private final int flip;
  private int[] src;

  public Int32Values(boolean unsigned) {
    super(4);
    flip = unsigned ? Integer.MIN_VALUE : 0;
  }

  public void bind(int[] values) {
    src = values;
  }

  @Override
  void copyPlain(int from, int n) {
    ByteBuffer.wrap(page.buf, page.size, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, from, n);
  }

  @Override
  int appendIds(int from, int to) {
    int[] s = src;
    for (int i = from; i < to; i++) {
      if (!addBits(s[i] & 0xffff_ffffL)) {
        return i - from + 1;
      }
    }
    return to - from;
  }

  @Override
  void stats(int from, int to) {
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    int f = flip;
    int[] s = src;
    for (int i = from; i < to; i++) {
      int v = s[i] ^ f;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    if (to > from) {
      // back from the flipped order to the value, widened so that the longs compare in the leaf's order
      fold(widen(min ^ f), widen(max ^ f));
    }
  }

  private long widen(int v) {
    return flip == 0 ? v : v & 0xffff_ffffL;
  }

  @Override
  public boolean signedOrder() {
    return flip == 0;
  }
}
