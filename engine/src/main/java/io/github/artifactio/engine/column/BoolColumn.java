package io.github.artifactio.engine.column;

/** A required column whose every row is a boolean. Arrow type {@code {@link ColumnType#BOOL}}, not nullable. */
public record BoolColumn(String name, boolean[] values) implements Column {
  public BoolColumn {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
  }

  public static BoolColumn of(String name, boolean... values) {
    return new BoolColumn(name, values);
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.bool(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.bool(values, null);
  }

  @Override
  public ColumnType type() {
    return ColumnType.BOOL;
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
  public BoolColumn slice(int from, int to) {
    return new BoolColumn(name, java.util.Arrays.copyOfRange(values, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      sink.bool(values[i]);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BoolColumn o && name.equals(o.name) && java.util.Arrays.equals(values, o.values);
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
