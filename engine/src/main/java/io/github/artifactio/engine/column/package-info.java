/**
 * The typed column model: a stage declares its table as a list of {@link io.github.artifactio.engine.column.Column}
 * records, one record type per {@link io.github.artifactio.engine.column.ColumnType}, each backed by primitive arrays
 * (no boxing). Required kinds ({@code Int64Column}, ...) hold no nulls; the {@code Opt*} kinds carry a validity array;
 * the list kinds carry offsets and a validity array. Readers return the same records, so a round trip compares with
 * {@code equals} (floats by bit pattern).
 */
package io.github.artifactio.engine.column;
