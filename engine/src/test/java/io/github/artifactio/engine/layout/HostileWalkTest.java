package io.github.artifactio.engine.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * No file, however broken, gets anything from the footer reader and the page walker but a layout, a walk whose
 * outcomes say what is wrong, or the engine's typed error: the parquet-testing corpus (its {@code bad_data/} included)
 * and seeded byte flips of an engine file anywhere in it.
 */
class HostileWalkTest {
  @TempDir Path dir;

  /** Everything the layout API does with a file; returns how it ended, for the message of a failing assertion. */
  static String exercise(Path p) {
    StringBuilder how = new StringBuilder();
    try {
      FileLayout layout = FileLayout.read(p);
      layout.walkPages(w -> how.append(w.stop().isPresent() ? "s" : "."));
    } catch (ArtifactException e) {
      how.append("layout refused: ").append(e.getMessage());
    }
    try {
      TableFile.open(p).walkPagesAndValues(w -> how.append(w.values().map(v -> v.status().name().charAt(0)).orElse('-')));
    } catch (ArtifactException e) {
      how.append(" table refused: ").append(e.getMessage());
    }
    return how.toString();
  }

  @TestFactory
  Stream<DynamicTest> every_corpus_file_walks_or_is_refused_with_a_typed_error() throws IOException {
    List<Path> files;
    try (Stream<Path> data = Files.list(TestData.parquetTesting("data"));
        Stream<Path> bad = Files.list(TestData.parquetTesting("bad_data"))) {
      files = Stream.concat(data, bad).filter(p -> p.toString().endsWith(".parquet")).sorted()
          .collect(Collectors.toList());
    }
    assertEquals(65 + 8, files.size());
    return files.stream().map(p -> DynamicTest.dynamicTest(p.getParent().getFileName() + "/" + p.getFileName(),
        () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> exercise(p))));
  }

  @Test
  void byte_flips_anywhere_in_a_file_give_outcomes_or_typed_errors() throws IOException {
    Path original = dir.resolve("original.parquet");
    TableWriter.writeTable(original, Fixtures.everyKind(600, 9),
        WriteOptions.builder().rowGroupRows(250).pageRows(100).build());
    byte[] bytes = Files.readAllBytes(original);
    SplittableRandom random = new SplittableRandom(2026);
    int footerHeavy = 0;
    for (int mutant = 0; mutant < 300; mutant++) {
      byte[] b = bytes.clone();
      // half of the flips land in the last 2 KiB: the footer is where one byte changes the most
      boolean tail = random.nextBoolean();
      footerHeavy += tail ? 1 : 0;
      for (int k = 1 + random.nextInt(4); k > 0; k--) {
        int at = tail ? b.length - 1 - random.nextInt(Math.min(2048, b.length)) : random.nextInt(b.length);
        b[at] ^= (byte) (1 + random.nextInt(255));
      }
      Path p = Files.write(dir.resolve("mutant.parquet"), b);
      int m = mutant;
      String how = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> exercise(p), () -> "mutant " + m);
      assertTrue(how != null, "mutant " + mutant);
    }
    assertTrue(footerHeavy > 100 && footerHeavy < 200, "both kinds of mutant: " + footerHeavy);
  }
}
