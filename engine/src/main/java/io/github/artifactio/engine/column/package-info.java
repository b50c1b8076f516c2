/**
 * The typed column model: a stage declares its table as a list of {@link io.github.artifactio.engine.column.Column}
 * records, one record type per {@link io.github.artifactio.engine.column.ColumnType}, each backed by primitive arrays
 * (no boxing). Required kinds ({@code Int64Column}, ...) hold no nulls; the {@code Opt*} kinds carry a validity array;
 * the list kinds carry offsets and a validity array. Readers return the same records, so a round trip compares with
 * {@code equals} (floats by bit pattern).
 *
 * <p>Kinds are told apart by dispatch the compiler checks: {@link io.github.artifactio.engine.column.ColumnVisitor}
 * (one method per kind, {@code Column.accept}) and {@link io.github.artifactio.engine.column.ValueVisitor} (one method
 * per value type of the single leaf, nullability and shape aside, {@code Column.acceptValues}), or a {@code switch}
 * expression over {@link io.github.artifactio.engine.column.ColumnType} without {@code default}. A new kind then fails
 * to compile wherever it is not handled. Visitors are called once per column or batch; the loops over values stay in
 * the visitor methods.
 */
package io.github.artifactio.engine.column;
