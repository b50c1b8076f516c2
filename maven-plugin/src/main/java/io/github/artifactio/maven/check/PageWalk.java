package io.github.artifactio.maven.check;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.xerial.snappy.Snappy;

/**
 * The full scan of {@link StructureRule}: every page of every column chunk, one page in memory at a time. One
 * finding per kind of problem (header, CRC, decompression, value count), with the first place it occurs and the count.
 */
final class PageWalk {
  /**
   * @param dataPages per chunk ({@link #key}), the row count of each data page in order: V2 pages record it, V1 pages
   *     only their value count, which is the row count for a column that is not repeated
   * @param v1Pages the chunks with a V1 data page, whose counts are values, not rows, if the column is repeated
   */
  record Summary(
      long pages, long crcChecked, long notDecompressed, Map<String, long[]> dataPages, Set<String> v1Pages) {}

  static String key(int rowGroup, String leafPath) {
    return rowGroup + "/" + leafPath;
  }

  private static final class Problem {
    long count;
    String column;
    Integer rowGroup;
    String detail;

    void add(String column, int rowGroup, String detail) {
      if (count++ == 0) {
        this.column = column;
        this.rowGroup = rowGroup;
        this.detail = detail;
      }
    }
  }

  static Summary walk(FileContext f, Rule rule, FileMetaData md, List<Finding> findings) throws IOException {
    Problem header = new Problem();
    Problem crc = new Problem();
    Problem decompress = new Problem();
    Problem values = new Problem();
    long pages = 0;
    long crcs = 0;
    long skipped = 0;
    Map<String, long[]> dataPages = new HashMap<>();
    Set<String> v1Pages = new HashSet<>();
    try (FileChannel ch = FileChannel.open(f.path(), StandardOpenOption.READ)) {
      f.accounting().opened();
      List<RowGroup> groups = md.getRow_groups();
      for (int g = 0; g < groups.size(); g++) {
        for (ColumnChunk c : groups.get(g).getColumns()) {
          ColumnMetaData m = c.getMeta_data();
          String column = String.join(".", m.getPath_in_schema());
          long start = m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0
              ? Math.min(m.getDictionary_page_offset(), m.getData_page_offset()) : m.getData_page_offset();
          long length = m.getTotal_compressed_size();
          Counting in = new Counting(new BufferedInputStream(Channels.newInputStream(ch.position(start)), 1 << 16));
          long valueCount = 0;
          List<Long> pageRows = new ArrayList<>();
          while (in.count < length) {
            PageHeader h;
            try {
              h = Util.readPageHeader(in);
            } catch (IOException | RuntimeException e) {
              header.add(column, g, "a page header at chunk byte " + in.count + " does not decode: " + e.getMessage());
              break;
            }
            pages++;
            int size = h.getCompressed_page_size();
            if (size < 0 || in.count + size > length) {
              header.add(column, g, "a page of " + size + " bytes runs past the end of its column chunk");
              break;
            }
            byte[] page = in.readNBytes(size);
            if (page.length != size) {
              header.add(column, g, "the file ends inside a page");
              break;
            }
            if (h.isSetCrc()) {
              CRC32 c32 = new CRC32();
              c32.update(page);
              crcs++;
              if ((int) c32.getValue() != h.getCrc()) {
                crc.add(column, g, "a page's CRC32 is " + Integer.toHexString((int) c32.getValue())
                    + " but its header records " + Integer.toHexString(h.getCrc()));
              }
            }
            int levels = 0;
            boolean compressed = true;
            if (h.getType() == PageType.DATA_PAGE) {
              valueCount += h.getData_page_header().getNum_values();
              pageRows.add((long) h.getData_page_header().getNum_values());
              v1Pages.add(key(g, column));
            } else if (h.getType() == PageType.DATA_PAGE_V2) {
              valueCount += h.getData_page_header_v2().getNum_values();
              pageRows.add((long) h.getData_page_header_v2().getNum_rows());
              levels = h.getData_page_header_v2().getRepetition_levels_byte_length()
                  + h.getData_page_header_v2().getDefinition_levels_byte_length();
              compressed = !h.getData_page_header_v2().isSetIs_compressed()
                  || h.getData_page_header_v2().isIs_compressed();
            }
            if (!decompresses(m.getCodec(), page, levels, compressed, h.getUncompressed_page_size())) {
              if (knownCodec(m.getCodec())) {
                decompress.add(column, g, "a " + h.getType() + " page does not decompress (" + m.getCodec()
                    + ") to its declared " + h.getUncompressed_page_size() + " bytes");
              } else {
                skipped++;
              }
            }
          }
          f.accounting().read(in.count);
          dataPages.put(key(g, column), pageRows.stream().mapToLong(Long::longValue).toArray());
          if (valueCount != m.getNum_values() && header.count == 0) {
            values.add(column, g, "the data pages hold " + valueCount + " values but the chunk declares "
                + m.getNum_values());
          }
        }
      }
    }
    for (Problem p : List.of(header, crc, decompress, values)) {
      if (p.count > 0) {
        findings.add(f.finding(rule, p.column, p.rowGroup, null, p.count, p.detail));
      }
    }
    return new Summary(pages, crcs, skipped, dataPages, v1Pages);
  }

  private static boolean knownCodec(CompressionCodec codec) {
    return codec == CompressionCodec.SNAPPY || codec == CompressionCodec.GZIP
        || codec == CompressionCodec.UNCOMPRESSED;
  }

  /** True when the page decompresses to its declared size; false also for a codec this walk cannot decompress. */
  private static boolean decompresses(
      CompressionCodec codec, byte[] page, int levels, boolean compressed, int uncompressed) {
    if (codec == CompressionCodec.UNCOMPRESSED || !compressed) {
      return page.length == uncompressed;
    }
    try {
      int body = page.length - levels;
      switch (codec) {
        case SNAPPY:
          return levels + Snappy.uncompressedLength(page, levels, body) == uncompressed
              && levels + Snappy.uncompress(page, levels, body, new byte[uncompressed - levels], 0) == uncompressed;
        case GZIP:
          try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(page, levels, body))) {
            return levels + in.readAllBytes().length == uncompressed;
          }
        default:
          return false;
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Counts the bytes consumed, so that page headers (of unknown length) can be located in the chunk. */
  private static final class Counting extends FilterInputStream {
    long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = super.skip(n);
      count += s;
      return s;
    }
  }
}
