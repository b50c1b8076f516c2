package io.github.artifactio.engine.internal.parquet.read;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Positional reads of one file through a {@link FileChannel}, counted (bytes and calls), so tests and the benchmark
 * can show what a selection did not read. Positional reads do not move a shared position, so column groups decoding
 * on several threads read through one channel.
 *
 * <p>Not a memory mapping, though copying a chunk out of one was faster (8 MB: 1.1-1.5 ms against 1.6-2.0 ms into the
 * same reused array, loaded machine): a file cut shorter under a mapping faults (SIGBUS), which JDK 17 raises as an
 * {@code InternalError} not at the copy but at the thread's next call into the VM, wherever that is (in a test it came
 * out of the JDK's unmapping cleaner, which then ends the JVM). A positional read of bytes no longer there is an
 * {@link EOFException} naming the file, at the read.
 */
final class FileReads implements ChunkSource, AutoCloseable {
  /**
   * The most one read call asks for. A read into a heap array goes through the JDK's temporary direct buffer (the
   * kernel copies into it, the JDK out of it), as large as the call asks and then kept per thread: in pieces that
   * buffer stays in the CPU's cache and small (measured, 8 MB warm in the page cache: 0.9-1.0 ms of CPU in 256 KiB
   * pieces against 1.5-1.6 ms in one call; 64 MiB chunks had kept a 64 MiB buffer per reading thread).
   */
  static final int PIECE = 256 << 10;

  private final Path path;
  private final FileChannel channel;
  private final long length;
  final AtomicLong bytes = new AtomicLong();
  final AtomicLong reads = new AtomicLong();

  FileReads(Path path) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.length = channel.size();
  }

  long length() {
    return length;
  }

  /** Reads exactly {@code length} bytes at {@code offset}; a range past the end of the file is an error. */
  byte[] read(long offset, int length) throws IOException {
    byte[] out = new byte[Math.max(0, length)];
    readInto(offset, out, 0, length);
    return out;
  }

  private void readInto(long offset, byte[] dst, int dstOff, int length) throws IOException {
    readUncounted(offset, dst, dstOff, length);
    bytes.addAndGet(length);
    reads.incrementAndGet();
  }

  private void readUncounted(long offset, byte[] dst, int dstOff, int length) throws IOException {
    if (offset < 0 || length < 0 || offset + length > this.length) {
      throw new EOFException(
          "bytes " + offset + ".." + (offset + length) + " lie outside the file's " + this.length + " bytes");
    }
    ByteBuffer b = ByteBuffer.wrap(dst, dstOff, length);
    int end = dstOff + length;
    while (b.position() < end) {
      b.limit((int) Math.min(end, (long) b.position() + PIECE));
      int n = channel.read(b, offset + (b.position() - dstOff));
      if (n < 0) {
        throw new EOFException(
            "read " + (b.position() - dstOff) + " of " + length + " bytes at " + offset + " of " + path);
      }
    }
  }

  @Override
  public void readInto(int rowGroup, int leaf, long offset, byte[] dst, int dstOff, int length) throws IOException {
    readInto(offset, dst, dstOff, length);
  }

  /** Not counted: the header walk's bytes are counted when the pages are read. */
  @Override
  public void probe(int rowGroup, int leaf, long offset, byte[] dst, int dstOff, int length) throws IOException {
    readUncounted(offset, dst, dstOff, length);
  }

  @Override
  public Slice read(int rowGroup, int leaf, long offset, int length) throws IOException {
    return new Slice(read(offset, length), 0, length);
  }

  @Override
  public Slice read(int rowGroup, int leaf, long offset, int length, byte[] reuse) throws IOException {
    if (reuse == null || length < 0 || reuse.length < length) {
      return read(rowGroup, leaf, offset, length);
    }
    readInto(offset, reuse, 0, length);
    return new Slice(reuse, 0, length);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
