package io.github.artifactio.engine.layout;

import java.util.Optional;

/**
 * One page of a column chunk, as the page walk found it.
 *
 * @param kind what its header says it is
 * @param dataPage its 0-based number among the chunk's data pages, -1 for a dictionary or index page
 * @param headerOffset the file offset of its header
 * @param bodyOffset the file offset of its body (just past the header)
 * @param compressedBytes its body's stored size
 * @param uncompressedBytes its body's declared size after decompression
 * @param values the values (levels, nulls included) its header declares; for a dictionary page its entries; -1 for an
 *     index page or a header without them
 * @param firstRow for a data page, its first row in the row group where the headers tell (-1 where they do not: the
 *     rows of a repeated column's v1 pages are not in their headers)
 * @param rows for a data page, its row count where its header tells (v2 pages; v1 pages of a column that is not
 *     repeated, one value per row), else -1
 * @param crc the CRC32 its header records and what its bytes give, empty where the header records none
 * @param decompression whether its body decompressed to its declared size
 */
public record PageLayout(
    PageKind kind,
    int dataPage,
    long headerOffset,
    long bodyOffset,
    int compressedBytes,
    int uncompressedBytes,
    int values,
    long firstRow,
    long rows,
    Optional<PageCrc> crc,
    Decompression decompression) {
  /** The file offset just past its body. */
  public long endOffset() {
    return bodyOffset + compressedBytes;
  }
}
