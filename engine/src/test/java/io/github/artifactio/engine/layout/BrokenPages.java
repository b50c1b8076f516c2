package io.github.artifactio.engine.layout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/** Pages broken on purpose, with the Thrift structures (not the engine) doing the rewriting. */
final class BrokenPages {
  private BrokenPages() {}

  /**
   * Breaks an uncompressed v1 data page of an optional, not repeated column while keeping its framing: the length
   * prefix of its definition levels is set past the page's end and the page's CRC is recomputed. The CRC is a varint
   * in the header, so the prefix is chosen among values near the maximum until the rewritten header keeps its length.
   */
  static void breakLevels(Path file, PageLayout page) throws IOException {
    byte[] b = Files.readAllBytes(file);
    int headerAt = (int) page.headerOffset();
    int bodyAt = (int) page.bodyOffset();
    PageHeader h = Util.readPageHeader(new ByteArrayInputStream(b, headerAt, bodyAt - headerAt));
    for (int k = 0; k < 1000; k++) {
      ByteBuffer.wrap(b, bodyAt, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(Integer.MAX_VALUE - k);
      CRC32 crc = new CRC32();
      crc.update(b, bodyAt, page.compressedBytes());
      h.setCrc((int) crc.getValue());
      ByteArrayOutputStream header = new ByteArrayOutputStream();
      Util.writePageHeader(h, header);
      if (header.size() == bodyAt - headerAt) {
        System.arraycopy(header.toByteArray(), 0, b, headerAt, header.size());
        Files.write(file, b);
        return;
      }
    }
    throw new IllegalStateException("no levels length keeps the page header's length");
  }
}
