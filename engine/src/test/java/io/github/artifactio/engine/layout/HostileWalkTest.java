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
import java.util.Map;
import java.util.TreeMap;
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

  /**
   * How the layout API ended with a file, each side either walked or refused: {@code layout} is one character a page
   * ({@code .} walked on, {@code s} the walk stopped there) or {@code refused: <message>}; {@code table} is one
   * character a page of the value walk (its status's initial: Decoded, Not decoded, Failed; {@code -} for no values)
   * or {@code refused: <message>}.
   */
  record Outcome(String layout, String table) {
    /** The class of the outcome, for counting: for example "layout walked, 1 stop / table refused". */
    String kind() {
      long stops = layout.chars().filter(c -> c == 's').count();
      String l = layout.startsWith("refused: ") ? "layout refused"
          : "layout walked, " + (stops == 0 ? "no stop" : stops == 1 ? "1 stop" : stops + " stops");
      String t = table.startsWith("refused: ") ? "table refused"
          : table.indexOf('F') >= 0 ? "values failed" : "values walked";
      return l + " / " + t;
    }
  }

  /** Everything the layout API does with a file; any error but the engine's typed one fails the caller. */
  static Outcome exercise(Path p) {
    StringBuilder layout = new StringBuilder();
    try {
      FileLayout.read(p).walkPages(w -> layout.append(w.stop().isPresent() ? "s" : "."));
    } catch (ArtifactException e) {
      layout.setLength(0);
      layout.append("refused: ").append(e.getMessage());
    }
    StringBuilder table = new StringBuilder();
    try {
      TableFile.open(p).walkPagesAndValues(
          w -> table.append(w.values().map(v -> v.status().name().charAt(0)).orElse('-')));
    } catch (ArtifactException e) {
      table.setLength(0);
      table.append("refused: ").append(e.getMessage());
    }
    return new Outcome(layout.toString(), table.toString());
  }

  /** A walk's characters, or a refusal whose message names the file. */
  private static void assertWellFormed(Outcome o, Path p, String what) {
    assertTrue(o.layout().matches("[.s]*") || o.layout().startsWith("refused: " + p), what + ": layout " + o.layout());
    assertTrue(o.table().matches("[DNF-]*") || o.table().startsWith("refused: " + p), what + ": table " + o.table());
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
        () -> assertWellFormed(assertTimeoutPreemptively(Duration.ofSeconds(60), () -> exercise(p)), p, "file")));
  }

  @Test
  void byte_flips_anywhere_in_a_file_give_outcomes_or_typed_errors() throws IOException {
    Path original = dir.resolve("original.parquet");
    TableWriter.writeTable(original, Fixtures.everyKind(600, 9),
        WriteOptions.builder().rowGroupRows(250).pageRows(100).build());
    byte[] bytes = Files.readAllBytes(original);
    SplittableRandom random = new SplittableRandom(2026);
    int footerHeavy = 0;
    Map<String, Integer> kinds = new TreeMap<>();
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
      Outcome o = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> exercise(p), () -> "mutant " + m);
      assertWellFormed(o, p, "mutant " + mutant);
      kinds.merge(o.kind(), 1, Integer::sum);
    }
    assertTrue(footerHeavy > 100 && footerHeavy < 200, "both kinds of mutant: " + footerHeavy);
    // the mutants are seeded, so how many end each way is fixed: a change in what the engine detects shows here
    assertEquals(Map.of(
        "layout refused / table refused", 28,
        "layout walked, no stop / table refused", 138,
        "layout walked, no stop / values failed", 1,
        "layout walked, no stop / values walked", 117,
        "layout walked, 1 stop / table refused", 1,
        "layout walked, 1 stop / values walked", 15), kinds);
  }
}
