package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.ChunkHasher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Deterministic test inputs and the back ends to run them on. Public for the command line's tests, whose {@code hash}
 * is checked against the same recorded b3sum digests ({@code b3sum-digests.txt}, on the test jar's class path).
 */
public final class TestInputs {
  /** An input hashed by b3sum: the file name it had, and how to regenerate its bytes. */
  public record Input(String name, long seed, int length) {
    public byte[] bytes() {
      return random(seed, length);
    }
  }

  /** The b3sum reference inputs (b3sum-digests.txt). Regenerate the files with {@link #main}. */
  public static final List<Input> B3SUM_INPUTS = List.of(
      new Input("empty.bin", 1, 0),
      new Input("random-1MiB.bin", 2, 1 << 20),
      new Input("random-1MiB+12345.bin", 3, (1 << 20) + 12345),
      new Input("random-3MiB+1.bin", 4, 3 * (1 << 20) + 1));

  /**
   * {@code len} pseudo-random bytes from SplitMix64 with the given seed, each 64-bit output little-endian. Written out
   * here (not {@code java.util.Random}) so that the bytes are pinned by this code, not by a JDK implementation.
   */
  static byte[] random(long seed, int len) {
    byte[] out = new byte[len];
    long state = seed;
    for (int i = 0; i < len; i += 8) {
      state += 0x9E3779B97F4A7C15L;
      long z = state;
      z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
      z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
      z ^= z >>> 31;
      for (int j = 0; j < 8 && i + j < len; j++) {
        out[i + j] = (byte) (z >>> (8 * j));
      }
    }
    return out;
  }

  /** The test-vector input: {@code len} bytes {@code i % 251}. */
  static byte[] pattern(int len) {
    byte[] out = new byte[len];
    for (int i = 0; i < len; i++) {
      out[i] = (byte) (i % 251);
    }
    return out;
  }

  /** Every back end this JVM can run, scalar first. */
  static List<Supplier<ChunkHasher>> backends() {
    List<Supplier<ChunkHasher>> all = new ArrayList<>();
    all.add(Backends::scalar);
    all.add(Backends::lanes);
    Backends.vector().ifPresent(all::add);
    return all;
  }

  static Blake3Hasher hasher(Supplier<ChunkHasher> backend) {
    return new Blake3Hasher(backend.get());
  }

  /** Writes the b3sum reference inputs into a folder: {@code java ... TestInputs DIR}, then run b3sum there. */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    Files.createDirectories(dir);
    for (Input input : B3SUM_INPUTS) {
      Files.write(dir.resolve(input.name()), input.bytes());
    }
  }

  private TestInputs() {}
}
