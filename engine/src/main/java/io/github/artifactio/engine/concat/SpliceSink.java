package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.parquet.SpliceFooter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * The output of a splice: one buffer (16 MiB by default) filled in destination order and written with one write when
 * full, hashed while it is written (its spans on the hashing executor, the write on the calling thread at the same
 * time). The buffer starts at a multiple of its size in the file, so its spans are the file's aligned spans and are
 * hashed in place. Never seeks: the digest is that of the file.
 */
final class SpliceSink implements SpliceFooter.TailSink {
  private final Path path;
  private final WritableByteChannel channel;
  private final byte[] buffer;
  private final SpanHashing.Stream hash;
  private final SpanHashing hashing;
  private int used;
  private long position;

  SpliceSink(Path path, WritableByteChannel channel, int bufferBytes, SpanHashing hashing) {
    this.path = path;
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
    while (len > 0) {
      int n = Math.min(len, buffer.length - used);
      System.arraycopy(b, off, buffer, used, n);
      used += n;
      off += n;
      len -= n;
      position += n;
      if (used == buffer.length) {
        flush();
      }
    }
  }

  private void flush() {
    SpanHashing.Batch batch = hashing.batch();
    hash.feed(buffer, 0, used, batch);
    batch.start();
    try {
      ByteBuffer src = ByteBuffer.wrap(buffer, 0, used);
      while (src.hasRemaining()) {
        channel.write(src);
      }
    } catch (IOException e) {
      throw new ArtifactException(path, "writing at byte " + (position - used) + ": " + e, e);
    } finally {
      batch.await(); // the buffer is refilled next: its spans must be hashed first
    }
    used = 0;
  }

  /** Writes what is buffered and returns the digest of every byte written. */
  ContentHash finish() {
    flush();
    return hash.finish();
  }
}
