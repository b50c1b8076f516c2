package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.parquet.format.PageHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

/**
 * Checks one column chunk's pages while its bytes pass through a splice, in whatever pieces they arrive: every page
 * header parses, every page lies inside the chunk and the last one ends exactly at its end, the data pages hold the
 * footer's value count, a CRC32 a header records matches the page's stored bytes (the check the reader makes,
 * {@code ScanOptions.verifyPageChecksums}), and, where the chunk has an offset index, its page locations are the data
 * pages the walk finds.
 *
 * <p>Unlike {@code ChunkPages}, which hands out whole pages (growing its window to hold a large one), this walk never
 * holds a page: a body's bytes go through the CRC as they pass, and only a header cut by the end of a piece is kept,
 * so the splice's memory stays its buffers whatever the page sizes. Errors are {@link ArtifactException}s naming the
 * file, column, row group and page.
 */
final class SplicePageCheck {
  /** A page header that has not parsed from this many bytes is corrupt, not merely cut. */

  private final Path file;
  private final String column;
  private final int rowGroup;
  private final long chunkLength;
  private final long footerValues;
  private final CRC32 crc = new CRC32();
  /** Bytes of the chunk seen so far. */
  private long seen;
  /** A header cut by the end of a piece. */
  private byte[] head = new byte[0];
  private int headLen;
  private long headAt;
  /** The current page's body still to come; -1 while a header is expected. */
  private long bodyLeft = -1;
  private PageHeader page;
  private int pageNumber = -1;
  private int dataPages;
  private long values;
  /** Data page starts (chunk-relative) and their sizes with header, for the offset index cross-check. */
  private long[] pageStarts = new long[16];
  private long[] pageSizes = new long[16];
  private long pageStart;

  SplicePageCheck(Path file, String column, int rowGroup, long chunkLength, long footerValues) {
    this.file = file;
    this.column = column;
    this.rowGroup = rowGroup;
    this.chunkLength = chunkLength;
    this.footerValues = footerValues;
  }

  /** The chunk's next {@code len} bytes. */
  void feed(byte[] b, int off, int len) {
    while (len > 0) {
      if (bodyLeft > 0) {
        int n = (int) Math.min(len, bodyLeft);
        if (page.isSetCrc()) {
          crc.update(b, off, n);
        }
        off += n;
        len -= n;
        seen += n;
        bodyLeft -= n;
        if (bodyLeft == 0) {
          endPage();
        }
        continue;
      }
      int used = header(b, off, len);
      off += used;
      len -= used;
      seen += used;
    }
  }

  /** Parses a header from the held bytes plus {@code b}; returns how many bytes of {@code b} it used. */
  private int header(byte[] b, int off, int len) {
    if (headLen == 0) {
      headAt = seen;
      Attempt a = attempt(b, off, len);
      if (a.header != null) {
        startPage(a.header, a.used);
        return a.used;
      }
      hold(b, off, len);
      return len;
    }
    // a header cut by the previous piece: add this piece's bytes a step at a time until it parses
    int taken = 0;
    while (taken < len) {
      int step = Math.min(len - taken, Math.max(4096, headLen));
      hold(b, off + taken, step);
      taken += step;
      Attempt a = attempt(head, 0, headLen);
      if (a.header != null) {
        int fromThis = a.used - (headLen - taken);
        headLen = 0;
        startPage(a.header, a.used);
        return fromThis;
      }
    }
    return len;
  }

  private record Attempt(PageHeader header, int used) {}

  private Attempt attempt(byte[] b, int off, int len) {
    Bounded in = new Bounded(b, off, len);
    try {
      PageHeader h = Util.readPageHeader(in);
      return new Attempt(h, in.pos - off);
    } catch (IOException | RuntimeException e) {
      if (!in.exhausted && !(e.getCause() instanceof java.io.EOFException)) {
        throw corrupt("the page header at chunk byte " + headAt + " does not parse: " + e.getMessage(), e);
      }
      return new Attempt(null, 0);
    }
  }

  private void hold(byte[] b, int off, int len) {
    if (headLen + len > PageHeaders.MAX_BYTES) {
      throw corrupt("the page header at chunk byte " + headAt + " does not parse from " + PageHeaders.MAX_BYTES
          + " bytes", null);
    }
    if (headLen + len > head.length) {
      head = Arrays.copyOf(head, Math.max(headLen + len, 2 * head.length));
    }
    System.arraycopy(b, off, head, headLen, len);
    headLen += len;
  }

