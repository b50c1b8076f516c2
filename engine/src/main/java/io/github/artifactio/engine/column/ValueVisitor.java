package io.github.artifactio.engine.column;

/**
 * One method per value type of a column's single leaf ({@link ColumnType.Leaf}): {@link Column#acceptValues} hands over
 * the leaf's values as one array, one value per row for the scalar kinds and one per list item for the list kinds.
 * For consumers that ignore nullability and shape (statistics, encodings, value scans); a new leaf type is a compile
 * error wherever it is not handled. Called once per column (or batch), never per value.
 *
 * <p>{@code valid} is the values' validity where some may be null (the {@code Opt*} kinds: {@code valid[i]} false means
 * value {@code i} is null and its slot holds no data); {@code null} where every value is present (the required kinds,
 * and list items, which the model never leaves null). UInt32 values are the {@code int} bit patterns.
 *
 * @param <R> what the visit returns ({@code Void} for none)
 */
public interface ValueVisitor<R> {
  R int64(long[] values, boolean[] valid);

  R int32(int[] values, boolean[] valid);

  R uint32(int[] values, boolean[] valid);

  R float64(double[] values, boolean[] valid);

  R float32(float[] values, boolean[] valid);

  R bool(boolean[] values, boolean[] valid);

  /** Value {@code i} is the UTF-8 bytes {@code data[offsets[i], offsets[i + 1])}. */
  R utf8(byte[] data, int[] offsets, boolean[] valid);
}
