package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.testkit.golden.GoldenFiles;
import io.github.artifactio.testkit.golden.GoldenMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * On CI the testkit writes nothing into the source tree, so a golden file deleted by mistake fails the build instead of
 * being recreated from the very output it should check; on a developer's machine a missing golden is created and
 * reported.
 */
class CiBehaviourTest {
  @TempDir Path dir;

  @Test
  void the_suite_follows_the_machines_ci_variable() {
    assertNull(System.getProperty(Ci.PROPERTY),
        "the build sets " + Ci.PROPERTY + " for the testkit's suite: on CI a deleted golden would be recreated");
    assertEquals(Ci.isCi(System.getenv("CI")), Ci.isSet());
  }

  @Test
  void on_ci_a_missing_golden_fails_and_nothing_is_written() throws Throwable {
    GoldenFiles goldens = GoldenFiles.in(dir.resolve("golden")).actualDir(dir.resolve("actual"));
    Path artifact = artifact();
    CiMode.ci(() -> {
      AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> goldens.assertMatches(artifact, "gone"));
      assertEquals("golden \"gone\" does not exist (" + goldens.golden("gone") + ") and the mode is read-only because"
          + " CI is set; create it by running without CI (the default mode creates a missing golden) or with "
          + "ARTIFACT_IO_GOLDEN=new", e.getMessage());
    });
    assertFalse(Files.exists(goldens.golden("gone")));
    assertFalse(Files.exists(goldens.facet("gone")));
  }

  @Test
  void locally_a_missing_golden_is_created_and_reported() throws Throwable {
    assumeTrue(System.getenv(GoldenMode.ENV) == null && System.getProperty(GoldenMode.UPDATE_PROPERTY) == null,
        "the golden mode is chosen by this machine's " + GoldenMode.ENV + " or -D" + GoldenMode.UPDATE_PROPERTY);
    GoldenFiles goldens = GoldenFiles.in(dir.resolve("golden")).actualDir(dir.resolve("actual"));
    Path artifact = artifact();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    try {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      CiMode.local(() -> goldens.assertMatches(artifact, "fresh"));
    } finally {
      System.setOut(out);
    }
    assertEquals("golden \"fresh\" created: " + goldens.golden("fresh") + " (review and commit it with its facet)"
        + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8));
    assertTrue(Files.exists(goldens.golden("fresh")));
    assertTrue(Files.exists(goldens.facet("fresh")));
    // and from now on it is checked, on CI too
    CiMode.ci(() -> goldens.assertMatches(artifact, "fresh"));
  }

  private Path artifact() {
    Path p = dir.resolve("a.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 1, 2, 3)));
    return p;
  }
}
