package io.github.artifactio.checks.rules;

/**
 * A run of consecutive values of one column: what a {@link ColumnSource} hands a content rule. It never spans row
 * groups. Int64 columns fill {@link #longs}, Int32 and UInt32 columns {@link #ints} as the reader decoded them (a rule
 * reads them through {@link #longAt}, or loops over the array itself where speed matters: widening every batch to a
 * fresh {@code long[]} cost a validation a sixth of its time), floating-point columns {@link #doubles}.
 *
 * @param rowGroup the row group the values belong to
 * @param firstRow the file row of the first value
 * @param longs the values of an Int64 column, else null
 * @param ints the values of an Int32 or UInt32 column, else null
 * @param unsigned whether {@code ints} holds UInt32 values (their value is {@link Integer#toUnsignedLong})
 * @param doubles the values of a floating-point column (Float32 widened), else null
 * @param valid {@code valid[i]} is false where row {@code firstRow + i} is null; null when no value is null
 */
public record ValueChunk(int rowGroup, long firstRow, long[] longs, int[] ints, boolean unsigned, double[] doubles,
    boolean[] valid) {
  /** A chunk of an Int64 column ({@code longs}) or of a floating-point one ({@code doubles}). */
  public ValueChunk(int rowGroup, long firstRow, long[] longs, double[] doubles, boolean[] valid) {
    this(rowGroup, firstRow, longs, null, false, doubles, valid);
  }

  public int size() {
    return longs != null ? longs.length : ints != null ? ints.length : doubles.length;
  }

  public boolean isNull(int i) {
    return valid != null && !valid[i];
  }

  public boolean isInteger() {
    return longs != null || ints != null;
  }

  /** The value of an integer column at {@code i}, UInt32 values widened to their unsigned value. */
  public long longAt(int i) {
    if (longs != null) {
      return longs[i];
    }
    return unsigned ? Integer.toUnsignedLong(ints[i]) : ints[i];
  }

  /** The value as a double (integers widened), for rules that compare either kind. */
  public double doubleAt(int i) {
    return isInteger() ? longAt(i) : doubles[i];
  }
}
