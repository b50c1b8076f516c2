package io.github.artifactio.engine.column;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A required string column, Arrow {@code Utf8}: every row's UTF-8 bytes in one arena, row {@code i} at
 * {@code data[offsets[i], offsets[i+1])}. The arena form is what Parquet and Arrow store, so writing and reading never
 * build a {@code String} per row unless asked ({@link #get}, {@link #toStrings}).
 */
public record Utf8Column(String name, byte[] data, int[] offsets) implements Column {
  public Utf8Column {
    Checks.name(name);
    Objects.requireNonNull(data, "data of column '" + name + "'");
    Checks.offsets(name, offsets, data.length);
  }

  /** A column from strings; a {@code null} is refused (use {@link OptUtf8Column}). */
  public static Utf8Column of(String name, String... values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new IllegalArgumentException(
            "column '" + name + "' row " + i + " is null; a Utf8Column is required (use OptUtf8Column)");
      }
    }
    Checks.Utf8Arena a = Checks.pack(values);
    return new Utf8Column(name, a.data(), a.offsets());
  }

  /** Row {@code row} as a string. */
  public String get(int row) {
    return new String(data, offsets[row], offsets[row + 1] - offsets[row], StandardCharsets.UTF_8);
  }

  /** Every row as a string. */
  public String[] toStrings() {
    String[] out = new String[length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = get(i);
    }
    return out;
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.utf8(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.utf8(data, offsets, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.UTF8;
  }

  @Override
  public int length() {
    return offsets.length - 1;
  }

  @Override
  public boolean isNull(int row) {
    return false;
  }

  @Override
  public int nullCount() {
    return 0;
  }

  @Override
  public Utf8Column slice(int from, int to) {
    int base = offsets[from];
    int[] o = new int[to - from + 1];
    for (int i = 0; i < o.length; i++) {
      o[i] = offsets[from + i] - base;
    }
    return new Utf8Column(name, Arrays.copyOfRange(data, base, offsets[to]), o);
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.utf8(data, offsets[i], offsets[i + 1] - offsets[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Utf8Column o
        && name.equals(o.name)
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
