package io.github.artifactio.testkit;

import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Property;
import io.github.artifactio.testkit.property.PropertyFailedError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** Runs an artifact property in temporary directories and archives a shrunk failure. */
final class PropertyRunner {
  interface Check<C> {
    void run(C value, Path dir) throws Throwable;
  }

  private PropertyRunner() {}

  static <C> void run(
      String name, Gen<C> gen, Integer tries, Long seed, Check<C> check,
      Function<C, TableCase> table, Function<C, Map<String, String>> settings) {
    Property<C> p = Property.forAll(gen).named(name);
    if (tries != null) {
      p.tries(tries);
    }
    if (seed != null) {
      p.seed(seed);
    }
    try {
      p.check(value -> {
        Path dir = Files.createTempDirectory("artifactio-" + name.replaceAll("[^A-Za-z0-9]", "-"));
        try {
          check.run(value, dir);
        } finally {
          deleteTree(dir);
        }
      });
    } catch (PropertyFailedError e) {
      @SuppressWarnings("unchecked")
      C shrunk = (C) e.counterexample();
      Path saved = FailureArchive.save(e, table.apply(shrunk), settings.apply(shrunk));
      throw e.withNote(saved == null
          ? "(the shrunk case could not be saved)"
          : "shrunk case saved to " + saved.toAbsolutePath() + " (input.parquet, case.json)");
    }
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
