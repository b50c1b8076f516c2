package io.github.artifactio.engine.internal.parquet;

/**
 * The RLE/bit-packed hybrid encoding of Parquet's levels and dictionary ids, written into a {@link Bytes}: values are
 * gathered in groups of eight; eight or more equal values in a row become an RLE run (a varint header {@code count
 * << 1}, then the value in {@code ceil(width / 8)} bytes), anything else is bit-packed, LSB first, in runs of at most
 * 63 groups (a one-byte header {@code groups << 1 | 1} reserved before the groups and filled in when the run ends).
 * The same values always give the same bytes; {@link RleDecoder} is the reader's side.
 *
 * <p>{@link #run} takes a run of equal values in one call: after the eighth repeat it only counts, so a list column's
 * definition levels (thousands of items of present lists in a row) cost one call per row, not one per item.
 */
final class HybridEncoder {
  private final int[] group = new int[8];
  private int width;
  private Bytes out;
  private int buffered;
  private int previous;
  private int repeats;
  private int packedHeader = -1;
  private int packedGroups;
  private int count;

  /** Starts a new stream of {@code width}-bit values appended to {@code out}. */
  void start(Bytes out, int width) {
    this.out = out;
    this.width = width;
    buffered = 0;
    previous = 0;
    repeats = 0;
    packedHeader = -1;
    packedGroups = 0;
    count = 0;
  }

  /** Values written since {@link #start}. */
  int count() {
    return count;
  }

  void add(int value) {
    count++;
    if (value == previous) {
      if (++repeats >= 8) {
        return; // an RLE run for sure: count only
      }
    } else {
      if (repeats >= 8) {
        writeRleRun();
      }
      repeats = 1;
      previous = value;
    }
    group[buffered++] = value;
    if (buffered == 8) {
      writePackedGroup();
    }
  }

  /** {@code n} copies of {@code value}. */
  void run(int value, int n) {
    while (n > 0 && (value != previous || repeats < 8)) {
      add(value);
      n--;
    }
    repeats += n; // already an RLE run of value: the rest only counts
    count += n;
  }

  private void writePackedGroup() {
    if (packedGroups == 63) {
      endPackedRun();
    }
    if (packedHeader < 0) {
      out.put(0); // the run's header, filled in by endPackedRun
      packedHeader = out.size - 1;
    }
    pack(group, width, out);
    buffered = 0;
    repeats = 0; // repeats just packed cannot start an RLE run any more
    packedGroups++;
  }

  /** Bit-packs eight values of {@code width} bits, LSB first, into {@code width} bytes. */
  static void pack(int[] v, int width, Bytes out) {
    out.ensure(width);
    byte[] b = out.buf;
    int at = out.size;
    if (width <= 8) {
      long acc = 0;
      for (int i = 0; i < 8; i++) {
        acc |= (v[i] & 0xffL) << (i * width);
      }
      for (int i = 0; i < width; i++) {
        b[at + i] = (byte) (acc >>> (8 * i));
      }
    } else {
      long mask = width == 32 ? 0xffff_ffffL : (1L << width) - 1;
      long acc = 0;
      int bits = 0;
      int k = at;
      for (int i = 0; i < 8; i++) {
        acc |= (v[i] & mask) << bits;
        bits += width;
        while (bits >= 8) {
          b[k++] = (byte) acc;
          acc >>>= 8;
          bits -= 8;
        }
      }
    }
    out.size = at + width;
  }

  private void endPackedRun() {
    if (packedHeader >= 0) {
      out.buf[packedHeader] = (byte) ((packedGroups << 1) | 1);
      packedHeader = -1;
      packedGroups = 0;
    }
  }

  private void writeRleRun() {
    endPackedRun();
    out.putVarint(repeats << 1);
    for (int i = 0, bytes = (width + 7) / 8; i < bytes; i++) {
      out.put(previous >>> (8 * i));
    }
    repeats = 0;
    buffered = 0; // the buffered values were the run's first seven
  }

  /** Ends the stream: every value written is in {@code out} (a last partial group is padded with zeros). */
  void finish() {
    if (repeats >= 8) {
      writeRleRun();
    } else if (buffered > 0) {
      for (int i = buffered; i < 8; i++) {
        group[i] = 0;
      }
      writePackedGroup();
    }
    endPackedRun();
  }

  /**
   * The bytes the stream would take if it ended now, within a few bytes: what is written plus the pending group or
   * run. The page size checks use it, so it depends only on the values written, never on when it is asked.
   */
  long estimatedBytes(int since) {
    return out.size - since + (repeats >= 8 ? 6 : (buffered * width + 7) / 8 + (packedHeader < 0 ? 1 : 0));
  }

  /** The bit width of values up to {@code max}: 0 for 0. */
  static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }
}
