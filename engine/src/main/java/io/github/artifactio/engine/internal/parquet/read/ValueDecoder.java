package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * The non-null values of one data page, read in bulk into primitive arrays. PLAIN and dictionary pages are decoded
 * here straight from the page bytes (the common encodings, and the fast path); every other encoding goes through
 * parquet-java's {@link ValuesReader} for that encoding, one value per call (the fallback).
 */
abstract class ValueDecoder {
  abstract void readInts(int[] dst, int off, int n);

  abstract void readLongs(long[] dst, int off, int n);

  abstract void readFloats(float[] dst, int off, int n);

  abstract void readDoubles(double[] dst, int off, int n);

  abstract void readBooleans(boolean[] dst, int off, int n);

  /** Appends one value to the builder's arena. */
  abstract void readBinary(Builders.Utf8 out);

  /**
   * Appends {@code n} values to the builder's arena, the end of each as the offset of batch rows {@code row + 1} on:
   * the path of a string column whose rows all hold a value, one call a batch rather than one a value.
   */
  void readBinaries(Builders.Utf8 out, int n, int row) {
    for (int i = 0; i < n; i++) {
      readBinary(out);
      out.offsets[row + i + 1] = out.used;
    }
  }

  abstract void skip(int n);

  /**
   * Whether the page holds bytes of values past those its levels asked for, once every level is consumed: a value
   * count below the page's (a header field outside the CRC) otherwise drops a value and shifts the rest, and levels
   * decoded from the wrong bytes (a changed level encoding) leave values over. PLAIN and dictionary ids know where
   * their values end; parquet-java's decoders of the other encodings say no.
   */
  boolean leftOver() {
    return false;
  }

  /** Interns one value as the id of row {@code row} of the batch; dictionary decoders hand over the entry instead. */
  void readInterned(Builders.Interned out, int row) {
    out.scratch.used = 0;
    readBinary(out.scratch);
    out.ids[row] = out.interner.intern(out.scratch.data, 0, out.scratch.used);
  }

  static PageFormatException truncated() {
    return new PageFormatException("the page's values end before its value count does");
  }

  /** PLAIN: fixed-width little-endian values, bit-packed booleans, length-prefixed byte arrays. */
  static final class Plain extends ValueDecoder {
    private final byte[] buf;
    private int pos;
    private final int end;
    private final int width;
    private int bit; // booleans: index of the next bit from pos

    Plain(byte[] buf, int pos, int end, int width) {
      this.buf = buf;
      this.pos = pos;
      this.end = end;
      this.width = width;
    }

    @Override
    boolean leftOver() {
      return width == 0 ? pos + (bit > 0 ? 1 : 0) < end : pos < end;
    }

    private int take(int n) {
      long bytes = (long) n * width;
      if (pos + bytes > end) {
        throw truncated();
      }
      int at = pos;
      pos += (int) bytes;
      return at;
    }

