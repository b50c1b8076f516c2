package io.github.artifactio.engine.column;

/**
 * A required column whose every row is a 32-bit signed integer. Arrow type {@code {@link ColumnType#INT32}}, not
 * nullable.
 */
public record Int32Column(String name, int[] values) implements Column {
  public Int32Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
  }

  public static Int32Column of(String name, int... values) {
    return new Int32Column(name, values);
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.int32(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.int32(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.INT32;
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
  public Int32Column slice(int from, int to) {
    return new Int32Column(name, java.util.Arrays.copyOfRange(values, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.int32(values[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Int32Column o && name.equals(o.name) && java.util.Arrays.equals(values, o.values);
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
