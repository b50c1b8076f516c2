package io.github.artifactio.engine.internal.parquet.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.InterningProtocol;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageHeader;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TTransport;
import shaded.parquet.org.apache.thrift.transport.TTransportException;

/**
 * Parquet's Thrift structures decoded straight from a byte array: the protocol parquet-java's {@code Util} builds (its
 * compact protocol, strings interned), over a transport that lends the protocol its array. {@code Util} reads through
 * an {@code InputStream}, one synchronized call and a bounds check per byte, which was most of the time of opening a
 * file and of reading one column (footer and page headers). The same generated code decodes the same structures;
 * only where the bytes come from differs, and no read can pass {@code end}. A length or count the remaining bytes
 * cannot hold fails before anything is allocated for it, as Thrift's own transports fail it against the message's
 * size.
 */
public final class ThriftBytes {
  private final byte[] buf;
  private int pos;
  private final int end;

  /** Decodes structures from {@code buf[pos..end)}, one after another. */
  public ThriftBytes(byte[] buf, int pos, int end) {
    if (pos < 0 || end < pos || end > buf.length) {
      throw new IndexOutOfBoundsException("bytes " + pos + ".." + end + " of an array of " + buf.length);
    }
    this.buf = buf;
    this.pos = pos;
    this.end = end;
  }

  /** Where the next structure starts: just past the last one decoded. */
  public int position() {
    return pos;
  }

  /** The next page header. */
  public PageHeader pageHeader() throws IOException {
    return read(new PageHeader());
  }

  /** The next footer. */
  public FileMetaData fileMetaData() throws IOException {
    return read(new FileMetaData());
  }

  /** The next offset index. */
  public OffsetIndex offsetIndex() throws IOException {
    return read(new OffsetIndex());
  }

  private <T extends TBase<?, ?>> T read(T t) throws IOException {
    Transport transport = new Transport();
    try {
      t.read(new InterningProtocol(new CopyingProtocol(transport)));
    } catch (TException e) {
      // as parquet-java's Util words it, so that ThriftErrors reads the same messages from either
      throw new IOException("can not read " + t.getClass() + ": " + e.getMessage(), e);
    } finally {
      pos = transport.at;
    }
    return t;
  }

  /**
   * The compact protocol, but each binary field a copy: over a lent array the protocol hands out views of it, and a
   * page header's statistics must not change when the reader refills that array with the next window of its chunk.
   */
  private static final class CopyingProtocol extends TCompactProtocol {
    CopyingProtocol(TTransport transport) {
      super(transport);
    }

    @Override
    public ByteBuffer readBinary() throws TException {
      ByteBuffer view = super.readBinary();
      byte[] copy = new byte[view.remaining()];
      view.get(copy);
      return ByteBuffer.wrap(copy);
    }
  }

  /**
   * A read-only transport over {@code buf[at..limit)} that lends the protocol its array. One structure may take at most
   * Thrift's default largest message (100 MiB, what parquet-java's {@code Util} allows too): past it, its bytes end.
   */
  private final class Transport extends TTransport {
    private final TConfiguration configuration = new TConfiguration();
    int at = pos;
    private final int limit = (int) Math.min(end, (long) pos + configuration.getMaxMessageSize());

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void open() {}

    @Override
    public void close() {}

    @Override
    public int read(byte[] dst, int off, int len) throws TTransportException {
      int n = Math.min(len, limit - at);
      if (n <= 0 && len > 0) {
        throw new TTransportException(TTransportException.END_OF_FILE, "the bytes end");
      }
      System.arraycopy(buf, at, dst, off, n);
      at += n;
      return n;
    }

    @Override
    public void write(byte[] src, int off, int len) throws TTransportException {
      throw new TTransportException("a read-only transport");
    }

    @Override
    public byte[] getBuffer() {
      return buf;
    }

    @Override
    public int getBufferPosition() {
      return at;
    }

    @Override
    public int getBytesRemainingInBuffer() {
      return limit - at;
    }

    @Override
    public void consumeBuffer(int len) {
      at += len;
    }

    @Override
    public TConfiguration getConfiguration() {
      return configuration;
    }

    @Override
    public void updateKnownMessageSize(long size) {}

    /** A length or count the bytes cannot hold is refused before the protocol allocates for it. */
    @Override
    public void checkReadBytesAvailable(long n) throws TTransportException {
      if (n > limit - at) {
        throw new TTransportException(TTransportException.END_OF_FILE,
            "a length of " + n + " bytes runs past the " + (limit - at) + " left");
      }
    }
  }
}
