package io.github.artifactio.engine.internal.parquet.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.brotli.dec.BrotliInputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page decompression for the engine's own page reader. The choices were measured on 1 MiB pages (random doubles,
 * low-cardinality doubles, text; JDK 17, one core): SNAPPY snappy-java 3.2 GB/s against aircompressor's pure Java
 * 1.7 GB/s; ZSTD zstd-jni 0.84 GB/s against aircompressor 0.29 GB/s; LZ4_RAW aircompressor 2.7 GB/s (pure Java, no
 * native library needed). zstd-jni's native library is loaded on first use; where it cannot load (an unusual
 * platform), aircompressor decodes ZSTD instead, slower but identical.
 *
 * <p>BROTLI goes through Google's reference decoder ({@code org.brotli:dec}, pure Java), into the page's declared size
 * and no further: a stream that would expand past it (a BROTLI bomb) is refused once it has filled that size.
 *
 * <p>Hadoop-framed LZ4 ({@code LZ4}) and LZO are not read: the caller reports them naming file, column, row group
 * and codec before a page is read.
 */
final class Decompressors {
  static final Set<CompressionCodecName> READABLE =
      EnumSet.of(
          CompressionCodecName.UNCOMPRESSED,
          CompressionCodecName.SNAPPY,
          CompressionCodecName.GZIP,
          CompressionCodecName.ZSTD,
          CompressionCodecName.LZ4_RAW,
          CompressionCodecName.BROTLI);

  private static final boolean ZSTD_JNI = zstdJniLoads();

  private Decompressors() {}

  private static boolean zstdJniLoads() {
    try {
      byte[] probe = com.github.luben.zstd.Zstd.compress(new byte[] {1, 2, 3});
      return com.github.luben.zstd.Zstd.decompress(probe, 3).length == 3;
    } catch (Throwable e) { // UnsatisfiedLinkError, or the native library refused to load
      return false;
    }
  }

  /** Decompresses {@code in[off, off+len)} into a new array of exactly {@code size} bytes. */
  static byte[] decompress(CompressionCodecName codec, byte[] in, int off, int len, int size) throws IOException {
    return decompress(codec, in, off, len, size, null);
  }

  /**
   * Decompresses into {@code reuse} when it holds {@code size} bytes, else into a new array; the result's first
   * {@code size} bytes are the page. A reader reuses one buffer for all its pages: a page is consumed before the next
   * is decompressed, and fresh megabyte arrays per page kept the garbage collector busy (measured: 2.3 s against
   * 0.66 s for a full read of the benchmark table right after a full collection).
   */
  static byte[] decompress(CompressionCodecName codec, byte[] in, int off, int len, int size, byte[] reuse)
      throws IOException {
    if (size < 0) {
      throw new PageFormatException("its header gives an uncompressed size of " + size);
    }
    if (len == 0 && size == 0) {
      // an empty page body (v2 pages of only levels) is stored as no bytes by some writers, whatever the codec
      return reuse != null ? reuse : new byte[0];
    }
    Bounds.page(codec, len, size); // before the allocation: a header may declare 2 GiB for a few bytes
    if (codec == CompressionCodecName.UNCOMPRESSED && len != size) {
      throw new PageFormatException("its body holds " + len + " bytes, its header says " + size);
    }
    try {
      return decompressBounded(codec, in, off, len, size, reuse);
    } catch (PageFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // the codec library's own words (FAILED_TO_UNCOMPRESS(5), "Malformed input") stay in the cause
      throw new PageFormatException("its " + codec + " bytes do not decompress: they are corrupt", e);
    }
  }

