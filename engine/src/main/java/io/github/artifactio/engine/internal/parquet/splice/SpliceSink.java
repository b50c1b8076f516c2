package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.io.EarlyWriteback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * The output of a splice, written in destination order and hashed as it goes. Bytes copied from an input
 * ({@link #copy}) reach the file by a copy from the input file in the kernel ({@code FileChannel.transferTo}, which
 * Linux does with {@code sendfile}, no pass through this process); the same bytes, which the input reader has read
 * to check their pages, go into the hash buffer. Bytes made here (the magic, page indexes, footer) go through the
 * hash buffer and are written from it. The hash buffer (16 MiB by default) starts at a multiple of its size in the
 * file, so its spans are the file's aligned spans and are hashed in place, on the hashing lanes, when it is full.
 *
 * <p>Why the kernel copy: on the 2-vCPU benchmark machine, {@code write} of 1.2 GB from a Java buffer cost 0.9 s of
 * system time per splice where {@code cat}'s {@code copy_file_range} moved the same bytes in 0.35 s (strace -c). The
 * bytes written are then read from the input twice (by the check and by the kernel): {@link InputReader#finish} makes
 * sure the input did not change in between, so the digest is the file's.
 */
final class SpliceSink implements SpliceFooter.TailSink {
  private final Path path;
  private final WritableByteChannel channel;
  private final byte[] buffer;
  private final SpanHashing.Stream hash;
  private final SpanHashing hashing;
  /** Told each time bytes reached the file, or null. */
  private final EarlyWriteback writeback;
  private int used;
  /** {@code buffer[written..used)} are bytes made here that are not in the file yet. */
  private int written;
  private long position;

  SpliceSink(Path path, WritableByteChannel channel, int bufferBytes, SpanHashing hashing, EarlyWriteback writeback) {
    this.path = path;
    this.writeback = writeback;
    this.channel = channel;
    this.buffer = new byte[bufferBytes];
    this.hashing = hashing;
    this.hash = hashing.stream();
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    append(b, off, len, false);
  }

  @Override
  public void copy(FileChannel from, long at, byte[] b, int off, int len) {
    writePending(); // the file's bytes stay in destination order
    long done = 0;
    try {
      while (done < len) {
        long n = from.transferTo(at + done, len - done, channel);
        if (n <= 0) {
          throw new IOException("the input gave no bytes at " + (at + done) + "; it ended early");
        }
        done += n;
      }
      if (writeback != null) {
        writeback.written(position + len); // every byte up to this copy's end is in the file now
      }
    } catch (IOException e) {
      // a copy that fails part-way does not say how far it got: the message gives the range it was writing
      throw new ArtifactException(path, "writing bytes " + position + ".." + (position + len)
          + " (copied from an input): " + e, e);
    }
    append(b, off, len, true);
  }

  /** Takes bytes into the hash buffer; {@code inFile}: they were written already. */
  private void append(byte[] b, int off, int len, boolean inFile) {
    while (len > 0) {
      int n = Math.min(len, buffer.length - used);
      System.arraycopy(b, off, buffer, used, n);
      used += n;
      if (inFile) {
        written = used;
      }
      off += n;
      len -= n;
      position += n;
      if (used == buffer.length) {
        flush();
      }
    }
  }

  /** Writes the bytes made here that the file does not have yet. */
  private void writePending() {
    if (written == used) {
      return;
    }
    try {
      ByteBuffer src = ByteBuffer.wrap(buffer, written, used - written);
      while (src.hasRemaining()) {
        channel.write(src);
      }
      if (writeback != null) {
        writeback.written(position);
      }
    } catch (IOException e) {
      throw new ArtifactException(path, "writing at byte " + (position - (used - written)) + ": " + e, e);
    }
    written = used;
  }

  private void flush() {
    SpanHashing.Batch batch = hashing.batch();
    hash.feed(buffer, 0, used, batch);
    batch.start();
    try {
      writePending();
    } finally {
      batch.await(); // the buffer is refilled next: its spans must be hashed first
    }
    used = 0;
    written = 0;
  }

  /** Writes what is buffered and returns the digest of every byte written. */
  ContentHash finish() {
    flush();
    return hash.finish();
  }
}
