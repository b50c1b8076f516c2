package io.github.artifactio.engine.layout;

import java.util.List;

/**
 * One row group as the footer declares it.
 *
 * @param index its position in the file
 * @param firstRow the file row of its first row (the sum of the declared row counts before it)
 * @param rows its declared row count
 * @param totalByteSize its declared uncompressed size ({@code total_byte_size})
 * @param compressedBytes the bytes its column chunks take in the file (the sum of their compressed sizes)
 * @param sortingColumns the sort order it declares ({@code sorting_columns}), empty where it declares none
 * @param chunks its column chunks, one per leaf, in leaf order
 */
public record RowGroupLayout(
    int index,
    long firstRow,
    long rows,
    long totalByteSize,
    long compressedBytes,
    List<SortingColumn> sortingColumns,
    List<ColumnChunkLayout> chunks) {
  public RowGroupLayout {
    sortingColumns = List.copyOf(sortingColumns);
    chunks = List.copyOf(chunks);
  }
}
