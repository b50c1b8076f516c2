package io.github.artifactio.engine.layout;

/**
 * One leaf (primitive column) of the file's schema.
 *
 * @param index its position among the leaves, which is its column chunk's position in every row group
 * @param path the dotted path from the root ({@code mz}, {@code trace.list.item})
 * @param physicalType the Parquet physical type ({@code INT32}, {@code DOUBLE}, {@code BYTE_ARRAY}, ...)
 * @param maxDefinitionLevel how many optional or repeated fields lie on its path (0: never null)
 * @param maxRepetitionLevel how many repeated fields lie on its path (0: one value per row)
 */
public record LeafLayout(int index, String path, String physicalType, int maxDefinitionLevel, int maxRepetitionLevel) {}
