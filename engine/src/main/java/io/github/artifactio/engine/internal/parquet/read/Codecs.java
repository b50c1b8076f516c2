package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The engine's codec factory for parquet-java's page readers, with no Hadoop (parquet-hadoop's own {@code CodecFactory}
 * is written against Hadoop's codec interfaces and fails without hadoop-common): every codec of
 * {@link Decompressors#READABLE} is read through {@link Decompressors}, the engine's one set. The writer compresses
 * its pages itself ({@link PageCodec}), so this factory has no compressor.
 */
final class Codecs implements CompressionCodecFactory {
  /** The codecs this engine writes. */
  static final Set<CompressionCodecName> WRITABLE =
      EnumSet.of(CompressionCodecName.SNAPPY, CompressionCodecName.UNCOMPRESSED);

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("the engine compresses its pages itself (PageCodec), not through " + codec);
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
