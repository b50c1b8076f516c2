package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.parquet.format.ThriftBytes;
import java.io.IOException;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * The data pages' value counts against their chunk's, added up from the page headers when a chunk is opened, before
 * any of its values is returned: a page header's count is outside every CRC, and a count one too high or too low
 * otherwise shifts every later value of the row group with no error. A chunk read in windows (over
 * {@link ChunkPages#WHOLE_CHUNK_MAX}) is checked as its pages are reached instead.
 */
final class ValueCounts {
  private ValueCounts() {}

  /**
   * Adds up the data pages' counts over the chunk's bytes, up to the declared count or the chunk's end, as the reader
   * will walk them. A header that does not parse ends the sum quietly: the reader reports it, with its place.
   */
  static void check(byte[] data, int offset, int length, long valueCount) {
    int at = offset;
    int end = offset + length;
    long seen = 0;
    while (at < end && seen < valueCount) {
      PageHeader h;
      try {
        ThriftBytes header = new ThriftBytes(data, at, end);
        h = header.pageHeader();
        at = header.position();
      } catch (IOException | RuntimeException e) {
        return;
      }
      if (h.compressed_page_size < 0 || h.compressed_page_size > end - at) {
        return;
      }
      at += h.compressed_page_size;
      if (h.type == PageType.DATA_PAGE && h.data_page_header != null) {
        seen += h.data_page_header.num_values;
      } else if (h.type == PageType.DATA_PAGE_V2 && h.data_page_header_v2 != null) {
        seen += h.data_page_header_v2.num_values;
      }
    }
    if (seen != valueCount) {
      throw mismatch(seen, valueCount, seen > valueCount ? "more" : "fewer");
    }
  }

  static PageFormatException mismatch(long seen, long valueCount, String moreOrFewer) {
    return new PageFormatException("its data pages hold " + seen + " values, " + moreOrFewer + " than the "
        + valueCount + " the column chunk declares");
  }
}
