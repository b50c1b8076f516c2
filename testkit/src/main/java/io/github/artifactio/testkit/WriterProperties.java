package io.github.artifactio.testkit;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Written;
import io.github.artifactio.testkit.gen.WriteCase;
import io.github.artifactio.testkit.property.Gen;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * The engine's byte-identity properties over generated {@link WriteCase}s, one assertion each: made by
 * {@link ArtifactProperties#ofWrites}. Every failure is shrunk and saved by {@link FailureArchive}.
 */
public final class WriterProperties {
  private final Gen<WriteCase> cases;
  private Integer tries;
  private Long seed;

  WriterProperties(Gen<WriteCase> cases) {
    this.cases = Objects.requireNonNull(cases, "cases");
  }

  /** The number of tries of each property (default: the property engine's, 100). */
  public WriterProperties tries(int tries) {
    this.tries = tries;
    return this;
  }

  /** The seed of each property (default: random, or {@code -Dartifact-io.seed}). */
  public WriterProperties seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** Two writes of the same table with the same options are the same bytes. */
  public void assertDeterministic() {
    run("deterministic", (c, dir) -> {
      Path a = write(dir.resolve("a.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      Path b = write(dir.resolve("b.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      ArtifactAssertions.assertSameBytes(a, b);
    });
  }

  /** A table written in the case's chunks (empty ones included) is the bytes of the one-shot write. */
  public void assertChunkingInvariant() {
    run("chunking-invariant", (c, dir) -> {
      Path whole = write(dir.resolve("whole.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      Path chunked = dir.resolve("chunked.parquet");
      try (TableWriter w = TableWriter.open(chunked, c.options())) {
        int start = 0;
        for (int size : c.chunks()) {
          w.write(c.table().slice(start, start + size));
          start += size;
        }
        w.finish();
      }
      ArtifactAssertions.assertSameBytes(whole, chunked);
    });
  }

  /** A table encoded on a pool of the case's thread count is the bytes of the serial write. */
  public void assertThreadCountInvariant() {
    run("thread-count-invariant", (c, dir) -> {
      Path serial = write(dir.resolve("serial.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      try (EngineContext pool = EngineContext.create("testkit", c.threads())) {
        Path parallel = write(dir.resolve("parallel.parquet"), c.table().columns(), c.options(), pool);
        ArtifactAssertions.assertSameBytes(serial, parallel);
      }
    });
  }

  /** The digest taken while writing is the blake3 of the published file, and hashing does not change the bytes. */
  public void assertHashOnWriteIsTheFileHash() {
    run("hash-on-write", (c, dir) -> {
      Path plain = write(dir.resolve("plain.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      Path hashed = dir.resolve("hashed.parquet");
      Written w;
      WriteOptions hashing = c.options().toBuilder().contentHash().build();
      try (EngineContext pool =
          c.threads() > 1 ? EngineContext.create("testkit", c.threads()) : EngineContext.serial()) {
        w = TableWriter.writeTable(hashed, c.table().columns(), hashing, pool);
      }
      String file = Blake3.hashFile(hashed).hex();
      String written = w.contentHash().orElseThrow().hex();
      if (!written.equals(file)) {
        throw new AssertionFailedError("hash on write " + written + " is not the file's blake3 " + file, file, written);
      }
      if (w.rows() != c.table().rows()) {
        throw new AssertionFailedError("hashed write reports " + w.rows() + " rows, not " + c.table().rows());
      }
      ArtifactAssertions.assertSameBytes(plain, hashed);
    });
  }

  /** Reading the written file gives back the columns: kinds, nulls and values, floats by bit pattern. */
  public void assertRoundTrip() {
    run("round-trip", (c, dir) -> {
      Path p = write(dir.resolve("t.parquet"), c.table().columns(), c.options(), EngineContext.serial());
      Table read = Table.read(p);
      if (read.rows() != c.table().rows()) {
        throw new AssertionFailedError("read " + read.rows() + " rows of " + c.table().rows());
      }
      ArtifactAssertions.assertSameColumns(c.table().columns(), read.columns());
    });
  }

  /** Every property above, one after the other. */
  public void assertAll() {
    assertDeterministic();
    assertChunkingInvariant();
    assertThreadCountInvariant();
    assertHashOnWriteIsTheFileHash();
    assertRoundTrip();
  }

  private static Path write(Path p, List<Column> cols, WriteOptions o, EngineContext context) {
    TableWriter.writeTable(p, cols, o, context);
    return p;
  }

  private void run(String name, PropertyRunner.Check<WriteCase> check) {
    PropertyRunner.run(name, cases, tries, seed, check, WriteCase::table, c -> Map.of(
        "options", c.options().toString(),
        "chunks", Arrays.toString(c.chunks()),
        "threads", Integer.toString(c.threads())));
  }
}
