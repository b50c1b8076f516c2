package io.github.artifactio.engine.column;

/**
 * One method per column kind: {@link Column#accept} calls the one of the column's record. Code that treats kinds
 * differently implements this rather than testing {@code instanceof}, so that a new kind is a compile error wherever
 * it is not handled yet. Called once per column (or batch), never per value: the methods hand over whole arrays.
 *
 * <p>Consumers that care only about the values, not about nullability or shape, implement the seven-method
 * {@link ValueVisitor} instead.
 *
 * @param <R> what the visit returns ({@code Void} for none)
 */
public interface ColumnVisitor<R> {
  R int64(Int64Column c);

  R int32(Int32Column c);

  R uint32(UInt32Column c);

  R float64(Float64Column c);

  R float32(Float32Column c);

  R bool(BoolColumn c);

  R utf8(Utf8Column c);

  R optInt64(OptInt64Column c);

  R optInt32(OptInt32Column c);

  R optUInt32(OptUInt32Column c);

  R optFloat64(OptFloat64Column c);

  R optFloat32(OptFloat32Column c);

  R optBool(OptBoolColumn c);

  R optUtf8(OptUtf8Column c);

  R listFloat32(ListFloat32Column c);

  R listFloat64(ListFloat64Column c);

  R largeListFloat32(LargeListFloat32Column c);
}
