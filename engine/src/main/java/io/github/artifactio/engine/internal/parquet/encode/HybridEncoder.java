package io.github.artifactio.engine.internal.parquet.encode;

/**
 * The RLE/bit-packed hybrid encoding of Parquet's levels and dictionary ids, from a page's values held in an array
 * (levels one per byte, ids one per int) into a {@link Bytes}. The values are taken in groups of eight from the start:
 * where eight or more equal values begin a group, they become one RLE run (a varint header {@code count << 1}, then
 * the value in {@code ceil(width / 8)} bytes) and the next group starts after the run; any other group is bit-packed,
 * LSB first, into {@code width} bytes, in runs of at most 63 groups (a one-byte header {@code groups << 1 | 1}). Only
 * the stream's last group is padded. The same values always give the same bytes; {@link RleDecoder} is the reader.
 *
 * <p>Runs are found eight bytes at a time and a group of one-byte levels is packed from one 64-bit read, so a list
 * column's levels cost a fraction of a nanosecond each rather than a call apiece.
 */
public final class HybridEncoder {
  private static final long ONES = 0x0101_0101_0101_0101L;

  private final Bytes out;
  private final int width;
  /** Where the open bit-packed run's header byte is, or -1. */
  private int header = -1;
  private int groups;

  private HybridEncoder(Bytes out, int width) {
    this.out = out;
    this.width = width;
  }

  /** The bit width of values up to {@code max}: 0 for 0. */
  public static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** Encodes {@code v[0, n)}, each below {@code 1 << width} (width at most 8), appending to {@code out}. */
  static void encode(byte[] v, int n, int width, Bytes out) {
    HybridEncoder e = new HybridEncoder(out, width);
    int p = 0;
    while (p < n) {
      int r = run(v, p, n);
      if (r >= 8) {
        e.rle(r, v[p] & 0xff);
        p += r;
        continue;
      }
      long acc;
      if (p + 8 <= n) {
        acc = pack8((long) Bytes.LONG.get(v, p), width);
      } else {
        acc = 0;
        for (int i = 0; p + i < n; i++) {
          acc |= (long) (v[p + i] & 0xff) << (i * width);
        }
      }
      e.group(acc);
      p += 8;
    }
    e.endPackedRun();
  }

  /** Encodes {@code v[0, n)}, each below {@code 1 << width} (width up to 32), appending to {@code out}. */
  static void encode(int[] v, int n, int width, Bytes out) {
    HybridEncoder e = new HybridEncoder(out, width);
    long mask = width == 32 ? 0xffff_ffffL : (1L << width) - 1;
    int p = 0;
    while (p < n) {
      int r = p + 1;
      while (r < n && v[r] == v[p]) {
        r++;
      }
      if (r - p >= 8) {
        e.rle(r - p, v[p]);
        p = r;
        continue;
      }
      // eight values of up to 32 bits, LSB first, through a window of at most 39 bits
      e.beginGroup();
      long acc = 0;
      int bits = 0;
      for (int i = 0; i < 8; i++) {
        acc |= (p + i < n ? v[p + i] & mask : 0) << bits;
        bits += width;
        while (bits >= 8) {
          out.put((int) acc);
          acc >>>= 8;
          bits -= 8;
        }
      }
      e.endGroup();
      p += 8;
    }
    e.endPackedRun();
  }

  /**
   * The length of the run of equal bytes at {@code p} when it is eight or more, else something under eight: a run
   * that does not fill the eight bytes at {@code p} is bit-packed whatever its length, so one 64-bit comparison
   * settles most groups.
   */
  private static int run(byte[] v, int p, int n) {
    if (p + 8 > n) {
      return 1;
    }
    long pattern = (v[p] & 0xffL) * ONES;
    if ((long) Bytes.LONG.get(v, p) != pattern) {
      return 1;
    }
    int j = p + 8;
    while (j + 8 <= n && (long) Bytes.LONG.get(v, j) == pattern) {
      j += 8;
    }
    while (j < n && v[j] == v[p]) {
      j++;
    }
    return j - p;
  }

  /** Eight one-byte values (little-endian in {@code x}) packed to {@code width} bits each, LSB first. */
  private static long pack8(long x, int width) {
    if (width == 1) {
      // gathers bit 0 of every byte into the top byte
      return ((x & ONES) * 0x0102_0408_1020_4080L) >>> 56;
    }
    long acc = 0;
    for (int i = 0; i < 8; i++) {
      acc |= ((x >>> (8 * i)) & 0xff) << (i * width);
    }
    return acc;
  }

  private void rle(int count, int value) {
    endPackedRun();
    out.putVarint(count << 1);
    for (int i = 0, bytes = (width + 7) / 8; i < bytes; i++) {
      out.put(value >>> (8 * i));
    }
  }

  /** One bit-packed group of at most 64 bits. */
  private void group(long packed) {
    beginGroup();
    out.ensure(width);
    for (int i = 0; i < width; i++) {
      out.buf[out.size++] = (byte) (packed >>> (8 * i));
    }
    endGroup();
  }

  private void beginGroup() {
    if (header < 0) {
      out.put(0); // the run's header, filled in when it ends
      header = out.size - 1;
    }
  }

  private void endGroup() {
    if (++groups == 63) {
      endPackedRun();
    }
  }

  private void endPackedRun() {
    if (header >= 0) {
      out.buf[header] = (byte) ((groups << 1) | 1);
      header = -1;
      groups = 0;
    }
  }
}