  /**
   * SNAPPY: decompresses {@code in[off, off+len)}, which the page header says is {@code size} bytes, straight into
   * primitive array {@code out} (a {@code double[]}, {@code long[]}, {@code int[]} or {@code float[]}) from byte
   * {@code outByte}, which the caller has checked holds {@code size} bytes there. The same checks and errors as
   * {@link #decompress}; used where a page's bytes are the batch's values as they lie in memory (PLAIN,
   * little-endian), so they need no page buffer and no second copy.
   */
  static void snappyInto(byte[] in, int off, int len, int size, Object out, int outByte) {
    if (size < 0) {
      throw new PageFormatException("its header gives an uncompressed size of " + size);
    }
    Bounds.page(CompressionCodecName.SNAPPY, len, size);
    try {
      int declared = Snappy.uncompressedLength(in, off, len);
      if (declared != size) {
        throw new PageFormatException(
            "its SNAPPY bytes decompress to " + declared + " bytes, its header says " + size);
      }
      int n = Snappy.rawUncompress(in, off, len, out, outByte);
      if (n != size) {
        throw new PageFormatException("its SNAPPY bytes decompress to " + n + " bytes, its header says " + size);
      }
    } catch (PageFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new PageFormatException("its SNAPPY bytes do not decompress: they are corrupt", e);
    }
  }

  private static byte[] decompressBounded(
      CompressionCodecName codec, byte[] in, int off, int len, int size, byte[] reuse) throws IOException {
    if (codec == CompressionCodecName.SNAPPY) {
      int declared = Snappy.uncompressedLength(in, off, len); // the stream's own length, read before allocating
      if (declared != size) {
        throw new PageFormatException(
            "its SNAPPY bytes decompress to " + declared + " bytes, its header says " + size);
      }
    }
    byte[] out = reuse != null && reuse.length >= size ? reuse : allocate(size);
    int n;
    switch (codec) {
      case UNCOMPRESSED:
        System.arraycopy(in, off, out, 0, len);
        return out;
      case SNAPPY:
        n = Snappy.uncompress(in, off, len, out, 0);
        break;
      case GZIP:
        n = inflate(in, off, len, out, size);
        break;
      case ZSTD:
        if (ZSTD_JNI) {
          long r = com.github.luben.zstd.Zstd.decompressByteArray(out, 0, size, in, off, len);
          if (com.github.luben.zstd.Zstd.isError(r)) {
            throw new PageFormatException("its ZSTD bytes do not decompress: they are corrupt");
          }
          n = (int) r;
        } else {
          n = new io.airlift.compress.zstd.ZstdDecompressor().decompress(in, off, len, out, 0, size);
        }
        break;
      case LZ4_RAW:
        n = new io.airlift.compress.lz4.Lz4Decompressor().decompress(in, off, len, out, 0, size);
        break;
      case BROTLI:
        n = readAtMost(new BrotliInputStream(new ByteArrayInputStream(in, off, len)), out, size, codec);
        break;
      default:
        throw new PageFormatException("codec " + codec + " is not read");
    }
    if (n != size) {
      throw new PageFormatException("its " + codec + " bytes decompress to " + n + " bytes, its header says " + size);
    }
    return out;
  }

  /**
   * The array for a page's declared size. A hostile header can declare up to 2 GiB for a few bytes; the one allocation
   * that fails leaves nothing half done, so it becomes the page's error instead of an {@code OutOfMemoryError}.
   */
  private static byte[] allocate(int size) {
    try {
      return new byte[size];
    } catch (OutOfMemoryError e) {
      throw new PageFormatException("its header declares " + size + " uncompressed bytes, more than this JVM holds");
    }
  }

  /** GZIPInputStream also reads concatenated gzip members, which some writers produce. */
  private static int inflate(byte[] in, int off, int len, byte[] out, int size) throws IOException {
    return readAtMost(
        new GZIPInputStream(new ByteArrayInputStream(in, off, len), 64 * 1024), out, size, CompressionCodecName.GZIP);
  }

  /**
   * Reads a decompressing stream into {@code out}, never past {@code size} bytes: a stream that holds more than its
   * header declares is refused when it has filled the declared size, so a few bytes that expand without bound never
   * cost more than the page's declared (and already bounded) size.
   */
  private static int readAtMost(InputStream z, byte[] out, int size, CompressionCodecName codec) throws IOException {
    try (z) {
      int n = 0;
      while (n < size) {
        int r = z.read(out, n, size - n);
        if (r < 0) {
          break;
        }
        n += r;
      }
      if (n == size && z.read() >= 0) {
        throw new PageFormatException(
            "its " + codec + " bytes decompress to more than the " + size + " bytes its header says");
      }
      return n;
    }
  }
}
