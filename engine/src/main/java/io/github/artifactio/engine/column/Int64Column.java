package io.github.artifactio.engine.column;

/**
 * A required column whose every row is a 64-bit signed integer. Arrow type {@code {@link ColumnType#INT64}}, not
 * nullable.
 */
public record Int64Column(String name, long[] values) implements Column {
  public Int64Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
  }

  public static Int64Column of(String name, long... values) {
    return new Int64Column(name, values);
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.int64(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.int64(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.INT64;
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
  public Int64Column slice(int from, int to) {
    return new Int64Column(name, java.util.Arrays.copyOfRange(values, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.int64(values[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Int64Column o && name.equals(o.name) && java.util.Arrays.equals(values, o.values);
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
