package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.internal.io.BackgroundHasher;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * An append-only Parquet output over a {@link FileChannel} with a 1 MiB buffer (parquet-java's LocalOutputFile buffers
 * 4 KB). It never seeks, so the bytes handed to an optional {@link BackgroundHasher}, in order, are exactly the file;
 * with one, each buffer handed over is the file's next aligned 1 MiB span.
 */
final class FileOutput implements OutputFile {
  static final int BUFFER_BYTES = BackgroundHasher.BUFFER_BYTES;

  private final Path path;
  private final BackgroundHasher hasher;

  /** @param hasher hashes every written byte (on its lane or inline), or {@code null} */
  public FileOutput(Path path, BackgroundHasher hasher) {
    this.path = path;
    this.hasher = hasher;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    return new Stream(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), hasher);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
    return new Stream(
        FileChannel.open(
            path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE),
        hasher);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return path.toString();
  }

  private static final class Stream extends PositionOutputStream {
    private final FileChannel channel;
    private final BackgroundHasher hasher;
    private byte[] buffer;
    private int used;
    private long position;
    private boolean closed;

    Stream(FileChannel channel, BackgroundHasher hasher) throws IOException {
      this.channel = channel;
      this.hasher = hasher;
      this.buffer = hasher == null ? new byte[BUFFER_BYTES] : take(hasher);
    }

    private static byte[] take(BackgroundHasher h) throws IOException {
      try {
        return h.buffer();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the hasher");
      }
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      if (used == buffer.length) {
        drain();
      }
      buffer[used++] = (byte) b;
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (hasher == null && len >= buffer.length) {
        drain();
        ByteBuffer src = ByteBuffer.wrap(b, off, len);
        while (src.hasRemaining()) {
          channel.write(src);
        }
        position += len;
        return;
      }
      // with a hasher every byte goes through the buffers, which are what it hashes
      while (len > 0) {
        if (used == buffer.length) {
          drain();
        }
        int n = Math.min(len, buffer.length - used);
        System.arraycopy(b, off, buffer, used, n);
        used += n;
        off += n;
        len -= n;
        position += n;
      }
    }

    private void drain() throws IOException {
      ByteBuffer src = ByteBuffer.wrap(buffer, 0, used);
      while (src.hasRemaining()) {
        channel.write(src);
      }
      if (hasher != null && used > 0) {
        try {
          hasher.hash(buffer, used);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while handing bytes to the hasher");
        }
        buffer = take(hasher);
      }
      used = 0;
    }

    @Override
    public void flush() throws IOException {
      // with a hasher every block but the last must be a full 1 MiB span, so a flush keeps its bytes buffered (nothing
      // reads the temporary file before close, which writes them); without one, the bytes go to the channel
      if (hasher == null) {
        drain();
      }
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        drain();
        // durable before the rename publishes it
        channel.force(true);
      } finally {
        channel.close();
      }
    }
  }
}
