package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.internal.parquet.read.ParquetJavaReaders;
import io.github.artifactio.engine.internal.parquet.splice.SpliceOutput;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/** Test helpers that damage files and writes: a flipped byte in a page, an output that fails after some bytes. */
final class Damage {
  private Damage() {}

  /** Where a data page lies (found through parquet-java's offset index), its header's size and recorded CRC32. */
  record Page(long offset, int size, int headerBytes, int crc) {}

  static Page page(Path file, int rowGroup, int leaf, int page) throws IOException {
    try (ParquetFileReader r =
        ParquetJavaReaders.open(file)) {
      ColumnChunkMetaData c = r.getFooter().getBlocks().get(rowGroup).getColumns().get(leaf);
      OffsetIndex oi = r.readOffsetIndex(c);
      byte[] bytes = Files.readAllBytes(file);
      java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(bytes, (int) oi.getOffset(page),
          oi.getCompressedPageSize(page));
      org.apache.parquet.format.PageHeader h = org.apache.parquet.format.Util.readPageHeader(in);
      int headerBytes = oi.getCompressedPageSize(page) - h.getCompressed_page_size();
      return new Page(oi.getOffset(page), oi.getCompressedPageSize(page), headerBytes, h.getCrc());
    }
  }

  /** Flips the page's last byte (inside its body); returns the CRC32 its body then has. */
  static int flipLastByte(Path file, Page page) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int last = (int) (page.offset() + page.size() - 1);
    bytes[last] ^= 0x01;
    Files.write(file, bytes);
    return crc(file, page.offset() + page.headerBytes(), page.offset() + page.size());
  }

  /** The CRC32 of {@code [from, to)} of the file. */
  static int crc(Path file, long from, long to) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    CRC32 c = new CRC32();
    c.update(bytes, (int) from, (int) (to - from));
    return (int) c.getValue();
  }

  /** A channel that moves {@code input}'s modification time an hour ahead at its first write, as a rewrite would. */
  static SpliceOutput.ChannelOpener touchingOnFirstWrite(Path input) {
    return tmp -> new Forwarding(SpliceOutput.FILES.open(tmp)) {
      boolean touched;

      @Override
      public int write(java.nio.ByteBuffer src) throws IOException {
        if (!touched) {
          touched = true;
          Files.setLastModifiedTime(input, java.nio.file.attribute.FileTime.fromMillis(
              Files.getLastModifiedTime(input).toMillis() + 3_600_000));
        }
        return real.write(src);
      }
    };
  }

  /** A channel that takes {@code limit} bytes and then fails every write with {@code failure}. */
  static SpliceOutput.ChannelOpener failingAfter(long limit, IOException failure) {
    return tmp -> new Forwarding(SpliceOutput.FILES.open(tmp)) {
      long written;

      @Override
      public int write(java.nio.ByteBuffer src) throws IOException {
        if (written + src.remaining() > limit) {
          int n = (int) (limit - written);
          if (n > 0) {
            java.nio.ByteBuffer part = src.duplicate();
            part.limit(part.position() + n);
            real.write(part);
            src.position(src.position() + n);
            written += n;
          }
          throw failure;
        }
        int n = real.write(src);
        written += n;
        return n;
      }
    };
  }

  /** An output channel passing to the real one; the opener's subclass changes {@code write}. */
  private abstract static class Forwarding implements WritableByteChannel {
    final WritableByteChannel real;

    Forwarding(WritableByteChannel real) {
      this.real = real;
    }

    @Override
    public boolean isOpen() {
      return real.isOpen();
    }

    @Override
    public void close() throws IOException {
      real.close();
    }
  }
}