  private void startPage(PageHeader h, int headerBytes) {
    pageStart = headAt;
    page = h;
    long body = h.getCompressed_page_size();
    long left = chunkLength - (headAt + headerBytes);
    if (body < 0 || h.getUncompressed_page_size() < 0) {
      throw corrupt("the page header at chunk byte " + headAt + " gives sizes " + body + " / "
          + h.getUncompressed_page_size(), null);
    }
    if (body > left) {
      throw corrupt("a page of " + body + " bytes at chunk byte " + headAt + " runs past its column chunk (" + left
          + " bytes left)", null);
    }
    if (h.getType() == PageType.DATA_PAGE || h.getType() == PageType.DATA_PAGE_V2) {
      pageNumber = dataPages++;
      values += h.getType() == PageType.DATA_PAGE
          ? (h.isSetData_page_header() ? h.getData_page_header().getNum_values() : 0)
          : (h.isSetData_page_header_v2() ? h.getData_page_header_v2().getNum_values() : 0);
      if (pageNumber == pageStarts.length) {
        pageStarts = Arrays.copyOf(pageStarts, 2 * pageNumber);
        pageSizes = Arrays.copyOf(pageSizes, 2 * pageNumber);
      }
      pageStarts[pageNumber] = headAt;
      pageSizes[pageNumber] = headerBytes + body;
    } else {
      pageNumber = -1;
    }
    crc.reset();
    bodyLeft = body;
    if (body == 0) {
      endPage();
    }
  }

  private void endPage() {
    if (page.isSetCrc()) {
      int actual = (int) crc.getValue();
      if (actual != page.getCrc()) {
        throw new ArtifactException(file, column, rowGroup, null,
            pageName() + ": the page's CRC32 is " + String.format("%08x", actual) + " but its header records "
                + String.format("%08x", page.getCrc()) + "; the file is corrupt");
      }
    }
    bodyLeft = -1;
  }

  private String pageName() {
    if (page.getType() == PageType.DICTIONARY_PAGE) {
      return "the dictionary page";
    }
    return pageNumber >= 0 ? "data page " + pageNumber : "the " + page.getType() + " page at chunk byte " + pageStart;
  }

  /** The chunk is complete: its pages end at its end and hold the footer's values. */
  void finish() {
    if (seen != chunkLength) {
      throw corrupt("the splice passed " + seen + " of the chunk's " + chunkLength + " bytes", null);
    }
    if (headLen > 0 || bodyLeft > 0) {
      throw corrupt("the chunk ends inside a page" + (headLen > 0 ? " header" : ""), null);
    }
    if (values != footerValues) {
      throw corrupt("its data pages hold " + values + " values but the footer counts " + footerValues, null);
    }
  }

  /**
   * Checks an offset index against the walked data pages ({@code offsets} chunk-relative); call after
   * {@link #finish()}.
   */
  void checkOffsetIndex(long[] offsets, int[] sizes) {
    if (offsets.length != dataPages) {
      throw corrupt("its offset index lists " + offsets.length + " pages but the chunk has " + dataPages
          + " data pages", null);
    }
    for (int i = 0; i < dataPages; i++) {
      if (offsets[i] != pageStarts[i] || sizes[i] != pageSizes[i]) {
        throw corrupt("its offset index puts data page " + i + " at chunk byte " + offsets[i] + " (" + sizes[i]
            + " bytes) but it lies at " + pageStarts[i] + " (" + pageSizes[i] + " bytes)", null);
      }
    }
  }

  private ArtifactException corrupt(String why, Throwable cause) {
    return new ArtifactException(file, column, rowGroup, null, why + "; the file is corrupt", cause);
  }

  /** A byte array stream that says whether a read ran into its end (a cut header, not a corrupt one). */
  private static final class Bounded extends InputStream {
    final byte[] b;
    int pos;
    final int end;
    boolean exhausted;

    Bounded(byte[] b, int off, int len) {
      this.b = b;
      this.pos = off;
      this.end = off + len;
    }

    @Override
    public int read() {
      if (pos >= end) {
        exhausted = true;
        return -1;
      }
      return b[pos++] & 0xff;
    }

    @Override
    public int read(byte[] dst, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (pos >= end) {
        exhausted = true;
        return -1;
      }
      int n = Math.min(len, end - pos);
      if (n < len) {
        exhausted = true;
      }
      System.arraycopy(b, pos, dst, off, n);
      pos += n;
      return n;
    }
  }
}
