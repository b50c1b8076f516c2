package io.github.artifactio.checks.rules;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ValueVisitor;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One sort-key column of a batch in the form {@link SortKey} compares: integers widened to {@code long} (UInt32 as its
 * unsigned value, booleans as 0 and 1), floating point to {@code double}, strings as their UTF-8 bytes. Made once per
 * batch ({@link #of}), so rows compare without asking the column's kind per value.
 *
 * @param longs the values of an integer or boolean column, else null
 * @param doubles the values of a floating-point column, else null
 * @param data the UTF-8 bytes of a string column, else null ({@code offsets} then bound each row's)
 * @param valid {@code valid[i]} is false where row {@code i} is null; null when no row is
 * @param bool whether {@code longs} are booleans
 */
record KeyValues(long[] longs, double[] doubles, byte[] data, int[] offsets, boolean[] valid, boolean bool) {
  /** The key values of a scalar column (the source refuses list columns as keys, see {@code describeKey}). */
  static KeyValues of(Column c) {
    return c.acceptValues(WIDEN);
  }

  private static final ValueVisitor<KeyValues> WIDEN = new ValueVisitor<>() {
    @Override
    public KeyValues int64(long[] values, boolean[] valid) {
      return new KeyValues(values, null, null, null, valid, false);
    }

    @Override
    public KeyValues int32(int[] values, boolean[] valid) {
      return new KeyValues(BatchColumnSource.widen(values, false), null, null, null, valid, false);
    }

    @Override
    public KeyValues uint32(int[] values, boolean[] valid) {
      return new KeyValues(BatchColumnSource.widen(values, true), null, null, null, valid, false);
    }

    @Override
    public KeyValues float64(double[] values, boolean[] valid) {
      return new KeyValues(null, values, null, null, valid, false);
    }

    @Override
    public KeyValues float32(float[] values, boolean[] valid) {
      return new KeyValues(null, BatchColumnSource.widen(values), null, null, valid, false);
    }

    @Override
    public KeyValues bool(boolean[] values, boolean[] valid) {
      long[] bits = new long[values.length];
      for (int i = 0; i < values.length; i++) {
        bits[i] = values[i] ? 1 : 0;
      }
      return new KeyValues(bits, null, null, null, valid, true);
    }

    @Override
    public KeyValues utf8(byte[] data, int[] offsets, boolean[] valid) {
      return new KeyValues(null, null, data, offsets, valid, false);
    }
  };

  boolean isNull(int i) {
    return valid != null && !valid[i];
  }

  /** Whether row {@code i} holds NaN (only floating-point columns can). */
  boolean isNaN(int i) {
    return doubles != null && !isNull(i) && Double.isNaN(doubles[i]);
  }

  /**
   * Compares present rows as Parquet's sort orders do: signed integers, unsigned for UInt32, floating point
   * numerically (-0.0 equals 0.0), booleans false first, strings by their UTF-8 bytes, unsigned.
   */
  int compare(int i, KeyValues other, int j) {
    if (doubles != null) {
      double x = doubles[i];
      double y = other.doubles[j];
      return x == y ? 0 : Double.compare(x, y);
    }
    if (data != null) {
      return Arrays.compareUnsigned(data, offsets[i], offsets[i + 1], other.data, other.offsets[j],
          other.offsets[j + 1]);
    }
    return Long.compare(longs[i], other.longs[j]);
  }

  /** Row {@code i} as a message shows it. */
  String text(int i) {
    if (isNull(i)) {
      return "NULL";
    }
    if (data != null) {
      return quote(new String(data, offsets[i], offsets[i + 1] - offsets[i], StandardCharsets.UTF_8));
    }
    if (doubles != null) {
      return Double.toString(doubles[i]);
    }
    return bool ? Boolean.toString(longs[i] != 0) : Long.toString(longs[i]);
  }

  private static String quote(String s) {
    // a message line stays readable whatever the string
    return "'" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "'";
  }
}
