package io.github.artifactio.engine.table;

import io.github.artifactio.engine.internal.parquet.read.ParquetJavaReaders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/** Test helpers that look at a file's physical layout through parquet-java, an independent reader of the footer. */
final class Layouts {
  private Layouts() {}

  /** The data page count of every chunk of leaf {@code path}, one entry per row group. */
  static List<Integer> pages(Path file, String path) {
    try (ParquetFileReader r = ParquetJavaReaders.open(file)) {
      List<Integer> out = new ArrayList<>();
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          if (c.getPath().toDotString().equals(path)) {
            out.add(r.readOffsetIndex(c).getPageCount());
          }
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first row of every data page of leaf {@code path} in {@code rowGroup}, from its offset index. */
  static List<Long> firstRows(Path file, String path, int rowGroup) {
    try (ParquetFileReader r = ParquetJavaReaders.open(file)) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(rowGroup).getColumns()) {
        if (c.getPath().toDotString().equals(path)) {
          org.apache.parquet.internal.column.columnindex.OffsetIndex oi = r.readOffsetIndex(c);
          List<Long> out = new ArrayList<>();
          for (int i = 0; i < oi.getPageCount(); i++) {
            out.add(oi.getFirstRowIndex(i));
          }
          return out;
        }
      }
      throw new IllegalArgumentException("no leaf " + path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether any chunk of leaf {@code path} uses a dictionary. */
  static boolean hasDictionary(Path file, String path) {
    for (RowGroupInfo g : TableFile.open(file).rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        if (c.path().equals(path)
            && (c.encodings().contains("PLAIN_DICTIONARY") || c.encodings().contains("RLE_DICTIONARY"))) {
          return true;
        }
      }
    }
    return false;
  }

  /** The compressed bytes of leaf {@code path}, summed over row groups. */
  static long bytes(Path file, String path) {
    long n = 0;
    for (RowGroupInfo g : TableFile.open(file).rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        if (c.path().equals(path)) {
          n += c.compressedBytes();
        }
      }
    }
    return n;
  }

  /** The file's bytes up to the end of its last column chunk: every page, without the indexes and the footer. */
  static byte[] dataSection(Path file) {
    long end = 4;
    try (ParquetFileReader r = ParquetJavaReaders.open(file)) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          end = Math.max(end, c.getStartingPos() + c.getTotalSize());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return java.util.Arrays.copyOf(bytes(file), (int) end);
  }

  /** Where data page {@code page} of leaf {@code path} in {@code rowGroup} lies, and what its header says. */
  record PageAt(long offset, int headerBytes, int bodyBytes, int crc) {}

  static PageAt page(Path file, String path, int rowGroup, int page) {
    try (ParquetFileReader r = ParquetJavaReaders.open(file)) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(rowGroup).getColumns()) {
        if (c.getPath().toDotString().equals(path)) {
          long offset = r.readOffsetIndex(c).getOffset(page);
          byte[] all = bytes(file);
          java.io.ByteArrayInputStream in =
              new java.io.ByteArrayInputStream(all, (int) offset, all.length - (int) offset);
          org.apache.parquet.format.PageHeader h = org.apache.parquet.format.Util.readPageHeader(in);
          int headerBytes = all.length - (int) offset - in.available();
          return new PageAt(offset, headerBytes, h.getCompressed_page_size(), h.isSetCrc() ? h.getCrc() : 0);
        }
      }
      throw new IllegalArgumentException("no leaf " + path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Per row group, whether the chunk of leaf {@code path} has dictionary-encoded and PLAIN-encoded data pages. */
  static List<boolean[]> dictionaryAndPlainPages(Path file, String path) {
    try (ParquetFileReader r = ParquetJavaReaders.open(file)) {
      List<boolean[]> out = new ArrayList<>();
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          if (c.getPath().toDotString().equals(path)) {
            out.add(new boolean[] {
              c.getEncodingStats().hasDictionaryEncodedPages(), c.getEncodingStats().hasNonDictionaryEncodedPages()});
          }
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The Thrift footer, decoded by parquet-format from the file's tail. */
  static org.apache.parquet.format.FileMetaData footer(Path file) {
    byte[] all = bytes(file);
    int len = java.nio.ByteBuffer.wrap(all, all.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    try {
      return org.apache.parquet.format.Util.readFileMetaData(
          new java.io.ByteArrayInputStream(all, all.length - 8 - len, len));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The chunk of leaf {@code path} in {@code rowGroup}, from the Thrift footer. */
  static org.apache.parquet.format.ColumnChunk chunk(Path file, String path, int rowGroup) {
    for (org.apache.parquet.format.ColumnChunk c : footer(file).getRow_groups().get(rowGroup).getColumns()) {
      if (String.join(".", c.getMeta_data().getPath_in_schema()).equals(path)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no leaf " + path);
  }

  /** The column index of leaf {@code path} in {@code rowGroup} as Thrift decodes it, or null where it has none. */
  static org.apache.parquet.format.ColumnIndex columnIndex(Path file, String path, int rowGroup) {
    org.apache.parquet.format.ColumnChunk c = chunk(file, path, rowGroup);
    if (!c.isSetColumn_index_offset()) {
      return null;
    }
    byte[] all = bytes(file);
    try {
      return org.apache.parquet.format.Util.readColumnIndex(
          new java.io.ByteArrayInputStream(all, (int) c.getColumn_index_offset(), c.getColumn_index_length()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The header of the dictionary page of leaf {@code path} in {@code rowGroup}, or null where it has none. */
  static org.apache.parquet.format.PageHeader dictionaryPage(Path file, String path, int rowGroup) {
    org.apache.parquet.format.ColumnMetaData m = chunk(file, path, rowGroup).getMeta_data();
    if (!m.isSetDictionary_page_offset()) {
      return null;
    }
    byte[] all = bytes(file);
    int at = (int) m.getDictionary_page_offset();
    try {
      return org.apache.parquet.format.Util.readPageHeader(new java.io.ByteArrayInputStream(all, at, all.length - at));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
