package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.EngineContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile files ({@code testdata/hostile/}, made by {@link HostileFiles}): every way of reading each one
 * ends within 2 s in the engine's typed error naming the file, never another throwable or an allocation the file
 * declares (the one broken only in its offset index is read by the reads that do not use the index); the plugin's
 * default rules with the full structure scan fail each one and throw nothing.
 */
class HostileFilesTest {
  private static final EngineContext POOL = EngineContext.create("hostile-validate", 1);
  /** Broken only in its offset index, which only the offset-indexed read reads: the others read the values. */
  private static final String INDEX_ONLY = "offset_index_of_2gib.parquet";

  /** Loads the readers' classes first (Arrow, Jackson, the codecs): 2 s is each file's, not the JVM's warm-up. */
  @BeforeAll
  static void warmUp() {
    Path good = TestData.path("polars/polars_strings_and_lists.parquet");
    for (Reads.Way way : List.of(Reads.Way.TABLE_READ, Reads.Way.BATCHES, Reads.Way.INDEXED_COALESCED)) {
      Reads.read(way, good);
    }
    PluginRead.passes(good, POOL);
  }

  @AfterAll
  static void close() {
    POOL.close();
  }

  static List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(TestData.path("hostile"))) {
      return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  @Test
  void there_are_the_files_the_readme_describes_and_no_other() throws IOException {
    String readme = Files.readString(TestData.path("hostile/README.md"));
    List<Path> files = files();
    assertEquals(38, files.size(), files.toString());
    for (Path p : files) {
      assertTrue(readme.contains("`" + p.getFileName() + "`"), p.getFileName() + " is not in the README");
    }
    assertTrue(files.stream().allMatch(p -> p.toFile().length() < 100 << 10), "small files");
  }

  @TestFactory
  Stream<DynamicTest> every_hostile_file_fails_every_read_within_2_s_with_a_typed_error_naming_it() throws IOException {
    return files().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      for (Reads.Way way : List.of(Reads.Way.TABLE_READ, Reads.Way.BATCHES, Reads.Way.INDEXED_COALESCED)) {
        if (way != Reads.Way.INDEXED_COALESCED && p.getFileName().toString().equals(INDEX_ONLY)) {
          assertTimeoutPreemptively(Duration.ofSeconds(2), () -> Reads.read(way, p)); // it never reads the index
          continue;
        }
        ArtifactException e = assertTimeoutPreemptively(Duration.ofSeconds(2),
            () -> assertThrows(ArtifactException.class, () -> Reads.read(way, p)), way::toString);
        assertEquals(p, e.file().orElseThrow(), way + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(p.toString()), way + ": " + e.getMessage());
      }
      boolean passes = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> PluginRead.passes(p, POOL));
      assertFalse(passes, "the plugin passes " + p.getFileName());
    }));
  }
}
