package io.github.artifactio.engine.column;

/**
 * One named column of a table, backed by primitive arrays: one record per {@link ColumnType}, so each kind's behaviour
 * (validation, null handling, how its rows reach the encoder) lives in its own file. Code outside the records tells
 * the kinds apart with a {@link ColumnVisitor} ({@link #accept}) or, for the values alone, a {@link ValueVisitor}
 * ({@link #acceptValues}), never with {@code instanceof}: a new kind is then a compile error wherever it is not
 * handled.
 *
 * <p>Records hold their arrays without copying (a table of several GB is not duplicated to be written); a caller that
 * keeps mutating an array after handing it over gets what it wrote. {@code equals} compares values, floats by bit
 * pattern (so NaN payloads and -0.0 count).
 */
public sealed interface Column
    permits Int64Column,
    Int32Column,
    UInt32Column,
    Float64Column,
    Float32Column,
    BoolColumn,
    Utf8Column,
    OptInt64Column,
    OptInt32Column,
    OptUInt32Column,
    OptFloat64Column,
    OptFloat32Column,
    OptBoolColumn,
    OptUtf8Column,
    ListFloat32Column,
    ListFloat64Column,
    LargeListFloat32Column {

  String name();

  ColumnType type();

  /** Calls the {@code visitor} method of this column's kind and returns its result. */
  <R> R accept(ColumnVisitor<R> visitor);

  /** Calls the {@code visitor} method of this column's value type with the leaf's values (see {@link ValueVisitor}). */
  <R> R acceptValues(ValueVisitor<R> visitor);

  /** The number of rows. */
  int length();

  /** Whether row {@code row} is null (always false for the required kinds). */
  boolean isNull(int row);

  /** The number of null rows. */
  default int nullCount() {
    int n = 0;
    for (int i = 0; i < length(); i++) {
      if (isNull(i)) {
        n++;
      }
    }
    return n;
  }

  /** A copy of rows {@code [from, to)}: new arrays, so the copy outlives a caller's reuse of its own. */
  Column slice(int from, int to);

  /** Hands rows {@code [from, to)} to {@code sink}, one call per row. */
  void emit(ValueSink sink, int from, int to);
}
