package io.github.artifactio.it.stage;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.ArtifactAssertions;
import io.github.artifactio.testkit.ArtifactProperties;
import io.github.artifactio.testkit.Chunking;
import io.github.artifactio.testkit.StageRun;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.gen.TableContract;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small stage project as a user writes one, and its tests as the README's "Testkit" section and docs/testkit.md
 * show them (ReadmeExampleTest compiles and runs the README's copy): a stage that turns retention times in seconds into
 * minutes, tested for determinism and chunking and thread-count invariance over inputs generated from its contract,
 * and against a golden file in it/src/test/golden.
 */
class MinutesStageTest {
  static final TableContract INPUT = TableContract.builder()
      .column("id", ColumnType.UINT32).contiguousIds()
      .column("rt", ColumnType.FLOAT64).ascending()
      .column("name", ColumnType.OPT_UTF8)
      .build();

  /** The stage: id, rt in minutes, name; written through the run, so the testkit can vary chunks and threads. */
  static Path toMinutes(TableCase in, StageRun run) {
    double[] minutes = Arrays.stream(((Float64Column) in.column("rt")).values()).map(s -> s / 60).toArray();
    List<Column> out = List.of(in.column("id"), new Float64Column("rt_min", minutes), in.column("name"));
    return run.writeTable(run.dir().resolve("minutes.parquet"), out, WriteOptions.builder().rowGroupRows(1000).build());
  }

  @TempDir Path dir;

  @Test
  void the_stage_is_deterministic_and_independent_of_chunks_and_threads() {
    ArtifactProperties.ofStage("minutes", MinutesStageTest::toMinutes, INPUT.tables(5_000)).tries(40).assertStable();
  }

  @Test
  void the_stage_output_for_a_fixed_input_matches_its_golden() {
    Path out = toMinutes(INPUT.tables(100).sample(42, 1).get(0), new StageRun(dir, 1, Chunking.whole()));
    ArtifactAssertions.assertMatchesGolden(out, "minutes"); // src/test/golden/minutes.parquet (+ .golden.json)
  }
}
