package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.internal.io.BackgroundHasher;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An append-only output over a {@link FileChannel} with a 1 MiB buffer. It never seeks, so the bytes handed to an
 * optional {@link BackgroundHasher}, in order, are exactly the file; with one, each buffer handed over is the file's
 * next aligned 1 MiB span. Without one, writes of a buffer's size or more go to the channel directly.
 *
 * <p>{@link #close} does not sync: publication decides that ({@code durable}), so a non-durable write never waits on
 * the device.
 */
final class FileOutput implements AutoCloseable {
  static final int BUFFER_BYTES = BackgroundHasher.BUFFER_BYTES;

  private final FileChannel channel;
  private final BackgroundHasher hasher;
  private byte[] buffer;
  private int used;
  private long position;
  private boolean closed;

  /** Creates or truncates {@code path}; {@code hasher} hashes every written byte (on its lane or inline), or null. */
  FileOutput(Path path, BackgroundHasher hasher) throws IOException {
    this.channel = FileChannel.open(
        path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    this.hasher = hasher;
    try {
      this.buffer = hasher == null ? new byte[BUFFER_BYTES] : take(hasher);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private static byte[] take(BackgroundHasher h) throws IOException {
    try {
      return h.buffer();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the hasher");
    }
  }

  long position() {
    return position;
  }

  void write(byte[] b, int off, int len) throws IOException {
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

  /** Writes what is buffered (the hasher gets the last, possibly short, span) and closes the channel. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      drain();
    } finally {
      channel.close();
    }
  }

  /** Closes the channel without writing what is buffered (an abandoned write). */
  void abandon() {
    if (!closed) {
      closed = true;
      try {
        channel.close();
      } catch (IOException ignored) {
        // the temporary file is deleted by its owner whatever state the channel is in
      }
    }
  }
}
