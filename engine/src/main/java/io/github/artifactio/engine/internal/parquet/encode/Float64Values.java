package io.github.artifactio.engine.internal.parquet.encode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** DOUBLE values: the loops over a {@code double[]}. */
public final class Float64Values extends FloatingValues {
  private double[] src;

  public Float64Values() {
    super(8);
  }

  public void bind(double[] values) {
    src = values;
  }

  @Override
  void copyPlain(int from, int n) {
    // a heap buffer view in the native order copies the array's memory as it is (raw bits, NaN payloads kept)
    ByteBuffer.wrap(page.buf, page.size, n * 8).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(src, from, n);
  }

  @Override
  int appendIds(int from, int to) {
    double[] s = src;
    for (int i = from; i < to; i++) {
      if (!addBits(Double.doubleToRawLongBits(s[i]))) {
        return i - from + 1;
      }
    }
    return to - from;
  }

  @Override
  void stats(int from, int to) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    long nan = 0;
    double[] s = src;
    for (int i = from; i < to; i++) {
      double v = s[i];
      // NaN compares false both ways, so it never becomes a bound; written branch-free, the loop needs no NaN test
      min = v < min ? v : min;
      max = v > max ? v : max;
      nan += v != v ? 1 : 0;
    }
    fold(min, max, nan, to - from);
  }
}