    @Override
    void readInts(int[] dst, int off, int n) {
      int at = take(n);
      ByteBuffer.wrap(buf, at, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(dst, off, n);
    }

    @Override
    void readLongs(long[] dst, int off, int n) {
      int at = take(n);
      ByteBuffer.wrap(buf, at, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(dst, off, n);
    }

    @Override
    void readFloats(float[] dst, int off, int n) {
      int at = take(n);
      ByteBuffer.wrap(buf, at, n * 4).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(dst, off, n);
    }

    @Override
    void readDoubles(double[] dst, int off, int n) {
      int at = take(n);
      ByteBuffer.wrap(buf, at, n * 8).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(dst, off, n);
    }

    @Override
    void readBooleans(boolean[] dst, int off, int n) {
      long lastBit = (long) pos * 8 + bit + n;
      if ((lastBit + 7) / 8 > end) {
        throw truncated();
      }
      for (int i = 0; i < n; i++) {
        dst[off + i] = ((buf[pos] >>> bit) & 1) != 0;
        if (++bit == 8) {
          bit = 0;
          pos++;
        }
      }
    }

    @Override
    void readBinary(Builders.Utf8 out) {
      int len = lengthAt(pos);
      pos += 4;
      out.append(buf, pos, len);
      pos += len;
    }

    /** The length of the byte array value whose 4-byte length is at {@code p}, checked to lie in the page. */
    private int lengthAt(int p) {
      if (p + 4 > end) {
        throw truncated();
      }
      int len = (buf[p] & 0xff) | (buf[p + 1] & 0xff) << 8 | (buf[p + 2] & 0xff) << 16 | (buf[p + 3] & 0xff) << 24;
      if (len < 0 || len > end - p - 4) {
        throw new PageFormatException("a byte array value of " + (len & 0xffffffffL) + " bytes runs past its page");
      }
      return len;
    }

    @Override
    void readBinaries(Builders.Utf8 out, int n, int row) {
      // the values' bytes are at most the page's bytes left, so the arena grows once here, not value by value
      out.reserve(end - pos);
      byte[] src = buf;
      byte[] dst = out.data;
      int[] offsets = out.offsets;
      int p = pos;
      int used = out.used;
      try {
        for (int i = 0; i < n; i++) {
          int len = lengthAt(p);
          p += 4;
          System.arraycopy(src, p, dst, used, len);
          used += len;
          p += len;
          offsets[row + i + 1] = used;
        }
      } finally {
        pos = p;
        out.used = used;
      }
    }

    @Override
    void skip(int n) {
      if (width > 0) {
        take(n);
      } else if (width == 0) { // booleans
        long bits = (long) bit + n;
        pos += (int) (bits >>> 3);
        bit = (int) (bits & 7);
      } else {
        for (int i = 0; i < n; i++) {
          if (pos + 4 > end) {
            throw truncated();
          }
          int len = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8 | (buf[pos + 2] & 0xff) << 16
              | (buf[pos + 3] & 0xff) << 24;
          pos += 4;
          if (len < 0 || len > end - pos) {
            throw new PageFormatException("a byte array value runs past its page");
          }
          pos += len;
        }
      }
    }
  }

  /** RLE_DICTIONARY / PLAIN_DICTIONARY: a bit width byte, then hybrid-encoded ids into the chunk's dictionary. */
  static final class Dict extends ValueDecoder {
    private final RleDecoder ids;
    private final Dictionary dict;
    private int[] scratch = new int[0];

    Dict(byte[] buf, int pos, int end, Dictionary dict) {
      if (pos >= end) {
        // a page of nulls only may hold no id data at all
        this.ids = new RleDecoder(buf, pos, end, 0);
      } else {
        this.ids = new RleDecoder(buf, pos + 1, end, buf[pos] & 0xff);
      }
      this.dict = dict;
    }

    private int[] ids(int n) {
      if (scratch.length < n) {
        scratch = new int[Math.max(n, 1024)];
      }
      ids.read(scratch, 0, n);
      int size = dict.size;
      for (int i = 0; i < n; i++) {
        if (scratch[i] < 0 || scratch[i] >= size) {
          throw new PageFormatException("dictionary id " + scratch[i] + " is outside a dictionary of " + size);
        }
      }
      return scratch;
    }

    @Override
    void readInts(int[] dst, int off, int n) {
      int[] id = ids(n);
      int[] d = dict.ints;
      for (int i = 0; i < n; i++) {
        dst[off + i] = d[id[i]];
      }
    }

    @Override
    void readLongs(long[] dst, int off, int n) {
      int[] id = ids(n);
      long[] d = dict.longs;
      for (int i = 0; i < n; i++) {
        dst[off + i] = d[id[i]];
      }
    }

    @Override
    void readFloats(float[] dst, int off, int n) {
      int[] id = ids(n);
      float[] d = dict.floats;
      for (int i = 0; i < n; i++) {
        dst[off + i] = d[id[i]];
      }
    }

    @Override
    void readDoubles(double[] dst, int off, int n) {
      int[] id = ids(n);
      double[] d = dict.doubles;
      for (int i = 0; i < n; i++) {
        dst[off + i] = d[id[i]];
      }
    }

    @Override
    void readBooleans(boolean[] dst, int off, int n) {
      int[] id = ids(n);
      boolean[] d = dict.booleans;
      for (int i = 0; i < n; i++) {
        dst[off + i] = d[id[i]];
      }
    }

    @Override
    void readInterned(Builders.Interned out, int row) {
      out.ids[row] = out.interner.intern(dict, ids(1)[0]);
    }

    @Override
    void readBinaries(Builders.Utf8 out, int n, int row) {
      int[] id = ids(n);
      int[] from = dict.offsets;
      byte[] bytes = dict.bytes;
      int[] offsets = out.offsets;
      for (int i = 0; i < n; i++) {
        int at = from[id[i]];
        out.append(bytes, at, from[id[i] + 1] - at);
        offsets[row + i + 1] = out.used;
      }
    }

    @Override
    void readBinary(Builders.Utf8 out) {
      int id = ids(1)[0];
      int from = dict.offsets[id];
      out.append(dict.bytes, from, dict.offsets[id + 1] - from);
    }

    @Override
    void skip(int n) {
      ids.skip(n);
    }

    @Override
    boolean leftOver() {
      return ids.leftOver();
    }
  }

  /** A dictionary page's values, decoded once per column chunk. */
  static final class Dictionary {
    final int size;
    int[] ints;
    long[] longs;
    float[] floats;
    double[] doubles;
    boolean[] booleans;
    byte[] bytes;
    int[] offsets;

    Dictionary(int size) {
      this.size = size;
    }
  }

  /** Every other encoding, through parquet-java's reader for it. */
  static final class Fallback extends ValueDecoder {
    private final ValuesReader r;

    Fallback(ColumnDescriptor leaf, Encoding encoding, int valueCount, byte[] buf, int pos, int end) {
      try {
        this.r = encoding.getValuesReader(leaf, ValuesType.VALUES);
        r.initFromPage(valueCount, ByteBufferInputStream.wrap(ByteBuffer.wrap(buf, pos, end - pos)));
      } catch (IOException | RuntimeException e) {
        throw new PageFormatException(encoding + " values do not decode: " + e, e);
      }
    }

    @Override
    void readInts(int[] dst, int off, int n) {
      for (int i = 0; i < n; i++) {
        dst[off + i] = r.readInteger();
      }
    }

    @Override
    void readLongs(long[] dst, int off, int n) {
      for (int i = 0; i < n; i++) {
        dst[off + i] = r.readLong();
      }
    }

    @Override
    void readFloats(float[] dst, int off, int n) {
      for (int i = 0; i < n; i++) {
        dst[off + i] = r.readFloat();
      }
    }

    @Override
    void readDoubles(double[] dst, int off, int n) {
      for (int i = 0; i < n; i++) {
        dst[off + i] = r.readDouble();
      }
    }

    @Override
    void readBooleans(boolean[] dst, int off, int n) {
      for (int i = 0; i < n; i++) {
        dst[off + i] = r.readBoolean();
      }
    }

    @Override
    void readBinary(Builders.Utf8 out) {
      Binary b = r.readBytes();
      byte[] bytes = b.getBytesUnsafe();
      out.append(bytes, 0, b.length());
    }

    @Override
    void skip(int n) {
      r.skip(n);
    }
  }
}
