package io.github.artifactio.engine.column;

/**
 * A nullable column whose present rows are a 64-bit float; NaN payloads and -0.0 are kept bit for bit. Arrow type
 * {@code {@link ColumnType#OPT_FLOAT64}}, nullable.
 * {@code valid[i]} is false where row {@code i} is null; the value under a null is not data (equality ignores it).
 */
public record OptFloat64Column(String name, double[] values, boolean[] valid) implements Column {
  public OptFloat64Column {
    Checks.name(name);
    java.util.Objects.requireNonNull(values, "values of column '" + name + "'");
    Checks.validity(name, valid, values.length);
  }

  /** A column from boxed values, where {@code null} is a null row. */
  public static OptFloat64Column of(String name, Double... values) {
    double[] v = new double[values.length];
    boolean[] ok = new boolean[values.length];
    for (int i = 0; i < values.length; i++) {
      ok[i] = values[i] != null;
      if (ok[i]) {
        v[i] = values[i];
      }
    }
    return new OptFloat64Column(name, v, ok);
  }

  /** A column without nulls. */
  public static OptFloat64Column allValid(String name, double[] values) {
    return new OptFloat64Column(name, values, Checks.allValid(values.length));
  }

  /** The value of row {@code row}, or {@code null} where the row is null. */
  public Double get(int row) {
    return valid[row] ? values[row] : null;
  }

  @Override
  public <R> R accept(ColumnVisitor<R> visitor) {
    return visitor.optFloat64(this);
  }

  @Override
  public <R> R acceptValues(ValueVisitor<R> visitor) {
    return visitor.float64(values, valid);
  }

  @Override
  public ColumnType type() {
    return ColumnType.OPT_FLOAT64;
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
  public OptFloat64Column slice(int from, int to) {
    return new OptFloat64Column(
        name, java.util.Arrays.copyOfRange(values, from, to), java.util.Arrays.copyOfRange(valid, from, to));
  }

  @Override
  public void emit(ValueSink sink, int from, int to) {
    for (int i = from; i < to; i++) {
      if (valid[i]) {
        sink.float64(values[i]);
      } else {
        sink.nullValue();
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OptFloat64Column o
        && name.equals(o.name)
        && values.length == o.values.length
        && java.util.Arrays.equals(valid, o.valid)
        && Checks.sameBitsWhereValid(values, o.values, valid);
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
