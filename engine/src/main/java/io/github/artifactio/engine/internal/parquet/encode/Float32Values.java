package io.github.artifactio.engine.internal.parquet.encode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** FLOAT values: the loops over a {@code float[]}. */
public final class Float32Values extends FloatingValues {
  private float[] src;

  public Float32Values() {
    super(4);
  }

  public void bind(float[] values) {
    src = values;
  }

  @Override
  void copyPlain(int from, int n) {
    // a heap buffer view in the native order copies the array's memory as it is (raw bits, NaN payloads kept)
    ByteBuffer.wrap(page.buf, page.size, n * 4).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(src, from, n);
  }

  @Override
  int appendIds(int from, int to) {
    float[] s = src;
    for (int i = from; i < to; i++) {
      if (!addBits(Float.floatToRawIntBits(s[i]) & 0xffff_ffffL)) {
        return i - from + 1;
      }
    }
    return to - from;
  }

  @Override
  void stats(int from, int to) {
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    long nan = 0;
    float[] s = src;
    for (int i = from; i < to; i++) {
      float v = s[i];
      // NaN compares false both ways, so it never becomes a bound; written branch-free, the loop needs no NaN test
      min = v < min ? v : min;
      max = v > max ? v : max;
      nan += v != v ? 1 : 0;
    }
    fold(min, max, nan, to - from);
  }
}
