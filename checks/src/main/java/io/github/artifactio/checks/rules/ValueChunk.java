package io.github.artifactio.checks.rules;

/**
 * A run of consecutive values of one column: what a {@link ColumnSource} hands a content rule. It never spans row
 * groups. Integer columns fill {@link #longs}, floating-point columns {@link #doubles}; UInt32 values are widened to
 * their unsigned value.
 *
 * @param rowGroup the row group the values belong to
 * @param firstRow the file row of the first value
 * @param longs the values of an integer column, else null
 * @param doubles the values of a floating-point column, else null
 * @param valid {@code valid[i]} is false where row {@code firstRow + i} is null; null when no value is null
 */
public record ValueChunk(int rowGroup, long firstRow, long[] longs, double[] doubles, boolean[] valid) {
  public int size() {
    return longs != null ? longs.length : doubles.length;
  }

  public boolean isNull(int i) {
    return valid != null && !valid[i];
  }

  public boolean isInteger() {
    return longs != null;
  }

  /** The value as a double (integers widened), for rules that compare either kind. */
  public double doubleAt(int i) {
    return longs != null ? longs[i] : doubles[i];
  }
}
