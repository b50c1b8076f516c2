package io.github.artifactio.engine.column;

/**
 * A required column whose every row is a 32-bit float; NaN payloads and -0.0 are kept bit for bit. Arrow type
 * {@code {@link ColumnType#FLOAT32}}, not nullable.
 */
public record Float32Column(String name, float[] values) implements Column {
  public Float32Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
  }

  public static Float32Column of(String name, float... values) {
    return new Float32Column(name, values);
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.float32(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.float32(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.FLOAT32;
  }

  @Override
  public int length() {
    return values.length;
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
  public Float32Column slice(int from, int to) {
    return new Float32Column(name, java.util.Arrays.copyOfRange(values, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.float32(values[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Float32Column o && name.equals(o.name) && Checks.sameBits(values, o.values);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + java.util.Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Checks.describe(this);
  }
}
