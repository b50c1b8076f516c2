package io.github.artifactio.engine.internal.parquet.read;

import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The bounds every size a file declares is held to before it becomes an allocation: a hostile header can declare
 * 2 GiB for a few bytes, and an {@code OutOfMemoryError} (or a {@code NegativeArraySizeException}) is no error a
 * caller can handle. A declared size must be one the bytes can hold: a page body cannot decompress to more than its
 * codec's maximum ratio allows, measured on 64 MiB of zeros (the best case of every codec) and matching each format's
 * own bound: SNAPPY 21.3 (64 bytes per 3-byte copy), GZIP 1028 (deflate's bound is 1032), LZ4_RAW 255, ZSTD 32,482
 * (an RLE block of 128 KiB from 4 bytes). ZSTD's ratio allows gigabytes from a page, so every decoded size is also
 * held to a share of the heap ({@link #heapShare()}): writers cut pages at about 1 MiB, so a page larger than a
 * quarter of the heap is hostile or unreadable here either way.
 */
final class Bounds {
  /** Uncompressed bytes per compressed byte, at most, as a fraction {@code num / den} per codec. */
  private static final long SNAPPY_NUM = 64;
  private static final long SNAPPY_DEN = 3;
  private static final long GZIP_RATIO = 1032;
  private static final long LZ4_RATIO = 255;
  private static final long ZSTD_RATIO = 32_768;
  /** Headers and trailers that hold no data: a tiny page may decode to this much more than its ratio gives. */
  private static final long SLACK = 64;

  private Bounds() {}

  /**
   * A quarter of the JVM's maximum heap, read once: the maximum heap is fixed for the JVM's life, and asking for it
   * is a native call, which twice per page came to 1.5% of the one-column read benchmark's samples.
   */
  private static final long HEAP_SHARE = Runtime.getRuntime().maxMemory() / 4;

  /** A quarter of the JVM's maximum heap: the most one page, one page's levels or a dictionary may take. */
  static long heapShare() {
    return HEAP_SHARE;
  }

  /** The most {@code compressed} bytes of {@code codec} can decompress to. */
  static long maxUncompressed(CompressionCodecName codec, int compressed) {
    switch (codec) {
      case UNCOMPRESSED:
        return compressed;
      case SNAPPY:
        return compressed * SNAPPY_NUM / SNAPPY_DEN + SLACK;
      case GZIP:
        return compressed * GZIP_RATIO + SLACK;
      case LZ4_RAW:
        return compressed * LZ4_RATIO + SLACK;
      case BROTLI:
        // no ratio bounds it (16 MiB of zeros is 14 bytes): the heap share below does, and the decoder stops at the
        // declared size, so a stream that expands further never costs more than that
        return Integer.MAX_VALUE;
      default:
        return compressed * ZSTD_RATIO + SLACK;
    }
  }

  /** Refuses a page's declared uncompressed size that its compressed bytes or this JVM's heap cannot hold. */
  static void page(CompressionCodecName codec, int compressed, int declared) {
    long max = maxUncompressed(codec, compressed);
    if (declared > max) {
      throw new PageFormatException("its header declares " + declared + " uncompressed bytes, more than its "
          + compressed + " " + codec + " bytes can hold (at most " + max + ")");
    }
    long heap = heapShare();
    if (declared > heap) {
      throw new PageFormatException("its header declares " + declared + " uncompressed bytes, more than a quarter"
          + " of this JVM's maximum heap (" + heap + " bytes) allows one page");
    }
  }

  /** Refuses a page whose level count would take more than a share of the heap to decode (two int arrays). */
  static void levels(int count, boolean repeated) {
    long bytes = (repeated ? 8L : 4L) * count;
    long heap = heapShare();
    if (bytes > heap) {
      throw new PageFormatException("its header declares " + count + " values, whose levels take " + bytes
          + " bytes to decode, more than a quarter of this JVM's maximum heap (" + heap + " bytes)");
    }
  }
}
