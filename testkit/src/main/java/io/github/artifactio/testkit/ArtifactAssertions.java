package io.github.artifactio.testkit;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.testkit.gen.TableCase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import org.opentest4j.AssertionFailedError;

/**
 * One-line assertions about artifacts for the tests of stage projects. A byte-identity failure says where the files
 * part (the first differing byte, both lengths, both blake3 digests) instead of only that they differ.
 */
public final class ArtifactAssertions {
  private ArtifactAssertions() {}

  /**
   * Asserts that {@code actualArtifact} matches the golden {@code src/test/golden/<name>.parquet}, in layers (see
   * {@link io.github.artifactio.testkit.golden.GoldenFiles}); a missing golden is created unless {@code CI} is set.
   */
  public static void assertMatchesGolden(Path actualArtifact, String name) {
    io.github.artifactio.testkit.golden.GoldenFiles.defaults().assertMatches(actualArtifact, name);
  }

  /**
   * Asserts that {@code actual} holds exactly the bytes of {@code expected}. A failure names the first difference at
   * the structure level ({@link io.github.artifactio.testkit.golden.FirstDifference}: writer settings, schema, row
   * groups, encodings, metadata, pages, then values), then the first differing byte, both sizes and digests; it is an
   * {@link ArtifactsDiffer}, which carries both paths, so a property can keep the two files.
   */
  public static void assertSameBytes(Path expected, Path actual) {
    long firstDifference = firstDifference(expected, actual);
    if (firstDifference < 0) {
      return;
    }
    String where = io.github.artifactio.testkit.golden.FirstDifference.between(expected, actual);
    throw new ArtifactsDiffer(expected, actual,
        "artifacts differ" + (where == null ? "" : " (" + where + ")") + " from byte " + firstDifference + ": "
            + expected + " (" + size(expected) + " bytes, blake3 " + Blake3.hashFile(expected).hex() + ") vs "
            + actual + " (" + size(actual) + " bytes, blake3 " + Blake3.hashFile(actual).hex() + ")");
  }

  /** A byte-identity failure, with the two artifacts it compared. */
  public static final class ArtifactsDiffer extends AssertionFailedError {
    private static final long serialVersionUID = 1L;
    private final transient Path expected;
    private final transient Path actual;

    ArtifactsDiffer(Path expected, Path actual, String message) {
      super(message);
      this.expected = expected;
      this.actual = actual;
    }

    public Path expected() {
      return expected;
    }

    public Path actual() {
      return actual;
    }
  }

  /**
   * Asserts that {@code actual} holds the columns of {@code expected}: the same names, kinds and rows, floats compared
   * by bit pattern (so NaN payloads and -0.0 count). A failure names the first differing column and row with both
   * values.
   */
  public static void assertSameColumns(List<Column> expected, List<Column> actual) {
    String d = firstColumnDifference(expected, actual);
    if (d != null) {
      throw new AssertionFailedError(d);
    }
  }

  /** Where two column lists first differ, or null when they are equal. */
  public static String firstColumnDifference(List<Column> expected, List<Column> actual) {
    List<String> en = expected.stream().map(Column::name).toList();
    List<String> an = actual.stream().map(Column::name).toList();
    if (!en.equals(an)) {
      return "columns differ: expected " + en + " but got " + an;
    }
    for (int c = 0; c < expected.size(); c++) {
      Column e = expected.get(c);
      Column a = actual.get(c);
      if (e.type() != a.type()) {
        return "column '" + e.name() + "': expected kind " + e.type() + " but got " + a.type();
      }
      if (e.length() != a.length()) {
        return "column '" + e.name() + "': expected " + e.length() + " rows but got " + a.length();
      }
      if (!e.equals(a)) {
        IntFunction<String> expectedText = TableCase.values(e);
        IntFunction<String> actualText = TableCase.values(a);
        for (int r = 0; r < e.length(); r++) {
          String ev = expectedText.apply(r);
          String av = actualText.apply(r);
          if (!ev.equals(av)) {
            return "column '" + e.name() + "' row " + r + ": expected " + ev + " but got " + av;
          }
        }
        return "column '" + e.name() + "' differs (in values the text form does not show): expected " + e
            + " but got " + a;
      }
    }
    return null;
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
