package io.github.artifactio.engine.layout;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One column chunk (one leaf of one row group) as the footer declares it; nothing here is checked against the file.
 *
 * @param rowGroup its row group's index
 * @param leaf its leaf's index (its position in the row group)
 * @param path its leaf's dotted path
 * @param physicalType the Parquet physical type its metadata records
 * @param codec its compression codec as Parquet names it ({@code SNAPPY}, {@code ZSTD}, {@code LZ4_RAW}, ...)
 * @param encodings the encodings its metadata lists, in the footer's order
 * @param dictionaryPageOffset the declared dictionary page offset, where the footer sets one
 * @param dataPageOffset the declared offset of its first data page
 * @param compressedBytes the bytes it takes in the file, page headers included
 * @param uncompressedBytes its size with every page decompressed
 * @param valueCount the values (levels) its data pages hold, nulls included
 * @param hasStatistics whether the footer records statistics for it
 * @param columnIndex where its column index (page minimums and maximums) lies, if it has one
 * @param offsetIndex where its offset index (page locations) lies, if it has one
 */
public record ColumnChunkLayout(
    int rowGroup,
    int leaf,
    String path,
    String physicalType,
    String codec,
    List<String> encodings,
    OptionalLong dictionaryPageOffset,
    long dataPageOffset,
    long compressedBytes,
    long uncompressedBytes,
    long valueCount,
    boolean hasStatistics,
    Optional<IndexLocation> columnIndex,
    Optional<IndexLocation> offsetIndex) {
  public ColumnChunkLayout {
    encodings = List.copyOf(encodings);
  }

  /**
   * The file offset of its first page: the dictionary page's where one is declared before the data pages (an offset
   * of 0, which some writers put for "none", is not one), else the first data page's.
   */
  public long startOffset() {
    long dict = dictionaryPageOffset.orElse(0);
    return dict > 0 ? Math.min(dict, dataPageOffset) : dataPageOffset;
  }

  /** The offset just past its last page. */
  public long endOffset() {
    return startOffset() + compressedBytes;
  }
}
