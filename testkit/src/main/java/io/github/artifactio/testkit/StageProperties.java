package io.github.artifactio.testkit;

import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.property.Gen;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * Byte-identity properties of a user's {@link Stage} over generated inputs, one assertion each: made by
 * {@link ArtifactProperties#ofStage}. A try runs the stage under a reference {@link StageRun} (one chunk, one thread)
 * and under the try's own, and compares the artifacts byte for byte. Every failure is shrunk and its input saved by
 * {@link FailureArchive}.
 */
public final class StageProperties {
  /** One try: an input table, a thread count and a chunking. */
  public record StageCase(TableCase input, int threads, Chunking chunking) {
    @Override
    public String toString() {
      return "threads " + threads + ", " + chunking + "\n  " + input;
    }
  }

  private final String name;
  private final Stage stage;
  private final Gen<TableCase> inputs;
  private Integer tries;
  private Long seed;

  StageProperties(String name, Stage stage, Gen<TableCase> inputs) {
    this.name = Objects.requireNonNull(name, "name");
    this.stage = Objects.requireNonNull(stage, "stage");
    this.inputs = Objects.requireNonNull(inputs, "inputs");
  }

  /** The number of tries of each property (default: the property engine's, 100). */
  public StageProperties tries(int tries) {
    this.tries = tries;
    return this;
  }

  /** The seed of each property (default: random, or {@code -Dartifact-io.seed}). */
  public StageProperties seed(long seed) {
    this.seed = seed;
    return this;
  }

  private Gen<StageCase> cases() {
    return s -> new StageCase(s.draw(inputs), s.draw(Tables.threadCounts()), s.draw(Chunking.chunkings()));
  }

  /** Two runs on the same input under the same conditions write the same bytes. */
  public void assertDeterministic() {
    run("deterministic", (c, dir) -> {
      Path a = runStage(c.input(), dir.resolve("a"), c.threads(), c.chunking());
      Path b = runStage(c.input(), dir.resolve("b"), c.threads(), c.chunking());
      ArtifactAssertions.assertSameBytes(a, b);
    });
  }

  /** The artifact does not depend on how the stage's rows are chunked. */
  public void assertChunkingInvariant() {
    run("chunking-invariant", (c, dir) -> {
      Path a = runStage(c.input(), dir.resolve("whole"), 1, Chunking.whole());
      Path b = runStage(c.input(), dir.resolve("chunked"), 1, c.chunking());
      ArtifactAssertions.assertSameBytes(a, b);
    });
  }

  /** The artifact does not depend on the number of codec threads. */
  public void assertThreadCountInvariant() {
    run("thread-count-invariant", (c, dir) -> {
      Path a = runStage(c.input(), dir.resolve("serial"), 1, Chunking.whole());
      Path b = runStage(c.input(), dir.resolve("parallel"), c.threads(), Chunking.whole());
      ArtifactAssertions.assertSameBytes(a, b);
    });
  }

  /**
   * Determinism, chunking and thread-count invariance in one property: per try, the reference run, a second
   * reference run, and a run with the try's chunking and threads must write the same bytes.
   */
  public void assertStable() {
    run("stable", (c, dir) -> {
      Path ref = runStage(c.input(), dir.resolve("reference"), 1, Chunking.whole());
      Path again = runStage(c.input(), dir.resolve("again"), 1, Chunking.whole());
      ArtifactAssertions.assertSameBytes(ref, again);
      Path varied = runStage(c.input(), dir.resolve("varied"), c.threads(), c.chunking());
      ArtifactAssertions.assertSameBytes(ref, varied);
    });
  }

  /**
   * Determinism across JVMs, machines and time: the blake3 of the artifact for each of {@code n} inputs drawn from
   * {@code digestSeed} must equal the digest recorded in {@code record} (one {@code index hex} line per input). A
   * missing record is written (then commit it) unless the environment variable {@code CI} is set, where it fails.
   */
  public void assertMatchesRecordedDigests(Path record, long digestSeed, int n) {
    List<TableCase> cases = inputs.sample(digestSeed, n);
    Path tmp;
    try {
      tmp = Files.createTempDirectory("artifactio-digests");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      List<String> lines = new ArrayList<>();
      List<Path> outs = new ArrayList<>();
      for (int i = 0; i < cases.size(); i++) {
        Path out = runStage(cases.get(i), tmp.resolve(Integer.toString(i)), 1, Chunking.whole());
        outs.add(out);
        lines.add(i + " " + Blake3.hashFile(out).hex());
      }
      compareDigests(record, digestSeed, cases, outs, String.join("\n", lines) + "\n");
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new AssertionFailedError("stage \"" + name + "\" failed: " + e, e);
    } finally {
      PropertyRunner.deleteTree(tmp);
    }
  }

  private void compareDigests(Path record, long digestSeed, List<TableCase> cases, List<Path> outs, String actual) {
    try {
      if (!Files.exists(record)) {
        if (Ci.isSet()) {
          throw new AssertionFailedError("no recorded digests at " + record + " (CI is set, so none is written)");
        }
        Files.createDirectories(record.toAbsolutePath().getParent());
        Files.writeString(record, actual, StandardCharsets.UTF_8);
        return;
      }
      String expected = Files.readString(record, StandardCharsets.UTF_8);
      if (!expected.equals(actual)) {
        String[] e = expected.split("\n");
        String[] a = actual.split("\n");
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
          String ei = i < e.length ? e[i] : "<none>";
          String ai = i < a.length ? a[i] : "<none>";
          if (!ei.equals(ai)) {
            Path saved = i < cases.size() ? saveNewDigest(digestSeed, i, cases.get(i), outs.get(i)) : null;
            throw new AssertionFailedError("stage \"" + name + "\": the artifact of input " + i + " (seed "
                + digestSeed + ") is not the recorded one: recorded " + ei + ", now " + ai + " (" + record
                + "; delete the record to accept the new bytes)"
                + (saved == null ? "" : "; its input and the new artifact are saved in " + saved.toAbsolutePath()),
                expected, actual);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Saves the input whose artifact no longer has its recorded digest, and that artifact, under
   * {@code <failures>/<stage>-recorded-digests/<seed>-<index>/}: the input becomes a regression test's input, and
   * the artifact can be compared with one from the recording's version of the stage.
   */
  private Path saveNewDigest(long digestSeed, int index, TableCase input, Path artifact) {
    Path dir = FailureArchive.baseDir().resolve(name.replaceAll("[^A-Za-z0-9._-]", "-") + "-recorded-digests")
        .resolve(digestSeed + "-" + index);
    try {
      Files.createDirectories(dir);
      io.github.artifactio.engine.table.TableWriter.writeTable(dir.resolve("input.parquet"), input.columns());
      Files.copy(artifact, dir.resolve("artifact.parquet"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      return dir;
    } catch (IOException | RuntimeException e) {
      return null; // the digest mismatch is what matters; the message then says nothing was saved
    }
  }

  private Path runStage(TableCase input, Path dir, int threads, Chunking chunking) throws Exception {
    Files.createDirectories(dir);
    try (StageRun run = new StageRun(dir, threads, chunking)) {
      Path out = stage.run(input, run);
      if (out == null || !Files.isRegularFile(out)) {
        throw new AssertionFailedError("stage \"" + name + "\" returned " + out + ", which is not a file");
      }
      return out;
    }
  }

  private void run(String property, PropertyRunner.Check<StageCase> check) {
    PropertyRunner.run(name + "-" + property, cases(), tries, seed, check, StageCase::input, c -> Map.of(
        "threads", Integer.toString(c.threads()), "chunking", c.chunking().toString()));
  }
}
