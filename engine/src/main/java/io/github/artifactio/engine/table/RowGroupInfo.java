package io.github.artifactio.engine.table;

import java.util.List;

/**
 * One row group as the footer describes it.
 *
 * @param index 0-based position in the file
 * @param firstRow the file row of its first row
 * @param rows its row count
 * @param totalByteSize the uncompressed size of its column chunks
 * @param compressedByteSize the bytes its column chunks take in the file
 * @param chunks its column chunks, in schema (leaf) order
 */
public record RowGroupInfo(
    int index, long firstRow, long rows, long totalByteSize, long compressedByteSize, List<ColumnChunkInfo> chunks) {
  public RowGroupInfo {
    chunks = List.copyOf(chunks);
  }
}
