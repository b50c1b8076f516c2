package io.github.artifactio.checks.rules;

/**
 * A run of consecutive values of one column: what a {@link ColumnSource} hands a content rule. It never spans row
 * groups. Int64 columns fill {@link #longs}, Int32 and UInt32 columns {@link #ints} as the reader decoded them (a rule
 * reads them through {@link #longAt}, or loops over the array itself where speed matters: widening every batch to a
 * fresh {@code long[]} cost a validation a sixth of its time), floating-point columns {@link #doubles}.
 *
 * <p>Not a record, only for {@link #isRowNumbers}: what one rule learnt of a chunk's values the next rule handed the
 * same chunk (a source replays a column's chunks to each rule that scans it) need not learn again. A chunk is handed
 * to its rules on one thread, one after the other.
 */
public final class ValueChunk {
  private final int rowGroup;
  private final long firstRow;
  private final long[] longs;
  private final int[] ints;
  private final boolean unsigned;
  private final double[] doubles;
  private final boolean[] valid;

  /** {@link #isRowNumbers}'s answer once asked, else null. */
  private Boolean rowNumbers;

  /**
   * @param rowGroup the row group the values belong to
   * @param firstRow the file row of the first value
   * @param longs the values of an Int64 column, else null
   * @param ints the values of an Int32 or UInt32 column, else null
   * @param unsigned whether {@code ints} holds UInt32 values (their value is {@link Integer#toUnsignedLong})
   * @param doubles the values of a floating-point column (Float32 widened), else null
   * @param valid {@code valid[i]} is false where row {@code firstRow + i} is null; null when no value is null
   */
  public ValueChunk(int rowGroup, long firstRow, long[] longs, int[] ints, boolean unsigned, double[] doubles,
      boolean[] valid) {
    this.rowGroup = rowGroup;
    this.firstRow = firstRow;
    this.longs = longs;
    this.ints = ints;
    this.unsigned = unsigned;
    this.doubles = doubles;
    this.valid = valid;
  }

  /** A chunk of an Int64 column ({@code longs}) or of a floating-point one ({@code doubles}). */
  public ValueChunk(int rowGroup, long firstRow, long[] longs, double[] doubles, boolean[] valid) {
    this(rowGroup, firstRow, longs, null, false, doubles, valid);
  }

  public int rowGroup() {
    return rowGroup;
  }

  public long firstRow() {
    return firstRow;
  }

  public long[] longs() {
    return longs;
  }

  public int[] ints() {
    return ints;
  }

  public boolean unsigned() {
    return unsigned;
  }

  public double[] doubles() {
    return doubles;
  }

  public boolean[] valid() {
    return valid;
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

  /**
   * Whether each value is its row's number, {@code firstRow + i}, with no null among them: what {@code
   * contiguous-ids} checks, decided by one loop over the array the first time it is asked and remembered, so that
   * {@code ascending} on the same column ({@link #knownRowNumbers}) need not loop again. A floating-point chunk never
   * is.
   */
  public boolean isRowNumbers() {
    if (rowNumbers == null) {
      rowNumbers = valid == null && isInteger() && rowNumbersLoop();
    }
    return rowNumbers;
  }

  /** Whether {@link #isRowNumbers} was asked and said yes: a rule that does not need the answer can still use it. */
  public boolean knownRowNumbers() {
    return Boolean.TRUE.equals(rowNumbers);
  }

  private boolean rowNumbersLoop() {
    int n = size();
    if (longs != null) {
      for (int i = 0; i < n; i++) {
        if (longs[i] != firstRow + i) {
          return false;
        }
      }
      return true;
    }
    if (firstRow < 0 || firstRow + n - 1 > Integer.MAX_VALUE) {
      // a row past 2^31 - 1 is no Int32 value; as UInt32 it is, compared widened
      if (!unsigned) {
        return n == 0;
      }
      for (int i = 0; i < n; i++) {
        if (Integer.toUnsignedLong(ints[i]) != firstRow + i) {
          return false;
        }
      }
      return true;
    }
    // rows under 2^31 are the same 32 bits signed or unsigned
    int row = (int) firstRow;
    for (int i = 0; i < n; i++) {
      if (ints[i] != row + i) {
        return false;
      }
    }
    return true;
  }
}
