package io.github.artifactio.engine.column;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A nullable string column, Arrow {@code Utf8}, nullable: the arena layout of {@link Utf8Column} plus
 * {@code valid[i]}, false where row {@code i} is null. A null row's slot is empty.
 */
public record OptUtf8Column(String name, byte[] data, int[] offsets, boolean[] valid) implements Column {
  public OptUtf8Column {
    Checks.name(name);
    Objects.requireNonNull(data, "data of column '" + name + "'");
    Checks.offsets(name, offsets, data.length);
    Checks.validity(name, valid, offsets.length - 1);
    Checks.nullRowsEmpty(name, valid, offsets);
  }

  /** A column from strings, where {@code null} is a null row. */
  public static OptUtf8Column of(String name, String... values) {
    boolean[] ok = new boolean[values.length];
    for (int i = 0; i < values.length; i++) {
      ok[i] = values[i] != null;
    }
    Checks.Utf8Arena a = Checks.pack(values);
    return new OptUtf8Column(name, a.data(), a.offsets(), ok);
  }

  /** Row {@code row} as a string, or {@code null} where the row is null. */
  public String get(int row) {
    return valid[row]
        ? new String(data, offsets[row], offsets[row + 1] - offsets[row], StandardCharsets.UTF_8)
        : null;
  }

  /** Every row as a string, {@code null} for a null row. */
  public String[] toStrings() {
    String[] out = new String[length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = get(i);
    }
    return out;
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.optUtf8(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.utf8(data, offsets, valid);
  }

  @Override
  public ColumnType type() {
    return ColumnType.OPT_UTF8;
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
  public OptUtf8Column slice(int from, int to) {
    int base = offsets[from];
    int[] o = new int[to - from + 1];
    for (int i = 0; i < o.length; i++) {
      o[i] = offsets[from + i] - base;
    }
    return new OptUtf8Column(name, Arrays.copyOfRange(data, base, offsets[to]), o, Arrays.copyOfRange(valid, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      if (valid[i]) {
        sink.utf8(data, offsets[i], offsets[i + 1] - offsets[i]);
      } else {
        sink.nullValue();
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OptUtf8Column o
        && name.equals(o.name)
        && Arrays.equals(valid, o.valid)
        && Arrays.equals(offsets, o.offsets)
        && Arrays.equals(data, o.data);
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
