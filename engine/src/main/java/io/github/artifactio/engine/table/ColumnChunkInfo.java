package io.github.artifactio.engine.table;

import java.util.List;
import java.util.Optional;

/**
 * One column chunk (one leaf of one row group) as the footer describes it, read without touching data pages.
 *
 * @param path the leaf's dotted path ({@code mz}, {@code trace.list.item})
 * @param codec the compression codec, as Parquet names it ({@code SNAPPY}, {@code ZSTD}, ...)
 * @param encodings the encodings used in the chunk, sorted
 * @param hasColumnIndex whether the file has a column index (page min/max) for the chunk
 * @param hasOffsetIndex whether the file has an offset index (page locations) for the chunk
 * @param statistics min, max and null count as text, empty where the writer recorded none
 */
public record ColumnChunkInfo(
    String path,
    String codec,
    List<String> encodings,
    boolean hasColumnIndex,
    boolean hasOffsetIndex,
    long valueCount,
    long compressedBytes,
    long uncompressedBytes,
    Optional<String> statistics) {
  public ColumnChunkInfo {
    encodings = List.copyOf(encodings);
  }
}
