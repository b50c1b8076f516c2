package io.github.artifactio.it.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The read benchmark's page decompression for its parquet-java arm: raw block SNAPPY (and UNCOMPRESSED) on heap
 * arrays with snappy-java, the calls the engine's own decompressor makes, so the arm times parquet-java's decoding
 * and not a different codec path (parquet-java's stock factory goes through Hadoop's codec classes). Read only.
 */
final class SnappyPages implements CompressionCodecFactory {
  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.SNAPPY && codec != CompressionCodecName.UNCOMPRESSED) {
      throw new UnsupportedOperationException("the benchmark's table is SNAPPY, not " + codec);
    }
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        if (codec == CompressionCodecName.UNCOMPRESSED) {
          return bytes;
        }
        byte[] in = bytes.toByteArray();
        byte[] out = new byte[uncompressedSize];
        int n = Snappy.uncompress(in, 0, in.length, out, 0);
        if (n != uncompressedSize) {
          throw new IOException("a snappy page decompresses to " + n + " bytes, its header says " + uncompressedSize);
        }
        return BytesInput.from(out);
      }

      @Override
      public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
          throws IOException {
        byte[] in = new byte[compressedSize];
        input.duplicate().get(in);
        output.put(decompress(BytesInput.from(in), uncompressedSize).toByteArray());
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("the benchmark's parquet-java arm only reads");
  }

  @Override
  public void release() {}
}
