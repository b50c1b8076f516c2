package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.gen.WriteCase;
import io.github.artifactio.testkit.property.Gen;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The engine is the testkit's first user: every byte-identity property of its writers (the upstream catalogue's
 * chunking, thread-count, hash-on-write, determinism and round-trip tests) runs here through the one-line assertions,
 * on small tables with many tries and on tables around the page and write-chunk boundaries with a few.
 */
class EngineByteIdentityTest {
  /** Small tables: every kind, nulls, edge values, caps from 1 to 65,536, chunkings, threads. */
  private static final Gen<WriteCase> SMALL = Tables.writeCases(TableShape.small());
  /** Up to 70,000 rows, huge strings included: the page (20,000) and write-chunk (65,536) boundaries. */
  private static final Gen<WriteCase> LARGE =
      Tables.writeCases(TableShape.DEFAULT.withMaxColumns(3));

  @TempDir Path dir;

  @Test
  void two_writes_of_a_table_are_the_same_bytes() {
    ArtifactProperties.ofWrites(SMALL).tries(60).assertDeterministic();
  }

  @Test
  void a_table_written_in_chunks_is_the_bytes_of_the_one_shot_write() {
    ArtifactProperties.ofWrites(SMALL).tries(80).assertChunkingInvariant();
    ArtifactProperties.ofWrites(LARGE).tries(12).assertChunkingInvariant();
  }

  @Test
  void a_table_encoded_on_a_pool_is_the_bytes_of_the_serial_write() {
    ArtifactProperties.ofWrites(SMALL).tries(80).assertThreadCountInvariant();
    ArtifactProperties.ofWrites(LARGE).tries(8).assertThreadCountInvariant();
  }

  @Test
  void the_digest_taken_on_write_is_the_blake3_of_the_file() {
    ArtifactProperties.ofWrites(SMALL).tries(60).assertHashOnWriteIsTheFileHash();
  }

  @Test
  void a_written_table_reads_back_with_every_value_and_float_bit_pattern() {
    ArtifactProperties.ofWrites(SMALL).tries(80).assertRoundTrip();
    ArtifactProperties.ofWrites(LARGE).tries(8).assertRoundTrip();
  }

  /** The identity stage: the input table written with the default options, chunked and threaded by the run. */
  static Path identity(io.github.artifactio.testkit.gen.TableCase t, StageRun run) {
    return run.writeTable(run.dir().resolve("out.parquet"), t.columns(), WriteOptions.defaults());
  }

  /**
   * The blake3 of the identity stage's artifact for each of 25 small tables drawn from seed 2026, recorded from the
   * engine and committed ({@code src/test/resources/engine-identity.digests}): a change in any byte the engine writes
   * for them fails here, in this JVM and in a fresh one. The generator is part of the record: a change that draws other
   * tables from the seed fails here too, and then the record is made anew on purpose.
   */
  @Test
  void this_jvm_and_a_fresh_one_write_the_committed_digests() throws Exception {
    Path record = dir.resolve("engine-identity.digests");
    try (InputStream in = EngineByteIdentityTest.class.getResourceAsStream("/engine-identity.digests")) {
      assertNotNull(in, "the committed digests src/test/resources/engine-identity.digests are missing");
      Files.copy(in, record);
    }
    assertEquals(25, Files.readAllLines(record).size());
    identityStage().assertMatchesRecordedDigests(record, 2026, 25);

    ChildProcess.Result child = ChildProcess.run(
        ChildProcess.java(List.of(), DigestMain.class, record.toString(), "2026", "25"), Duration.ofSeconds(120));
    assertEquals(0, child.exitCode(), "the second JVM disagreed:\n" + child.output());
  }

  @Test
  void a_digest_unlike_the_engines_bytes_fails_the_comparison() throws Exception {
    Path record = dir.resolve("changed.digests");
    try (InputStream in = EngineByteIdentityTest.class.getResourceAsStream("/engine-identity.digests")) {
      String committed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // input 3's digest with its last hex digit changed
      String line = committed.lines().toList().get(3);
      char last = line.charAt(line.length() - 1);
      String changed = line.substring(0, line.length() - 1) + (last == '0' ? '1' : '0');
      Files.writeString(record, committed.replace(line, changed));
    }
    String old = System.getProperty(FailureArchive.DIR_PROPERTY);
    System.setProperty(FailureArchive.DIR_PROPERTY, dir.resolve("failures").toString());
    try {
      AssertionFailedError e = assertThrows(AssertionFailedError.class,
          () -> identityStage().assertMatchesRecordedDigests(record, 2026, 25));
      assertTrue(e.getMessage().startsWith("stage \"engine\": the artifact of input 3 (seed 2026) is not the recorded"
          + " one"), e.getMessage());
    } finally {
      if (old == null) {
        System.clearProperty(FailureArchive.DIR_PROPERTY);
      } else {
        System.setProperty(FailureArchive.DIR_PROPERTY, old);
      }
    }
  }

  private static StageProperties identityStage() {
    return ArtifactProperties.ofStage("engine", EngineByteIdentityTest::identity, Tables.tables(TableShape.small()));
  }

  /** The second JVM: checks the recorded digests and exits 0 when they match, 1 otherwise. */
  public static final class DigestMain {
    public static void main(String[] args) {
      try {
        identityStage()
            .assertMatchesRecordedDigests(Path.of(args[0]), Long.parseLong(args[1]), Integer.parseInt(args[2]));
        System.exit(0);
      } catch (Throwable t) {
        t.printStackTrace(System.out);
        System.exit(1);
      }
    }
  }
}
