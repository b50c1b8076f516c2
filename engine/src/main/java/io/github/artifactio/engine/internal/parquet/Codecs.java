package io.github.artifactio.engine.internal.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The engine's codec factory, with no Hadoop: parquet-hadoop's own {@code CodecFactory} is written against Hadoop's
 * codec interfaces and fails without hadoop-common. SNAPPY (raw block Snappy, as Parquet stores it) and UNCOMPRESSED
 * are written; GZIP is read too (the JDK's zlib).
 *
 * <p>Compressors keep scratch buffers, so they are not thread-safe: one factory per encoding task.
 */
public final class Codecs implements CompressionCodecFactory {
  /** The codecs this engine decodes. */
  public static final Set<CompressionCodecName> READABLE =
      EnumSet.of(CompressionCodecName.SNAPPY, CompressionCodecName.UNCOMPRESSED, CompressionCodecName.GZIP);

  /** The codecs this engine writes. */
  public static final Set<CompressionCodecName> WRITABLE =
      EnumSet.of(CompressionCodecName.SNAPPY, CompressionCodecName.UNCOMPRESSED);

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    switch (codec) {
      case SNAPPY:
        return new SnappyCompressor();
      case UNCOMPRESSED:
        return new Uncompressed();
      default:
        throw new UnsupportedOperationException("the engine does not write " + codec);
    }
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    switch (codec) {
      case SNAPPY:
        return new SnappyDecompressor();
      case UNCOMPRESSED:
        return new Uncompressed();
      case GZIP:
        return new GzipDecompressor();
      default:
        throw new UnsupportedOperationException("the engine does not read " + codec);
    }
  }

  @Override
  public void release() {}

  /** A reusable buffer the page bytes are gathered into: a fresh array per page was a tenth of a write's time. */
  private static final class Scratch extends java.io.ByteArrayOutputStream {
    byte[] array() {
      return buf;
    }
  }

  private static final class SnappyCompressor implements BytesInputCompressor {
    private final Scratch in = new Scratch();
    private byte[] out = new byte[0];

    @Override
    public BytesInput compress(BytesInput bytes) throws IOException {
      in.reset();
      bytes.writeAllTo(in);
      int length = in.size();
      int max = Snappy.maxCompressedLength(length);
      if (out.length < max) {
        out = new byte[max];
      }
      int n = Snappy.compress(in.array(), 0, length, out, 0);
      // the page writer copies the bytes it is given before the next compress call
      return BytesInput.from(out, 0, n);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.SNAPPY;
    }

    @Override
    public void release() {
      out = new byte[0];
      in.reset();
    }
  }

  private static final class Uncompressed implements BytesInputCompressor, BytesInputDecompressor {
    @Override
    public BytesInput compress(BytesInput bytes) {
      return bytes;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.UNCOMPRESSED;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) {
      return bytes;
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      output.put(in);
    }

    @Override
    public void release() {}
  }

  private static final class SnappyDecompressor implements BytesInputDecompressor {
    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      byte[] in = bytes.toByteArray();
      byte[] out = new byte[uncompressedSize];
      int n = Snappy.uncompress(in, 0, in.length, out, 0);
      if (n != uncompressedSize) {
        throw new IOException("snappy page decompressed to " + n + " bytes, the header says " + uncompressedSize);
      }
      return BytesInput.from(out);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.duplicate().get(in);
      byte[] out = new byte[uncompressedSize];
      int n = Snappy.uncompress(in, 0, in.length, out, 0);
      if (n != uncompressedSize) {
        throw new IOException("snappy page decompressed to " + n + " bytes, the header says " + uncompressedSize);
      }
      output.put(out);
    }

    @Override
    public void release() {}
  }

  private static final class GzipDecompressor implements BytesInputDecompressor {
    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      return BytesInput.from(inflate(bytes.toByteArray(), uncompressedSize));
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.duplicate().get(in);
      output.put(inflate(in, uncompressedSize));
    }

    /** GZIPInputStream also reads concatenated gzip members, which some writers produce. */
    private static byte[] inflate(byte[] in, int uncompressedSize) throws IOException {
      byte[] out = new byte[uncompressedSize];
      try (InputStream z = new GZIPInputStream(new ByteArrayInputStream(in), 64 * 1024)) {
        int off = 0;
        while (off < out.length) {
          int n = z.read(out, off, out.length - off);
          if (n < 0) {
            throw new IOException("gzip page ended after " + off + " of " + uncompressedSize + " bytes");
          }
          off += n;
        }
      }
      return out;
    }

    @Override
    public void release() {}
  }
}
