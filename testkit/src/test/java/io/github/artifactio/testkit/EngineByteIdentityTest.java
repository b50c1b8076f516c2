package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.gen.WriteCase;
import io.github.artifactio.testkit.property.Gen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void a_fresh_jvm_writes_the_bytes_this_one_recorded() throws Exception {
    Path record = dir.resolve("engine.digests");
    StageProperties p = ArtifactProperties.ofStage("engine", EngineByteIdentityTest::identity,
        Tables.tables(TableShape.small()));
    p.assertMatchesRecordedDigests(record, 2026, 25);
    assertEquals(25, Files.readAllLines(record).size());

    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        DigestMain.class.getName(), record.toString(), "2026", "25"));
    Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(proc.getInputStream().readAllBytes());
    proc.waitFor(120, TimeUnit.SECONDS);
    assertEquals(0, proc.exitValue(), "the second JVM disagreed:\n" + out);
  }

  /** The second JVM: checks the recorded digests and exits 0 when they match, 1 otherwise. */
  public static final class DigestMain {
    public static void main(String[] args) {
      try {
        ArtifactProperties.ofStage("engine", EngineByteIdentityTest::identity, Tables.tables(TableShape.small()))
            .assertMatchesRecordedDigests(Path.of(args[0]), Long.parseLong(args[1]), Integer.parseInt(args[2]));
        System.exit(0);
      } catch (Throwable t) {
        t.printStackTrace(System.out);
        System.exit(1);
      }
    }
  }
}
