package io.github.artifactio.engine.internal.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The engine's codec factory, with no Hadoop: parquet-hadoop's own {@code CodecFactory} is written against Hadoop's
 * codec interfaces and fails without hadoop-common. SNAPPY (raw block Snappy, as Parquet stores it) and UNCOMPRESSED
 * are written; every codec of {@link Decompressors#READABLE} is read, by {@link Decompressors}.
 *
 * <p>Compressors keep scratch buffers, so they are not thread-safe: one factory per encoding task.
 */
final class Codecs implements CompressionCodecFactory {
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
    if (!Decompressors.READABLE.contains(codec)) {
      throw new UnsupportedOperationException("the engine does not read " + codec);
    }
    return new PageDecompressor(codec);
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

  private static final class Uncompressed implements BytesInputCompressor {
    @Override
    public BytesInput compress(BytesInput bytes) {
      return bytes;
    }

    @Override
    public CompressionCodecName getCodecName() {
      return CompressionCodecName.UNCOMPRESSED;
    }

    @Override
    public void release() {}
  }

  /**
   * parquet-java's page reads (footer-only opens never call it; the test oracle that reads through parquet-java's
   * {@code ColumnReader} does) decompress through the engine's own {@link Decompressors}: one set of readable codecs.
   */
  private static final class PageDecompressor implements BytesInputDecompressor {
    private final CompressionCodecName codec;

    PageDecompressor(CompressionCodecName codec) {
      this.codec = codec;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      byte[] in = bytes.toByteArray();
      return BytesInput.from(Decompressors.decompress(codec, in, 0, in.length, uncompressedSize));
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.duplicate().get(in);
      output.put(Decompressors.decompress(codec, in, 0, compressedSize, uncompressedSize));
    }

    @Override
    public void release() {}
  }
}
