/**
 * Values and levels into page bytes, column by column, with the statistics of each page and chunk taken in the same
 * pass.
 *
 * <p>Each leaf has a {@link io.github.artifactio.engine.internal.parquet.encode.LeafValues}: {@code Int32Values},
 * {@code Int64Values}, {@code Float32Values}, {@code Float64Values} (over {@code IntegerValues},
 * {@code FloatingValues} and {@code FixedValues}), {@code BoolValues} and {@code Utf8Values}, which write PLAIN
 * straight from the column's array into a reused page buffer, or ids into a {@code BitsDictionary} /
 * {@code BytesDictionary}.
 * {@code DictionaryChoice} decides a chunk's dictionary from its first values. Levels are kept one byte each in
 * {@code Levels} and hybrid-encoded ({@code HybridEncoder}, also the dictionary ids' bit-packing) when the page ends.
 * {@code Bytes} is the growable little-endian buffer all of them write into, reused page after page.
 */
package io.github.artifactio.engine.internal.parquet.encode;
