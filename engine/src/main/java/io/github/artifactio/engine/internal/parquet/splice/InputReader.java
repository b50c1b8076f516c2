package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads one input forward through the splice's read buffer and hands its chunk bytes to the output: adjacent chunks
 * are one run, read with as few reads as the buffer allows (one per 16 MiB), never mapped. With input hashing on, the
 * bytes between and around the runs are read too (the input is then read once, start to end, and its digest taken on
 * the way); without it they are skipped. A run that lies before what was already read (a writer that put a row
 * group's chunks out of schema order) is read with its own reads, and the input is then hashed on its own at the end.
 */
final class InputReader {
  /** One chunk to copy: its bytes in the input, and the page check its bytes go through (null: not checked). */
  record Segment(long start, long length, SplicePageCheck check, long[] pageOffsets, int[] pageSizes) {
    long end() {
      return start + length;
    }

    /**
     * Chunk ({@code rowGroup}, {@code leaf}) of {@code in}, its pages checked against {@code indexes} when verifying.
     */
    static Segment of(SpliceInput in, int rowGroup, int leaf, SpliceIndexes indexes, boolean verify) {
      SpliceInput.Chunk c = in.chunk(rowGroup, leaf);
      if (!verify) {
        return new Segment(c.start(), c.length(), null, null, null);
      }
      return new Segment(c.start(), c.length(), new SplicePageCheck(in.path(), c.column(), rowGroup, c.length(),
          c.values()), indexes.pageOffsets(leaf, c.start()), indexes.pageSizes(leaf));
    }
  }

  private final SpliceInput input;
  private final Path path;
  private final FileChannel channel;
  private final long length;
  private final byte[] buffer;
  private final SpanHashing hashing;
  private SpanHashing.Stream hash;
  private boolean hashApart;
  private long position;
  private long bytesRead;

  InputReader(SpliceInput input, FileChannel channel, byte[] buffer, SpanHashing hashing, boolean hashInput) {
    this.input = input;
    this.path = input.path();
    this.channel = channel;
    this.length = input.length();
    this.buffer = buffer;
    this.hashing = hashing;
    this.hash = hashInput ? hashing.stream() : null;
  }

  long bytesRead() {
    return bytesRead;
  }

  /** Copies {@code segments} (in destination order) to {@code sink}, reading each run of adjacent ones together. */
  void copy(List<Segment> segments, SpliceFooter.TailSink sink) {
    int i = 0;
    while (i < segments.size()) {
      int j = i;
      while (j + 1 < segments.size() && segments.get(j + 1).start() == segments.get(j).end()) {
        j++;
      }
      run(segments.subList(i, j + 1), sink);
      i = j + 1;
    }
  }

  private void run(List<Segment> run, SpliceFooter.TailSink sink) {
    long start = run.get(0).start();
    long end = run.get(run.size() - 1).end();
    if (start < position) {
      // out of file order: read it on its own; the input's digest is then taken apart from the copy
      hashApart |= hash != null;
      hash = null;
      position = start;
    }
    if (hash == null) {
      position = start;
    }
    int seg = 0;
    long segAt = 0; // bytes of run.get(seg) already passed
    while (position < end) {
      long windowEnd = Math.min(end, position + buffer.length);
      if (hash != null && windowEnd < end && windowEnd % SpanHashing.SPAN != 0) {
        long aligned = windowEnd - windowEnd % SpanHashing.SPAN;
        windowEnd = aligned > position ? aligned : windowEnd;
      }
      int n = (int) (windowEnd - position);
      read(position, n);
      SpanHashing.Batch batch = null;
      if (hash != null) {
        batch = hashing.batch();
        hash.feed(buffer, 0, n, batch);
        batch.start();
      }
      try {
        // hand the window's chunk bytes to the output and their page checks
        long at = position;
        while (seg < run.size() && at < windowEnd) {
          Segment s = run.get(seg);
          long from = Math.max(at, s.start() + segAt);
          if (from >= windowEnd) {
            break;
          }
          if (from < s.start()) {
            from = s.start(); // bytes before the run: hashed only
          }
          int take = (int) (Math.min(windowEnd, s.end()) - from);
          int off = (int) (from - position);
          sink.copy(channel, from, buffer, off, take);
          if (s.check() != null) {
            s.check().feed(buffer, off, take);
          }
          segAt += take;
          at = from + take;
          if (segAt == s.length()) {
            if (s.check() != null) {
              s.check().finish();
              if (s.pageOffsets() != null) {
                s.check().checkOffsetIndex(s.pageOffsets(), s.pageSizes());
              }
            }
            seg++;
            segAt = 0;
          }
        }
      } finally {
        if (batch != null) {
          batch.await(); // the buffer is refilled next
        }
      }
      position = windowEnd;
    }
    // empty chunks (a writer may leave none, but a zero-length one must still be checked)
    for (; seg < run.size(); seg++) {
      Segment s = run.get(seg);
      if (s.check() != null) {
        s.check().finish();
      }
    }
  }

  /**
   * Reads what is left (when hashing) and returns the input's digest, or null when inputs are not hashed; then, the
   * input's last byte read, fails when the file changed since its footer was read ({@link SpliceInput#checkUnchanged}).
   */
  ContentHash finish() {
    ContentHash digest = null;
    if (hash != null) {
      while (position < length) {
        int n = (int) Math.min(buffer.length, length - position);
        read(position, n);
        SpanHashing.Batch batch = hashing.batch();
        hash.feed(buffer, 0, n, batch);
        batch.await();
        position += n;
      }
      digest = hash.finish();
    } else if (hashApart) {
      bytesRead += length;
      digest = Blake3.hashFile(path);
    }
    input.checkUnchanged();
    return digest;
  }

  private void read(long at, int n) {
    ByteBuffer b = ByteBuffer.wrap(buffer, 0, n);
    try {
      while (b.hasRemaining()) {
        if (channel.read(b, at + b.position()) < 0) {
          throw new ArtifactException(path, "the file ends at byte " + (at + b.position())
              + " but its footer places bytes up to " + (at + n) + "; it was truncated or changed while spliced");
        }
      }
    } catch (IOException e) {
      throw new ArtifactException(path, "reading at byte " + at + ": " + e, e);
    }
    bytesRead += n;
  }
}
