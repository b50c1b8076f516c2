package io.github.artifactio.engine.internal.parquet.write;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.io.BackgroundHasher;
import io.github.artifactio.engine.internal.io.EarlyWriteback;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * An append-only output over a {@link FileChannel} with a 1 MiB buffer. It never seeks, so the bytes handed to an
 * optional {@link BackgroundHasher}, in order, are exactly the file; with one, each buffer handed over is the file's
 * next aligned 1 MiB span. Without one, writes of a buffer's size or more go to the channel directly.
 *
 * <p>{@link #close} does not sync: publication decides that ({@code durable}), so a non-durable write never waits on
 * the device.
 *
 * <p>With direct IO ({@code WriteOptions.directIo}) the channel is opened with {@code O_DIRECT}: every write is the
 * 1 MiB buffer (a multiple of the file system's block size, at a file position that is one too), the last one padded
 * to a whole block, and {@link #close} cuts the file back to the bytes written. Where the file system refuses
 * {@code O_DIRECT}, or its block size does not divide the buffer, the output writes through the page cache instead
 * ({@link #direct()} says which).
 *
 * <p>A durable write through the page cache may start the device writes early ({@link #writeBackOn}): the output then
 * tells an {@link EarlyWriteback} each time bytes reach the channel.
 */
final class FileOutput implements AutoCloseable {
  static final int BUFFER_BYTES = BackgroundHasher.BUFFER_BYTES;

  private final FileChannel channel;
  private final BackgroundHasher hasher;
  private byte[] buffer;
  private int used;
  private long position;
  private boolean closed;
  /** Whether the channel bypasses the page cache; its block size when it does. */
  private final boolean direct;
  private final int block;
  /**
   * Where a direct write copies the buffer first: a direct buffer aligned to the block. Handing the channel a heap
   * buffer instead lets the JDK take an aligned temporary one, which JDK 17's per-thread cache later fails to free
   * (a NullPointerException in {@code sun.nio.ch.Util.free} at the thread's next ordinary write; found by this
   * class's test).
   */
  private final ByteBuffer aligned;
  private EarlyWriteback writeback;

  /** Creates or truncates {@code path}; {@code hasher} hashes every written byte (on its lane or inline), or null. */
  FileOutput(Path path, BackgroundHasher hasher) throws IOException {
    this(path, hasher, false);
  }

  /** How the direct channel is opened; tests make it refuse, as a file system without {@code O_DIRECT} does. */
  interface DirectOpener {
    FileChannel open(Path path) throws IOException;
  }

  static final DirectOpener DIRECT = path -> FileChannel.open(path, StandardOpenOption.CREATE,
      StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT);

  /** As {@link #FileOutput(Path, BackgroundHasher)}, with direct IO when {@code direct} and the file system allows. */
  FileOutput(Path path, BackgroundHasher hasher, boolean direct) throws IOException {
    this(path, hasher, direct, DIRECT);
  }

  FileOutput(Path path, BackgroundHasher hasher, boolean direct, DirectOpener opener) throws IOException {
    FileChannel ch = null;
    int blockSize = direct ? directBlock(path) : 0;
    if (blockSize > 0) {
      try {
        ch = opener.open(path);
      } catch (IOException | UnsupportedOperationException refused) {
        ch = null; // EINVAL from a file system without O_DIRECT: through the page cache, below
      }
    }
    this.direct = ch != null;
    this.block = this.direct ? blockSize : 0;
    this.aligned = this.direct ? ByteBuffer.allocateDirect(BUFFER_BYTES + blockSize).alignedSlice(blockSize) : null;
    this.channel = ch != null ? ch : FileChannel.open(
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

  /**
   * Starts the device writes of the bytes written from now on while the writer goes on, on {@code lane} (which this
   * output owns from now on); a direct output has nothing to write back and gives the lane back at once.
   */
  void writeBackOn(Lane lane) {
    if (direct) {
      lane.close();
    } else {
      writeback = new EarlyWriteback(lane, () -> channel.force(false));
    }
  }

  long position() {
    return position;
  }

  /** Whether the bytes bypass the page cache. */
  boolean direct() {
    return direct;
  }

  /**
   * The block size direct writes to {@code path}'s file system must be multiples of, or 0 when direct IO cannot be
   * used there: the block size must divide the buffer, whose every full write is then aligned.
   */
  static int directBlock(Path path) {
    try {
      Path folder = path.toAbsolutePath().getParent();
      return usableBlock(Files.getFileStore(folder).getBlockSize());
    } catch (IOException | UnsupportedOperationException e) {
      return 0;
    }
  }

  /** {@code blockSize} when a power of two that divides the buffer, else 0. */
  static int usableBlock(long blockSize) {
    return blockSize > 0 && blockSize <= BUFFER_BYTES && Long.bitCount(blockSize) == 1 ? (int) blockSize : 0;
  }

  void write(byte[] b, int off, int len) throws IOException {
    if (!direct && hasher == null && len >= buffer.length) {
      drain();
      ByteBuffer src = ByteBuffer.wrap(b, off, len);
      while (src.hasRemaining()) {
        channel.write(src);
      }
      position += len;
      if (writeback != null) {
        writeback.written(position);
      }
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
    // a direct write is whole blocks: only the last buffer can be short, and it is padded (cut back at close)
    int length = direct ? (used + block - 1) / block * block : used;
    if (length > used) {
      Arrays.fill(buffer, used, length, (byte) 0);
    }
    ByteBuffer src;
    if (direct) {
      aligned.clear();
      aligned.put(buffer, 0, length).flip();
      src = aligned;
    } else {
      src = ByteBuffer.wrap(buffer, 0, length);
    }
    while (src.hasRemaining()) {
      channel.write(src);
    }
    if (writeback != null) {
      writeback.written(position); // every byte written so far is in the channel now
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
      if (writeback != null) {
        writeback.close(); // its last sync ends before the channel closes under it; a failed one fails the write
      }
      if (direct) {
        channel.truncate(position); // the last block's padding
      }
    } finally {
      endWriteback(); // also when the last bytes failed to drain: the lane's turn goes back
      channel.close();
    }
  }

  /** Closes the channel without writing what is buffered (an abandoned write). */
  void abandon() {
    if (!closed) {
      closed = true;
      endWriteback();
      try {
        channel.close();
      } catch (IOException ignored) {
        // the temporary file is deleted by its owner whatever state the channel is in
      }
    }
  }

  /** Waits for an early sync in progress and gives its lane back, whatever became of it (the caller is failing). */
  private void endWriteback() {
    if (writeback != null) {
      try {
        writeback.close();
      } catch (IOException ignored) {
        // reported by close() when the write got that far; otherwise the write fails for another reason
      }
    }
  }
}
