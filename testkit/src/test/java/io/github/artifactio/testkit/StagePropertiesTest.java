package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.gen.TableContract;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.property.PropertyFailedError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class StagePropertiesTest {
  @TempDir Path dir;

  private static final TableContract CONTRACT = TableContract.builder()
      .column("id", ColumnType.UINT32).contiguousIds()
      .column("rt", ColumnType.FLOAT64).ascending()
      .column("name", ColumnType.OPT_UTF8)
      .build();

  @Test
  void a_stage_that_writes_through_its_run_is_deterministic_and_independent_of_chunks_and_threads() {
    StageProperties p = ArtifactProperties.ofStage("copy",
        (t, run) -> run.writeTable(run.dir().resolve("out.parquet"), t.columns(),
            WriteOptions.builder().rowGroupRows(100).build()),
        CONTRACT.tables(500)).tries(40).seed(1);
    p.assertStable();
    p.assertDeterministic();
    p.assertChunkingInvariant();
    p.assertThreadCountInvariant();
  }

  @Test
  void a_stage_that_stamps_a_counter_into_its_footer_fails_determinism_and_saves_the_shrunk_input() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    String old = System.getProperty(FailureArchive.DIR_PROPERTY);
    System.setProperty(FailureArchive.DIR_PROPERTY, dir.resolve("failures").toString());
    try {
      PropertyFailedError e = assertThrows(PropertyFailedError.class,
          () -> ArtifactProperties.ofStage("stamped", (t, run) -> run.writeTable(run.dir().resolve("out.parquet"),
              t.columns(), WriteOptions.builder().metadata("run", Integer.toString(calls.incrementAndGet())).build()),
              CONTRACT.tables(500)).tries(20).seed(3).assertDeterministic());
      TableCase shrunk = ((StageProperties.StageCase) e.counterexample()).input();
      assertEquals(0, shrunk.rows(), e.getMessage());
      // the first difference at the structure level, then the byte
      assertTrue(e.getMessage().matches("(?s).*artifacts differ \\(structure: metadata run = \\d+ vs metadata run ="
          + " \\d+\\) from byte \\d+.*"), e.getMessage());
      Path saved = dir.resolve("failures").resolve("stamped-deterministic").resolve("3");
      assertTrue(e.getMessage().contains("shrunk case saved to " + saved.toAbsolutePath()
          + " (input.parquet, case.json, a-out.parquet, b-out.parquet)"), e.getMessage());
      // both artifacts of the shrunk run are kept: they differ exactly in the stamp
      String a = TableFile.open(saved.resolve("a-out.parquet")).metadataValue("run").orElseThrow();
      String b = TableFile.open(saved.resolve("b-out.parquet")).metadataValue("run").orElseThrow();
      assertEquals(Integer.parseInt(a) + 1, Integer.parseInt(b));
      assertEquals(0, Table.read(saved.resolve("input.parquet")).rows());
      // promoted to a regression test: the saved input is the shrunk input
      assertEquals(shrunk, TableCase.read(saved.resolve("input.parquet")));
      JsonNode json = new ObjectMapper().readTree(saved.resolve("case.json").toFile());
      assertEquals("stamped-deterministic", json.get("property").asText());
      assertEquals(3, json.get("seed").asLong());
      assertEquals("-Dartifact-io.seed=3", json.get("replay").asText());
      assertEquals("UINT32", json.get("columns").get(0).get("kind").asText());
    } finally {
      if (old == null) {
        System.clearProperty(FailureArchive.DIR_PROPERTY);
      } else {
        System.setProperty(FailureArchive.DIR_PROPERTY, old);
      }
    }
  }

  @Test
  void a_stage_whose_bytes_follow_its_chunks_fails_chunking_invariance_on_a_small_table() {
    // writes one row group per chunk it is given: the layout follows the chunking
    Stage chunky = (t, run) -> {
      Path out = run.dir().resolve("out.parquet");
      int[] sizes = run.chunking().sizes(t.rows());
      int biggest = java.util.Arrays.stream(sizes).max().orElse(1);
      return run.writeTable(out, t.columns(), WriteOptions.builder().rowGroupRows(Math.max(1, biggest)).build());
    };
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> ArtifactProperties.ofStage("chunky", chunky, Tables.tables(TableShape.small())).tries(60).seed(5)
            .assertChunkingInvariant());
    TableCase shrunk = ((StageProperties.StageCase) e.counterexample()).input();
    assertTrue(shrunk.rows() <= 3 && shrunk.columns().size() == 1, e.getMessage());
    // the cause, named first: the stage chose its row-group cap from the chunks
    assertTrue(e.getMessage().contains("artifacts differ (writer setting page_rows: "), e.getMessage());
  }

  @Test
  void a_stage_whose_bytes_follow_its_thread_count_fails_thread_count_invariance() {
    Stage threaded = (t, run) -> run.writeTable(run.dir().resolve("out.parquet"), t.columns(),
        WriteOptions.builder().metadata("threads", Integer.toString(run.threads())).build());
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> ArtifactProperties.ofStage("threaded", threaded, CONTRACT.tables(100)).tries(30).seed(8)
            .assertThreadCountInvariant());
    StageProperties.StageCase c = (StageProperties.StageCase) e.counterexample();
    assertEquals(2, c.threads(), e.getMessage());
    assertEquals(0, c.input().rows(), e.getMessage());
  }

  @Test
  void recorded_digests_are_written_once_then_checked_and_a_changed_stage_fails_against_them() throws Throwable {
    Path record = dir.resolve("digests.txt");
    Stage plain = (t, run) -> run.writeTable(run.dir().resolve("o.parquet"), t.columns(), WriteOptions.defaults());
    CiMode.local(() -> ArtifactProperties.ofStage("plain", plain, CONTRACT.tables(200))
        .assertMatchesRecordedDigests(record, 9, 10));
    assertEquals(10, Files.readAllLines(record).size());
    ArtifactProperties.ofStage("plain", plain, CONTRACT.tables(200)).assertMatchesRecordedDigests(record, 9, 10);
    Stage changed = (t, run) -> run.writeTable(run.dir().resolve("o.parquet"), t.columns(),
        WriteOptions.builder().codec(io.github.artifactio.engine.table.Codec.UNCOMPRESSED).build());
    String old = System.getProperty(FailureArchive.DIR_PROPERTY);
    System.setProperty(FailureArchive.DIR_PROPERTY, dir.resolve("failures").toString());
    try {
      AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> ArtifactProperties
          .ofStage("plain", changed, CONTRACT.tables(200)).assertMatchesRecordedDigests(record, 9, 10));
      assertTrue(e.getMessage().contains("the artifact of input 0 (seed 9) is not the recorded one"), e.getMessage());
      // the input that gave the new digest, and the new artifact, are kept for a regression test
      Path saved = dir.resolve("failures/plain-recorded-digests/9-0");
      assertTrue(e.getMessage().endsWith("; its input and the new artifact are saved in " + saved.toAbsolutePath()),
          e.getMessage());
      assertEquals(CONTRACT.tables(200).sample(9, 10).get(0), TableCase.read(saved.resolve("input.parquet")));
      assertEquals("UNCOMPRESSED",
          TableFile.open(saved.resolve("artifact.parquet")).rowGroups().get(0).chunks().get(0).codec());
    } finally {
      if (old == null) {
        System.clearProperty(FailureArchive.DIR_PROPERTY);
      } else {
        System.setProperty(FailureArchive.DIR_PROPERTY, old);
      }
    }
  }

  @Test
  void in_ci_no_digests_are_recorded_and_a_missing_record_fails() throws Throwable {
    Path record = dir.resolve("ci/digests.txt");
    Stage plain = (t, run) -> run.writeTable(run.dir().resolve("o.parquet"), t.columns(), WriteOptions.defaults());
    CiMode.ci(() -> {
      AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> ArtifactProperties
          .ofStage("plain", plain, CONTRACT.tables(200)).assertMatchesRecordedDigests(record, 9, 3));
      assertEquals("no recorded digests at " + record + " (CI is set, so none is written)", e.getMessage());
      assertFalse(Files.exists(record));
    });
  }

  @Test
  void a_stage_that_returns_no_file_fails_with_its_name() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> ArtifactProperties.ofStage("lost", (t, run) -> run.dir().resolve("missing.parquet"), CONTRACT.tables(10))
            .tries(5).seed(1).assertDeterministic());
    assertTrue(e.getMessage().contains("stage \"lost\" returned"), e.getMessage());
  }

  @Test
  void chunkings_of_a_stage_run_add_up_to_any_row_count() {
    for (Chunking c : Chunking.chunkings().sample(4, 200)) {
      for (int rows : new int[] {0, 1, 7, 1000}) {
        assertEquals(rows, java.util.Arrays.stream(c.sizes(rows)).sum(), c + " at " + rows);
      }
    }
    assertEquals("[0, 2, 0, 3, 0]", java.util.Arrays.toString(
        Chunking.cutAt(0.4, 0.4).withEmptyEnds(true, true).sizes(5)));
  }
}
