package io.github.artifactio.it.bench;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * parquet-java's input for the read benchmark's parquet-java arm: a {@link FileChannel} with positional bulk reads.
 * parquet-java's LocalInputFile does not override {@code read(byte[], int, int)}, so it issues one system call per
 * byte (bulk reads of a 58 MB file took 29.7 s through it against 0.75 s through a buffered channel); the arm measures
 * parquet-java's decoding, not that. The engine itself reads no file through parquet-java (it was the engine's
 * {@code FileInput} until the engine read its footers itself).
 */
final class ChannelInputFile implements InputFile {
  private static final int BUFFER_BYTES = 64 * 1024;

  private final Path path;
  private final long length;

  ChannelInputFile(Path path) throws IOException {
    this.path = path;
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      this.length = ch.size();
    }
  }

  public Path path() {
    return path;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return new Stream(FileChannel.open(path, StandardOpenOption.READ));
  }

  @Override
  public String toString() {
    return path.toString();
  }

  /** A positional stream with a small read-ahead buffer for the many short reads of page headers. */
  private static final class Stream extends SeekableInputStream {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    /** File position of buffer[0]. */
    private long bufferStart;
    private long pos;

    Stream(FileChannel channel) {
      this.channel = channel;
      buffer.limit(0);
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) {
      pos = newPos;
    }

    private int fromBuffer(byte[] b, int off, int len) {
      long rel = pos - bufferStart;
      if (rel < 0 || rel >= buffer.limit()) {
        return 0;
      }
      int n = (int) Math.min(len, buffer.limit() - rel);
      System.arraycopy(buffer.array(), (int) rel, b, off, n);
      pos += n;
      return n;
    }

    private int fill() throws IOException {
      buffer.clear();
      bufferStart = pos;
      int n = channel.read(buffer, pos);
      buffer.flip();
      return n;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      int n = fromBuffer(b, off, len);
      if (n > 0) {
        return n;
      }
      if (len >= BUFFER_BYTES) {
        int r = channel.read(ByteBuffer.wrap(b, off, len), pos);
        if (r > 0) {
          pos += r;
        }
        return r;
      }
      if (fill() <= 0) {
        return -1;
      }
      return fromBuffer(b, off, len);
    }

    @Override
    public void readFully(byte[] b) throws IOException {
      readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
      while (len > 0) {
        int n = read(b, off, len);
        if (n < 0) {
          throw new EOFException("unexpected end of file at byte " + pos + " (" + len + " more bytes wanted)");
        }
        off += n;
        len -= n;
      }
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (dst.hasArray()) {
        int n = read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        if (n > 0) {
          dst.position(dst.position() + n);
        }
        return n;
      }
      byte[] tmp = new byte[dst.remaining()];
      int n = read(tmp, 0, tmp.length);
      if (n > 0) {
        dst.put(tmp, 0, n);
      }
      return n;
    }

    @Override
    public void readFully(ByteBuffer dst) throws IOException {
      while (dst.hasRemaining()) {
        if (read(dst) < 0) {
          throw new EOFException("unexpected end of file at byte " + pos);
        }
      }
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
