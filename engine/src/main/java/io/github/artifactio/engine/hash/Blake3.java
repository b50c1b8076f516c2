package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.SubtreeParallel;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * BLAKE3 content hashes of files, byte arrays and strings.
 *
 * <p>Runs on the Vector API back end when the JVM was started with {@code --add-modules jdk.incubator.vector} (about
 * 4x the scalar one with AVX-512), else on the lane-loop one, plain Java that C2 vectorises (3.5x the scalar one),
 * where the CPU has AVX2, else on the scalar one; {@link #backend()} says which. Digests are the same on all. There
 * are no thread pools here: the parallel variant runs on the {@link EngineContext} the caller passes in.
 */
public final class Blake3 {
  /**
   * Files are read, not mapped, in 1 MiB reads: the hasher works on heap arrays, so a mapping would be copied anyway.
   * Measured on the build machine (128 MiB file in the page cache, best of 10): 1 MiB reads ran at the in-memory speed
   * (vector 0.75 vs 0.74 GB/s), mapping at 0.50 GB/s.
   */
  private static final int READ_LEN = 1 << 20;

  /** Hashes a file on the calling thread. */
  public static ContentHash hashFile(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return hashChannel(channel);
    } catch (IOException e) {
      throw failure(file, e);
    }
  }

  /**
   * Hashes a file with its 1 MiB spans spread over {@code context}'s threads (the calling thread hashes spans too);
   * same digest as {@link #hashFile(Path)}. A file of at most one span, or a serial context, is hashed on the calling
   * thread. Hashes the bytes the file has when it is opened; a file that shrinks meanwhile is an error.
   */
  public static ContentHash hashFile(Path file, EngineContext context) {
    Workers workers = Workers.of(context);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      if (size <= SubtreeParallel.SPAN_LEN || workers.isSerial()) {
        return hashChannel(channel);
      }
      SubtreeParallel.SpanSource<byte[]> spans = new SubtreeParallel.SpanSource<>() {
        @Override
        public byte[] newWorker() {
          return new byte[SubtreeParallel.SPAN_LEN];
        }

        @Override
        public void hashSpan(byte[] buffer, TreeHasher hasher, long span, int len) throws IOException {
          readFully(channel, buffer, len, span * SubtreeParallel.SPAN_LEN);
          hasher.update(buffer, 0, len);
        }
      };
      byte[] out = new byte[32];
      SubtreeParallel.root(size, spans, Backends::best, workers).rootBytes(out, 0, 32);
      return ContentHash.of(out);
    } catch (IOException e) {
      throw failure(file, e);
    }
  }

  public static ContentHash hashBytes(byte[] bytes) {
    return hashBytes(bytes, 0, bytes.length);
  }

  /**
   * Hashes {@code bytes} with their 1 MiB spans spread over {@code context}'s threads (the calling thread hashes spans
   * too); the digest of {@link #hashBytes(byte[])}. Up to one span, or on a serial context, the calling thread hashes
   * alone.
   */
  public static ContentHash hashBytes(byte[] bytes, EngineContext context) {
    Workers workers = Workers.of(context);
    if (bytes.length <= SubtreeParallel.SPAN_LEN || workers.isSerial()) {
      return hashBytes(bytes);
    }
    SubtreeParallel.SpanSource<Object> spans = new SubtreeParallel.SpanSource<>() {
      @Override
      public Object newWorker() {
        return null;
      }

      @Override
      public void hashSpan(Object unused, TreeHasher hasher, long span, int len) {
        hasher.update(bytes, (int) (span * SubtreeParallel.SPAN_LEN), len);
      }
    };
    byte[] out = new byte[32];
    try {
      SubtreeParallel.root(bytes.length, spans, Backends::best, workers).rootBytes(out, 0, 32);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("hashing bytes in memory", e); // no IO happens: spans are arrays
    }
    return ContentHash.of(out);
  }

  public static ContentHash hashBytes(byte[] bytes, int off, int len) {
    // a short input (a path, a configuration) never reaches a wide back end: it need not wait for one to be chosen
    return new Blake3Hasher(Backends.forLength(len)).update(bytes, off, len).digest();
  }

  /** The hash of a string's UTF-8 bytes (as used for config_hash). */
  public static ContentHash hashString(String s) {
    return hashBytes(s.getBytes(StandardCharsets.UTF_8));
  }

  /** A new incremental hasher on the best back end. */
  public static Blake3Hasher newHasher() {
    return new Blake3Hasher(Backends.best());
  }

  /**
   * Readies this JVM's hashing for a large input: chooses the back end and has HotSpot compile its wide loops now, on
   * the calling thread (some 10-40 ms of it), instead of while the first hundred megabytes are hashed on slow code. A
   * short-lived process that is about to hash a large file calls it first thing on a thread of its engine context
   * (a concatenation on a context does, with {@code Workers.offer}), so that the compilation (some 0.3 s of a compiler
   * thread) overlaps the rest of its start: the command line's {@code concat} of two files of 151 MB in all took
   * 0.1-0.25 s less for it, of about 1 s (timed by hand, three runs each way). Later calls return at once; the digests
   * do not change.
   */
  public static void prepare() {
    Backends.prepare();
  }

  /** The back end in use: {@code "vector-512"}, {@code "vector-256"}, {@code "lanes"} or {@code "scalar"}. */
  public static String backend() {
    return Backends.bestName();
  }

  static ContentHash hashChannel(FileChannel channel) throws IOException {
    Blake3Hasher hasher = newHasher();
    ByteBuffer buffer = ByteBuffer.allocate(READ_LEN);
    while (channel.read(buffer) >= 0) {
      buffer.flip();
      hasher.update(buffer);
      buffer.clear();
    }
    return hasher.digest();
  }

  /** Positional reads: safe to share one channel between workers. */
  static void readFully(FileChannel channel, byte[] buffer, int len, long position) throws IOException {
    ByteBuffer dst = ByteBuffer.wrap(buffer, 0, len);
    while (dst.hasRemaining()) {
      if (channel.read(dst, position + dst.position()) < 0) {
        throw new EOFException("file shrank while hashing: no bytes at offset " + (position + dst.position()));
      }
    }
  }

  private static ArtifactException failure(Path file, IOException e) {
    return new ArtifactException(file, "hashing failed: " + e, e);
  }

  private Blake3() {}
}
