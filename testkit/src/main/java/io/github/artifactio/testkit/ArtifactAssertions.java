package io.github.artifactio.testkit;

import io.github.artifactio.engine.hash.Blake3;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.opentest4j.AssertionFailedError;

/**
 * One-line assertions about artifacts for the tests of stage projects. A byte-identity failure says where the files
 * part (the first differing byte, both lengths, both blake3 digests) instead of only that they differ.
 */
public final class ArtifactAssertions {
  private ArtifactAssertions() {}

  /** Asserts that {@code actual} holds exactly the bytes of {@code expected}. */
  public static void assertSameBytes(Path expected, Path actual) {
    long firstDifference = firstDifference(expected, actual);
    if (firstDifference < 0) {
      return;
    }
    throw new AssertionFailedError(
        "artifacts differ from byte " + firstDifference + ": " + expected + " (" + size(expected) + " bytes, blake3 "
            + Blake3.hashFile(expected).hex() + ") vs " + actual + " (" + size(actual) + " bytes, blake3 "
            + Blake3.hashFile(actual).hex() + ")");
  }

  /** The offset of the first byte at which the two files differ, or -1 when they are equal. */
  static long firstDifference(Path a, Path b) {
    try (InputStream x = Files.newInputStream(a);
        InputStream y = Files.newInputStream(b)) {
      byte[] bx = new byte[1 << 16];
      byte[] by = new byte[1 << 16];
      long offset = 0;
      while (true) {
        int nx = x.readNBytes(bx, 0, bx.length);
        int ny = y.readNBytes(by, 0, by.length);
        int n = Math.min(nx, ny);
        for (int i = 0; i < n; i++) {
          if (bx[i] != by[i]) {
            return offset + i;
          }
        }
        if (nx != ny) {
          return offset + n;
        }
        if (nx == 0) {
          return -1;
        }
        offset += n;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("comparing " + a + " with " + b, e);
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
