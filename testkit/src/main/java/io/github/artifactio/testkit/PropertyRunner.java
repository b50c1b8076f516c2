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
    Kept<C> kept = new Kept<>();
    try {
      p.check(value -> {
        Path dir = Files.createTempDirectory("artifactio-" + name.replaceAll("[^A-Za-z0-9]", "-"));
        try {
          check.run(value, dir);
        } catch (ArtifactAssertions.ArtifactsDiffer d) {
          kept.keep(value, d);
          throw d;
        } finally {
          deleteTree(dir);
        }
      });
    } catch (PropertyFailedError e) {
      @SuppressWarnings("unchecked")
      C shrunk = (C) e.counterexample();
      Map<String, Path> artifacts = java.util.Objects.equals(kept.value, shrunk) ? kept.files : Map.of();
      Path saved = FailureArchive.save(e, table.apply(shrunk), settings.apply(shrunk), artifacts);
      kept.discard();
      throw e.withNote(saved == null
          ? "(the shrunk case could not be saved)"
          : "shrunk case saved to " + saved.toAbsolutePath() + " (input.parquet, case.json"
              + (artifacts.isEmpty() ? "" : ", " + String.join(", ", artifacts.keySet())) + ")");
    } finally {
      kept.discard();
    }
  }

  /**
   * The two artifacts of the latest run that failed byte identity, copied out of its temporary folder (which is
   * deleted after each run), so that the shrunk case's pair can be archived beside its input. The shrinker's last
   * failing run is its result; the value is kept to make sure of that.
   */
  private static final class Kept<C> {
    C value;
    Path dir;
    Map<String, Path> files = Map.of();

    void keep(C failed, ArtifactAssertions.ArtifactsDiffer d) throws IOException {
      discard();
      dir = Files.createTempDirectory("artifactio-kept");
      Map<String, Path> out = new java.util.LinkedHashMap<>();
      for (Path p : new Path[] {d.expected(), d.actual()}) {
        String role = p.getParent() == null ? "artifact" : p.getParent().getFileName().toString();
        String name = role + "-" + p.getFileName();
        out.put(name, Files.copy(p, dir.resolve(name)));
      }
      files = out;
      value = failed;
    }

    void discard() {
      if (dir != null) {
        deleteTree(dir);
        dir = null;
      }
      files = Map.of();
      value = null;
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
