package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import io.github.artifactio.engine.table.Codec;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.format.CompressionCodec;
import org.xerial.snappy.Snappy;

/**
 * How the writer compresses a page: from a range of the page buffer straight into the chunk's body buffer (raw block
 * Snappy, as Parquet stores it, through snappy-java's array entry point, which reads and writes the arrays in place),
 * or a copy for UNCOMPRESSED. Stateless, so every column encoder on any thread uses the same constants.
 */
enum PageCodec {
  SNAPPY(CompressionCodec.SNAPPY),
  UNCOMPRESSED(CompressionCodec.UNCOMPRESSED);

  private final CompressionCodec thrift;

  PageCodec(CompressionCodec thrift) {
    this.thrift = thrift;
  }

  static PageCodec of(Codec codec) {
    return switch (codec) {
      case SNAPPY -> SNAPPY;
      case UNCOMPRESSED -> UNCOMPRESSED;
    };
  }

  CompressionCodec thrift() {
    return thrift;
  }

  /** The most bytes {@link #compress} can append for {@code len} bytes. */
  int maxCompressedLength(int len) {
    return this == UNCOMPRESSED ? len : Snappy.maxCompressedLength(len);
  }

  /**
   * Compresses {@code in[off, off + len)} into {@code out} from {@code outOff}, which must have room for
   * {@link #maxCompressedLength}; returns the compressed length.
   */
  int compress(byte[] in, int off, int len, byte[] out, int outOff) {
    if (out.length - outOff < maxCompressedLength(len)) {
      throw new IllegalStateException("no room to compress a " + len + "-byte page in place");
    }
    if (this == UNCOMPRESSED) {
      System.arraycopy(in, off, out, outOff, len);
      return len;
    }
    try {
      return Snappy.compress(in, off, len, out, outOff);
    } catch (IOException e) {
      throw new UncheckedIOException("snappy compression of a " + len + "-byte page failed", e);
    }
  }

  /** Appends {@code in[off, off + len)}, compressed, to {@code out}; returns the compressed length. */
  int compress(byte[] in, int off, int len, Bytes out) {
    out.ensure(maxCompressedLength(len));
    int n = compress(in, off, len, out.buf, out.size);
    out.size += n;
    return n;
  }
}
