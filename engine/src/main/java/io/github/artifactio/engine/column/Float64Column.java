package io.github.artifactio.engine.column;

/**
 * A required column whose every row is a 64-bit float; NaN payloads and -0.0 are kept bit for bit. Arrow type
 * {@code {@link ColumnType#FLOAT64}}, not nullable.
 */
public record Float64Column(String name, double[] values) implements Column {
  public Float64Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
  }

  public static Float64Column of(String name, double... values) {
    return new Float64Column(name, values);
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.float64(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.float64(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.FLOAT64;
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
  public Float64Column slice(int from, int to) {
    return new Float64Column(name, java.util.Arrays.copyOfRange(values, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.float64(values[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Float64Column o && name.equals(o.name) && Checks.sameBits(values, o.values);
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
