package io.github.artifactio.engine.table;

import io.github.artifactio.engine.internal.parquet.ParquetJavaReaders;
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

  /** Whether any chunk of leaf {@code path} uses a dictionary. */
  static boolean hasDictionary(Path file, String path) {
    for (RowGroupInfo g : TableFile.open(file).rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        if (c.path().equals(path) && (c.encodings().contains("PLAIN_DICTIONARY") || c.encodings().contains("RLE_DICTIONARY"))) {
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
          java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(all, (int) offset, all.length - (int) offset);
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

  static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
