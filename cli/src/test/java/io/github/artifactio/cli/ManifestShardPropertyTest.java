package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify-manifest} split into any number of shards, at any split size, merges to the unsharded run: the same
 * exit code, the same validation.json (it holds no timings) and the same log, on random run folders whose records
 * carry every finding the goal has (a changed file, a wrong row count, a missing file, an unknown schema, a sidecar
 * that disagrees) and files past the split size (hashed in ranges that shards share); and on the files of other
 * writers in {@code testdata/}.
 */
class ManifestShardPropertyTest {
  @TempDir Path dir;

  /** What one record of a random run folder is, and so which finding (if any) it carries. */
  enum Kind {
    GOOD,
    /** more bytes than the smallest split size: hashed in ranges */
    BIG,
    /** rewritten after it was recorded: manifest-hash and manifest-report */
    CHANGED,
    /** recorded with one row too many: manifest-rows and manifest-report */
    ROWS,
    /** deleted after it was recorded: manifest-path */
    MISSING,
    /** recorded under a schema the options do not register: manifest-schema */
    SCHEMA,
    /** no report sidecar beside it */
    NO_SIDECAR
  }

  private static final List<String> OPTIONS = List.of("--schema", "scores@1", "--format", "json");

  @Test
  void random_run_folders_split_into_random_shards_and_split_sizes_merge_to_the_unsharded_run() {
    Gen<List<Kind>> kinds = Gens.elements(Kind.values()).list(1, 7);
    Gen<Object[]> cases = kinds.zip(Gens.integers(1, 7), (k, n) -> new Object[] {k, n})
        .zip(Gens.integers(1, 3), (c, mib) -> new Object[] {c[0], c[1], mib});
    int[] tried = {0};
    Property.forAll(cases).named("sharded verify-manifest").tries(10).check(c -> {
      @SuppressWarnings("unchecked")
      List<Kind> records = (List<Kind>) c[0];
      int shards = (Integer) c[1];
      int splitMib = (Integer) c[2];
      Path run = dir.resolve("run-" + tried[0]++);
      runFolder(run, records);
      assertSameRun(whole(run), sharded(run, shards, splitMib), records + " in " + shards + " shards split at "
          + splitMib + " MiB");
    });
  }

  @Test
  void the_files_of_other_writers_in_testdata_merge_to_the_unsharded_run_for_every_shard_count() throws IOException {
    Path run = Files.createDirectories(dir.resolve("writers"));
    Path testdata = Path.of(System.getProperty("artifact-io.testdata"));
    // DuckDB's, arrow-rs's and Polars' files, and the first of parquet-testing's whose footer the engine reads
    List<Path> files = new ArrayList<>();
    for (String folder : List.of("writers", "polars", "parquet-testing/data")) {
      try (Stream<Path> s = Files.list(testdata.resolve(folder))) {
        s.filter(p -> p.toString().endsWith(".parquet")).sorted().filter(ManifestShardPropertyTest::opens)
            .limit(6).forEach(files::add);
      }
    }
    String config = "{\"writers\":true}";
    String configHash = Blake3.hashString(config).hex();
    Manifest m = Manifest.of("writers", config, configHash);
    for (int i = 0; i < files.size(); i++) {
      Path copy = run.resolve(i + "-" + files.get(i).getFileName());
      Files.copy(files.get(i), copy);
      // a wrong row count on every third, so the run has findings as well as passes
      long rows = TableFile.open(copy).rows();
      m = m.record(ArtifactRecords.record("w" + i, new SchemaId("scores", 1), run, copy, i % 3 == 0 ? rows + 1 : rows,
          "writers", configHash));
    }
    SidecarJson.write(run.resolve("manifest.json"), m);
    Finished whole = whole(run);
    for (int shards = 1; shards <= files.size() + 1; shards += 3) {
      assertSameRun(whole, sharded(run, shards, 1), files.size() + " files of other writers in " + shards
          + " shards");
    }
  }

  private static boolean opens(Path file) {
    try {
      TableFile.open(file);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Writes a run folder with one record of each kind listed, in order, and its manifest. */
  private static void runFolder(Path run, List<Kind> kinds) {
    try {
      Files.createDirectories(run);
      String config = "{\"run\":\"" + run.getFileName() + "\"}";
      String configHash = Blake3.hashString(config).hex();
      Manifest m = Manifest.of("property", config, configHash);
      List<Runnable> after = new ArrayList<>();
      for (int i = 0; i < kinds.size(); i++) {
        Kind k = kinds.get(i);
        Path file = run.resolve("r" + i + ".parquet");
        long rows = write(file, k == Kind.BIG ? 300_000 : 50 + i, i);
        ArtifactRecord r = ArtifactRecords.record("r" + i, new SchemaId(k == Kind.SCHEMA ? "unknown" : "scores", 1),
            run, file, k == Kind.ROWS ? rows + 1 : rows, "score", configHash);
        m = m.record(r);
        if (k != Kind.NO_SIDECAR) {
          new ArtifactReport(r.logicalName(), "scores", 1, "score", rows, r.contentHash(), null, new TreeMap<>(), null,
              1).writeFor(file);
        }
        int seed = i;
        switch (k) {
          case CHANGED -> after.add(() -> write(file, 50 + seed, seed + 1000));
          case MISSING -> after.add(() -> delete(file));
          default -> {}
        }
      }
      SidecarJson.write(run.resolve("manifest.json"), m);
      after.forEach(Runnable::run);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code rows} random longs (incompressible, so a big file's bytes pass the split size); returns the rows. */
  private static long write(Path file, int rows, int seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] values = new long[rows];
    for (int i = 0; i < rows; i++) {
      values[i] = random.nextLong();
    }
    TableWriter.writeTable(file, List.of(Int64Column.of("id", values)), WriteOptions.defaults());
    return rows;
  }

  private static void delete(Path file) {
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What a run printed, as compared: its log without the lines of bytes hashed (a shard hashes its own share). */
  record Finished(int code, String out, List<String> log) {}

  private static Finished finished(Cli.Result r) {
    return new Finished(r.code(), r.out(), r.err().lines().filter(l -> !l.contains("hashed")).toList());
  }

  private static Finished whole(Path run) {
    List<String> args = new ArrayList<>(List.of("verify-manifest"));
    args.addAll(OPTIONS);
    args.add(run.toString());
    return finished(Cli.run(args.toArray(String[]::new)));
  }

  private Finished sharded(Path run, int count, int splitMib) {
    Path partials = dir.resolve("partials-" + run.getFileName() + "-" + count);
    for (int i = 0; i < count; i++) {
      List<String> args = new ArrayList<>(List.of("--shard", i + "/" + count, "--split-mib", "" + splitMib,
          "--partial-out", partials.resolve("shard-" + i + ".json").toString()));
      args.addAll(OPTIONS);
      args.add(run.toString());
      StringWriter err = new StringWriter();
      int code = Main.run(new VerifyManifestCommand().env(Map.of()), args, new PrintWriter(new StringWriter()),
          new PrintWriter(err, true));
      assertEquals(Main.PASS, code, "shard " + i + "/" + count + ": " + err);
    }
    Finished merged = finished(Cli.run("merge", partials.toString()));
    deleteTree(partials);
    return merged;
  }

  private static void assertSameRun(Finished whole, Finished merged, String what) {
    assertEquals(whole.code(), merged.code(), what + ": exit code\n" + merged);
    assertEquals(whole.out(), merged.out(), what + ": validation.json");
    assertEquals(whole.log(), merged.log(), what + ": log");
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
