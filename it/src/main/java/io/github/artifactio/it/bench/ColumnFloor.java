package io.github.artifactio.it.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.xerial.snappy.Snappy;

/**
 * The floor under any reader of one required float64 column into Java arrays: the column's pages read with positional
 * reads through one reused 512 KiB window (grown to a larger page) and SNAPPY-decompressed, each into a new
 * {@code double[]}, and nothing else. Where the pages are found (their headers parsed) is worked out before, untimed;
 * no footer, no checksum, no value count, no batch. The read benchmark sets it beside DuckDB's {@code sum(b)}: a goal
 * for the engine's one-column read that this floor itself misses cannot be met by any reader on the same thread.
 */
final class ColumnFloor {
  private static final int WINDOW = 512 << 10;

  /** A page's body: where it lies, its compressed size, its values. */
  private record Page(long at, int length, int values) {}

  private final Path file;
  private final List<Page> pages;
  private byte[] window = new byte[WINDOW];

  private ColumnFloor(Path file, List<Page> pages) {
    this.file = file;
    this.pages = pages;
  }

  /**
   * The floor for {@code column} of {@code file}, or null where its pages are not all v1 SNAPPY pages of PLAIN values
   * with no levels (the floor then says nothing: it would be another reader's work).
   */
  static ColumnFloor of(Path file, String column) throws IOException {
    List<Page> pages = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build());
        FileChannel ch = FileChannel.open(file)) {
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData cc : block.getColumns()) {
          if (!cc.getPath().toDotString().equals(column)) {
            continue;
          }
          if (cc.getCodec() != CompressionCodecName.SNAPPY) {
            return null;
          }
          byte[] chunk = new byte[Math.toIntExact(cc.getTotalSize())];
          ch.read(ByteBuffer.wrap(chunk), cc.getStartingPos());
          int at = 0;
          while (at < chunk.length) {
            ByteArrayInputStream in = new ByteArrayInputStream(chunk, at, chunk.length - at);
            PageHeader h = Util.readPageHeader(in);
            int headerLength = chunk.length - at - in.available();
            if (h.type != PageType.DATA_PAGE || h.data_page_header.encoding != Encoding.PLAIN) {
              return null;
            }
            pages.add(new Page(cc.getStartingPos() + at + headerLength, h.compressed_page_size,
                h.data_page_header.num_values));
            at += headerLength + h.compressed_page_size;
          }
        }
      }
    }
    return pages.isEmpty() ? null : new ColumnFloor(file, pages);
  }

  /** One pass: every page read through the window and decompressed into a new array; returns the values. */
  long run() throws IOException {
    long values = 0;
    try (FileChannel ch = FileChannel.open(file)) {
      int p = 0;
      while (p < pages.size()) {
        long start = pages.get(p).at();
        int q = p;
        long end = start;
        // the pages lying back to back from here that fit the window (at least one)
        while (q < pages.size() && pages.get(q).at() <= end + 256
            && (q == p || pages.get(q).at() + pages.get(q).length() - start <= window.length)) {
          end = pages.get(q).at() + pages.get(q).length();
          q++;
        }
        int length = Math.toIntExact(end - start);
        if (window.length < length) {
          window = new byte[length];
        }
        ByteBuffer b = ByteBuffer.wrap(window, 0, length);
        while (b.position() < length) {
          b.limit(Math.min(length, b.position() + (256 << 10)));
          if (ch.read(b, start + b.position()) < 0) {
            throw new IOException("end of " + file);
          }
        }
        for (int i = p; i < q; i++) {
          Page page = pages.get(i);
          double[] out = new double[page.values()];
          Snappy.rawUncompress(window, (int) (page.at() - start), page.length(), out, 0);
          values += out.length;
        }
        p = q;
      }
    }
    return values;
  }
}
