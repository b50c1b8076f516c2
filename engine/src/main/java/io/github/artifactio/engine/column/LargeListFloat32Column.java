package io.github.artifactio.engine.column;

import java.util.Arrays;
import java.util.Objects;

/**
 * A list column, Arrow {@code LargeList(Float32)} with nullable items: row {@code i} is {@code values[offsets[i],
 * offsets[i+1])}, or null where {@code valid[i]} is false (a null row is empty). The engine never writes a null item.
 * The offsets are 64-bit, as Arrow's LargeList's are; a Java array bounds the values to 2^31 per column, so the type
 * matters for what readers see, not for capacity here.
 */
public record LargeListFloat32Column(String name, long[] offsets, float[] values, boolean[] valid) implements Column {
  public LargeListFloat32Column {
    Checks.name(name);
    Objects.requireNonNull(values, "values of column '" + name + "'");
    Checks.offsets(name, offsets, values.length);
    Checks.validity(name, valid, offsets.length - 1);
    Checks.nullRowsEmpty(name, valid, offsets);
  }

  /** A column from rows, where a {@code null} row is a null list. */
  public static LargeListFloat32Column of(String name, float[]... rows) {
    long[] offsets = new long[rows.length + 1];
    boolean[] ok = new boolean[rows.length];
    long total = 0;
    for (int i = 0; i < rows.length; i++) {
      ok[i] = rows[i] != null;
      total += ok[i] ? rows[i].length : 0;
      if (total > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("column '" + name + "' holds more list items than a Java array can");
      }
      offsets[i + 1] = (long) total;
    }
    float[] values = new float[(int) total];
    for (int i = 0; i < rows.length; i++) {
      if (ok[i]) {
        System.arraycopy(rows[i], 0, values, (int) offsets[i], rows[i].length);
      }
    }
    return new LargeListFloat32Column(name, offsets, values, ok);
  }

  /** Row {@code row} as a new array, or {@code null} where the row is null. */
  public float[] get(int row) {
    return valid[row] ? Arrays.copyOfRange(values, (int) offsets[row], (int) offsets[row + 1]) : null;
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.largeListFloat32(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.float32(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.LARGE_LIST_FLOAT32;
  }

  @Override
  public int length() {
    return offsets.length - 1;
  }

  @Override
  public boolean isNull(int row) {
    return !valid[row];
  }

  @Override
  public LargeListFloat32Column slice(int from, int to) {
    long base = offsets[from];
    long[] o = new long[to - from + 1];
    for (int i = 0; i < o.length; i++) {
      o[i] = offsets[from + i] - base;
    }
    return new LargeListFloat32Column(
        name, o, Arrays.copyOfRange(values, (int) base, (int) offsets[to]), Arrays.copyOfRange(valid, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      if (valid[i]) {
        sink.float32List(values, (int) offsets[i], (int) offsets[i + 1]);
      } else {
        sink.nullList();
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LargeListFloat32Column o
        && name.equals(o.name)
        && Arrays.equals(valid, o.valid)
        && Arrays.equals(offsets, o.offsets)
        && Checks.sameBits(values, o.values);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Arrays.hashCode(offsets);
  }

  @Override
  public String toString() {
    return Checks.describe(this);
  }
}
