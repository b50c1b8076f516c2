package io.github.artifactio.engine.column;

/**
 * A nullable column whose present rows are a 64-bit signed integer. Arrow type {@code {@link ColumnType#OPT_INT64}},
 * nullable.
 * {@code valid[i]} is false where row {@code i} is null; the value under a null is not data (equality ignores it).
 */
public record OptInt64Column(String name, long[] values, boolean[] valid) implements Column {
  public OptInt64Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
    Checks.validity(name, valid, values.length);
  }

  /** A column from boxed values, where {@code null} is a null row. */
  public static OptInt64Column of(String name, Long... values) {
    long[] v = new long[values.length];
    boolean[] ok = new boolean[values.length];
    for (int i = 0; i < values.length; i++) {
      ok[i] = values[i] != null;
      if (ok[i]) {
        v[i] = values[i];
      }
    }
    return new OptInt64Column(name, v, ok);
  }

  /** A column without nulls. */
  public static OptInt64Column allValid(String name, long[] values) {
    return new OptInt64Column(name, values, Checks.allValid(values.length));
  }

  /** The value of row {@code row}, or {@code null} where the row is null. */
  public Long get(int row) {
    return valid[row] ? values[row] : null;
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.optInt64(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.int64(values, valid);
  }

  @Override
  public ColumnType type() {
    return ColumnType.OPT_INT64;
  }

  @Override
  public int length() {
    return values.length;
  }

  @Override
  public boolean isNull(int row) {
    return !valid[row];
  }

  @Override
  public OptInt64Column slice(int from, int to) {
    return new OptInt64Column(
        name, java.util.Arrays.copyOfRange(values, from, to), java.util.Arrays.copyOfRange(valid, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      if (valid[i]) {
        sink.int64(values[i]);
      } else {
        sink.nullValue();
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OptInt64Column o
        && name.equals(o.name)
        && values.length == o.values.length
        && java.util.Arrays.equals(valid, o.valid)
        && sameWhereValid(o);
  }

  private boolean sameWhereValid(OptInt64Column o) {
    for (int i = 0; i < values.length; i++) {
      if (valid[i] && values[i] != o.values[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + java.util.Arrays.hashCode(valid);
  }

  @Override
  public String toString() {
    return Checks.describe(this);
  }
}
