package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.parquet.format.PageHeaders;
import io.github.artifactio.engine.internal.parquet.format.ThriftBytes;
import java.io.IOException;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * The data pages' value counts against their chunk's, added up from the page headers when a chunk is opened, before
 * any of its values is returned: a page header's count is outside every CRC, and a count one too high or too low
 * otherwise shifts every later value of the row group with no error. A chunk read whole is walked in its array; a
 * chunk read through a window is walked by reading its page headers alone, before the window is filled.
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
      seen += values(h);
    }
    requireSum(seen, valueCount);
  }

  /** The first read of a header walk; see {@link #check(ChunkSource, int, int, long, long, long)}. */
  static final int PROBE = 4 << 10;

  /** The largest read of a header walk: where pages are small, the walk reads the chunk in pieces of this size. */
  static final int MAX_PROBE = 512 << 10;

  /**
   * {@link #check(byte[], int, int, long)} over the chunk {@code [start, start + size)} of {@code source} without
   * reading it whole: each read takes the bytes at a page header ({@link #PROBE} of them at first), and a read that
   * held the next header too doubles the next one (up to {@link #MAX_PROBE}), so large pages cost a small read each
   * and small ones a read per many. The reads go through {@link ChunkSource#probe}: the bytes are read again when the
   * pages are. The same sums, ends and error as the array walk. Returns the most bytes a page takes, header and body,
   * of those walked (0 where none was), so the reader's window can hold the largest page from the start.
   */
  static long check(ChunkSource source, int rowGroup, int leaf, long start, long size, long valueCount)
      throws IOException {
    long end = start + size;
    long at = start;
    long seen = 0;
    int probe = PROBE;
    byte[] buf = new byte[0];
    long bufAt = start;
    int bufLen = 0;
    long largest = 0;
    while (at < end && seen < valueCount) {
      PageHeader h;
      int headerEnd;
      while (true) {
        if (at < bufAt || at >= bufAt + bufLen) {
          int n = (int) Math.min(probe, end - at);
          if (buf.length < n) {
            buf = new byte[n];
          }
          source.probe(rowGroup, leaf, at, buf, 0, n);
          bufAt = at;
          bufLen = n;
        }
        try {
          ThriftBytes header = new ThriftBytes(buf, (int) (at - bufAt), bufLen);
          h = header.pageHeader();
          headerEnd = header.position();
          break;
        } catch (IOException | RuntimeException e) {
          // a header cut by the read's end is read again from its start, in twice as many bytes; any other ends the
          // sum quietly, as in the array walk (the reader reports it, with its place)
          long held = bufAt + bufLen - at;
          if (bufAt + bufLen >= end || held >= PageHeaders.MAX_BYTES) {
            return largest;
          }
          probe = (int) Math.min(PageHeaders.MAX_BYTES, Math.max(probe, 2 * held));
          bufLen = 0;
        }
      }
      long bodyAt = bufAt + headerEnd;
      if (h.compressed_page_size < 0 || h.compressed_page_size > end - bodyAt) {
        return largest;
      }
      largest = Math.max(largest, bodyAt + h.compressed_page_size - at);
      at = bodyAt + h.compressed_page_size;
      if (at < bufAt + bufLen && probe < MAX_PROBE) {
        probe *= 2; // the next header is in this read already: pages are small, so read more at a time
      }
      seen += values(h);
    }
    requireSum(seen, valueCount);
    return largest;
  }

  /** The values a data page's header counts (v1 or v2); 0 for any other page. */
  static long values(PageHeader h) {
    if (h.type == PageType.DATA_PAGE && h.data_page_header != null) {
      return h.data_page_header.num_values;
    }
    if (h.type == PageType.DATA_PAGE_V2 && h.data_page_header_v2 != null) {
      return h.data_page_header_v2.num_values;
    }
    return 0;
  }

  private static void requireSum(long seen, long valueCount) {
    if (seen != valueCount) {
      throw mismatch(seen, valueCount, seen > valueCount ? "more" : "fewer");
    }
  }

  static PageFormatException mismatch(long seen, long valueCount, String moreOrFewer) {
    return new PageFormatException("its data pages hold " + seen + " values, " + moreOrFewer + " than the "
        + valueCount + " the column chunk declares");
  }
}
