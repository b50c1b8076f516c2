package io.github.artifactio.engine.internal.parquet.read;

/**
 * Parquet's RLE / bit-packed hybrid decoder (levels, dictionary ids, RLE booleans), over a byte array. Written here
 * rather than borrowed from parquet-java because its decoder hands out one value per virtual call, and levels and ids
 * are decoded for every value of every page.
 */
public final class RleDecoder {
  private static final java.lang.invoke.VarHandle LONG_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private final byte[] buf;
  private int pos;
  private final int end;
  private final int bitWidth;
  private final int bytesPerValue;
  private final int mask;
  /** Values left in the current run. */
  private int left;
  private boolean rle;
  private int rleValue;
  /** Bit-packed run: bit position of the next value in buf. */
  private long bitPos;

  public RleDecoder(byte[] buf, int pos, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new PageFormatException("RLE bit width " + bitWidth + " is outside 0..32");
    }
    this.buf = buf;
    this.pos = pos;
    this.end = end;
    this.bitWidth = bitWidth;
    this.bytesPerValue = (bitWidth + 7) / 8;
    this.mask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
  }

  private void nextRun() {
    if (pos >= end) {
      throw new PageFormatException("RLE data ends before its values do");
    }
    long header = 0;
    int shift = 0;
    while (true) {
      if (pos >= end || shift > 35) {
        throw new PageFormatException("RLE run header is malformed");
      }
      int b = buf[pos++] & 0xff;
      header |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        break;
      }
      shift += 7;
    }
    if ((header & 1) == 0) {
      long count = header >>> 1;
      if (count == 0 || count > Integer.MAX_VALUE) {
        throw new PageFormatException("RLE run of " + count + " values");
      }
      if (pos + bytesPerValue > end) {
        throw new PageFormatException("RLE run value runs past the end of its data");
      }
      int v = 0;
      for (int i = 0; i < bytesPerValue; i++) {
        v |= (buf[pos++] & 0xff) << (8 * i);
      }
      rle = true;
      rleValue = v;
      left = (int) count;
    } else {
      long groups = header >>> 1;
      long bytes = groups * bitWidth;
      if (groups == 0 || groups * 8 > Integer.MAX_VALUE) {
        throw new PageFormatException("bit-packed run of " + groups + " groups");
      }
      rle = false;
      bitPos = (long) pos * 8;
      // a writer may end the last run early: the values past the data are padding and must not be read
      long avail = end - pos;
      left = (int) (groups * 8);
      if (bytes > avail) {
        left = bitWidth == 0 ? left : (int) Math.min(left, avail * 8 / bitWidth);
        pos = end;
      } else {
        pos += (int) bytes;
      }
      if (left == 0) {
        throw new PageFormatException("bit-packed run runs past the end of its data");
      }
    }
  }

  int next() {
    if (left == 0) {
      nextRun();
    }
    left--;
    if (rle) {
      return rleValue;
    }
    return unpack();
  }

  private int unpack() {
    if (bitWidth == 0) {
      return 0;
    }
    int byteIndex = (int) (bitPos >>> 3);
    int shift = (int) (bitPos & 7);
    long word = 0;
    int need = (shift + bitWidth + 7) >>> 3;
    for (int i = 0; i < need; i++) {
      word |= (long) (buf[byteIndex + i] & 0xff) << (8 * i);
    }
    bitPos += bitWidth;
    return (int) (word >>> shift) & mask;
  }

  /** Decodes {@code n} values into {@code dst[off..off+n)}. */
  public void read(int[] dst, int off, int n) {
    int end = off + n;
    while (off < end) {
      if (left == 0) {
        nextRun();
      }
      int k = Math.min(left, end - off);
      if (rle) {
        java.util.Arrays.fill(dst, off, off + k, rleValue);
      } else if (bitWidth == 0) {
        java.util.Arrays.fill(dst, off, off + k, 0);
      } else {
        int i = 0;
        if (bitWidth <= 8) {
          // a read that ended inside a byte (dictionary ids read a batch at a time) leaves the run unaligned: the
          // values up to the next byte go one by one, so the rest of the run takes the word path below, not this one
          while (i < k && (bitPos & 7) != 0) {
            dst[off + i++] = unpack();
          }
          // whole groups of 8 values from byte-aligned positions: one little-endian word each, no per-value loop over
          // bytes (levels and small dictionaries, most of what a page decodes, are at most 8 bits wide)
          while (k - i >= 8) {
            int at = (int) (bitPos >>> 3);
            long w = 0;
            for (int j = 0; j < bitWidth; j++) {
              w |= (long) (buf[at + j] & 0xff) << (8 * j);
            }
            for (int j = 0; j < 8; j++) {
              dst[off + i + j] = (int) (w >>> (j * bitWidth)) & mask;
            }
            bitPos += 8L * bitWidth;
            i += 8;
          }
        }
        if (bitWidth > 8) {
          // wider values (the ids of a large dictionary): each from one unaligned little-endian long read at its
          // first byte, while eight bytes remain in the array, rather than assembled byte by byte
          long at = bitPos;
          int last = buf.length - 8;
          for (; i < k && (int) (at >>> 3) <= last; i++) {
            long word = (long) LONG_LE.get(buf, (int) (at >>> 3));
            dst[off + i] = (int) (word >>> (at & 7)) & mask;
            at += bitWidth;
          }
          bitPos = at;
        }
        for (; i < k; i++) {
          dst[off + i] = unpack();
        }
      }
      left -= k;
      off += k;
    }
  }

  /**
   * Decodes {@code n} values and keeps only where the value is {@code value} ({@code equal}) or is not: their indexes
   * (0-based from the first value read) and values go to {@code out}. A list column's levels are read this way: the
   * rows start where the repetition level is 0 (one level in several), and definition levels other than the maximum
   * (an empty or null list, a null item) are rare, so a page's levels cost what its rows and exceptions cost, not a
   * stored and reloaded int per level. An RLE run is one comparison; a bit-packed run of width 1 is looked at a byte
   * (eight values) at a time.
   */
  void select(int n, int value, boolean equal, Positions out) {
    int at = 0;
    while (at < n) {
      if (left == 0) {
        nextRun();
      }
      int k = Math.min(left, n - at);
      if (rle) {
        if ((rleValue == value) == equal) {
          out.addRun(at, k, rleValue);
        }
      } else if (bitWidth == 0) {
        if ((value == 0) == equal) {
          out.addRun(at, k, 0);
        }
      } else {
        int i = 0;
        if (bitWidth == 1 && (value == 0 || value == 1)) {
          while (i < k && (bitPos & 7) != 0) {
            select(at + i++, unpack(), value, equal, out);
          }
          // the bits that select: set bits when looking for ones or for values other than 0, else clear bits
          int flip = (value == 1) == equal ? 0 : 0xff;
          int kept = flip == 0 ? 1 : 0; // the value of every selected bit
          while (k - i >= 8) {
            int bits = (buf[(int) (bitPos >>> 3)] & 0xff) ^ flip;
            while (bits != 0) {
              out.add(at + i + Integer.numberOfTrailingZeros(bits), kept);
              bits &= bits - 1;
            }
            bitPos += 8;
            i += 8;
          }
        } else if (bitWidth <= 8) {
          while (i < k && (bitPos & 7) != 0) {
            select(at + i++, unpack(), value, equal, out);
          }
          // eight values from one little-endian word, as read() takes them; a word whose eight values are all
          // `value` (a group of present items, for definition levels) is one comparison
          long all = 0;
          for (int j = 0; j < 8; j++) {
            all |= (long) value << (j * bitWidth);
          }
          while (k - i >= 8) {
            int p = (int) (bitPos >>> 3);
            long w = 0;
            for (int j = 0; j < bitWidth; j++) {
              w |= (long) (buf[p + j] & 0xff) << (8 * j);
            }
            if (w == all && !equal) {
              bitPos += 8L * bitWidth;
              i += 8;
              continue;
            }
            for (int j = 0; j < 8; j++) {
              int v = (int) (w >>> (j * bitWidth)) & mask;
              if ((v == value) == equal) {
                out.add(at + i + j, v);
              }
            }
            bitPos += 8L * bitWidth;
            i += 8;
          }
        }
        for (; i < k; i++) {
          select(at + i, unpack(), value, equal, out);
        }
      }
      left -= k;
      at += k;
    }
  }

  private static void select(int index, int v, int value, boolean equal, Positions out) {
    if ((v == value) == equal) {
      out.add(index, v);
    }
  }

  /** Indexes and values that {@link #select} kept, in order, in arrays that grow and are reused page after page. */
  static final class Positions {
    int[] at = new int[64];
    int[] values = new int[64];
    int size;

    void clear() {
      size = 0;
    }

    void add(int index, int value) {
      if (size == at.length) {
        grow(size + 1);
      }
      at[size] = index;
      values[size++] = value;
    }

    void addRun(int from, int k, int value) {
      if (size + k > at.length) {
        grow(size + k);
      }
      for (int j = 0; j < k; j++) {
        at[size + j] = from + j;
      }
      java.util.Arrays.fill(values, size, size + k, value);
      size += k;
    }

    private void grow(int need) {
      int n = Math.max(need, at.length * 2);
      at = java.util.Arrays.copyOf(at, n);
      values = java.util.Arrays.copyOf(values, n);
    }
  }

  /** Skips {@code n} values. */
  void skip(int n) {
    while (n > 0) {
      if (left == 0) {
        nextRun();
      }
      int k = Math.min(left, n);
      if (!rle) {
        bitPos += (long) k * bitWidth;
      }
      left -= k;
      n -= k;
    }
  }

  /**
   * Whether values remain past those read: the rest of an RLE run, or bytes after the current run. The rest of a
   * bit-packed group is padding (groups hold 8 values) and does not count.
   */
  boolean leftOver() {
    return (rle && left > 0) || pos < end;
  }

  /** The bit width needed to store {@code max}. */
  static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }
}
