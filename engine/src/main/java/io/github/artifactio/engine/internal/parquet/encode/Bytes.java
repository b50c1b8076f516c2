package io.github.artifactio.engine.internal.parquet.encode;

import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable byte array written little-endian, reused page after page: the writer's page buffers, level streams,
 * compressed chunk bodies and page headers all live in these, so a steady write allocates nothing per page. Values are
 * stored through byte-array view handles, which compile to plain stores (floats by their raw bits, so NaN payloads
 * survive).
 */
public final class Bytes {
  public static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  public byte[] buf;
  public int size;

  public Bytes(int capacity) {
    buf = new byte[capacity];
  }

  /** Makes room for {@code more} bytes past {@link #size}. */
  public void ensure(int more) {
    long need = (long) size + more;
    if (need > buf.length) {
      if (need > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("a page or column chunk buffer would pass 2 GiB (" + need + " bytes)");
      }
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, buf.length * 2L)));
    }
  }

  public void reset() {
    size = 0;
  }

  void put(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  public void putInt(int v) {
    ensure(4);
    INT.set(buf, size, v);
    size += 4;
  }

  void put(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  /** An unsigned LEB128 varint, as the hybrid encoding's run headers are written. */
  void putVarint(int v) {
    ensure(5);
    while ((v & ~0x7f) != 0) {
      buf[size++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
  }

  /** This buffer as an output stream, for parquet-format's Thrift writers (page headers, indexes, footer). */
  public OutputStream stream() {
    return new OutputStream() {
      @Override
      public void write(int b) {
        put(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        put(b, off, len);
      }
    };
  }
}
