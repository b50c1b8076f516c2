package io.github.artifactio.it.stage;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.table.DuckDbValues;
import io.github.artifactio.testkit.Chunking;
import io.github.artifactio.testkit.StageRun;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stage's properties ({@link MinutesStageTest}) compare its artifacts with each other; here DuckDB, a reader that
 * shares no code with the engine, reads a share of them (generated inputs, chunked and threaded runs) as the minutes
 * the stage computes: id and name as given, rt divided by 60.
 */
class MinutesStageDuckDbTest {
  /** An input, a chunking and a thread count: one run of the stage. */
  private record Run(TableCase input, Chunking chunking, int threads) {}

  private static final Gen<Run> RUNS = s -> new Run(
      s.draw(MinutesStageTest.INPUT.tables(5_000)), s.draw(Chunking.chunkings()), s.draw(Gens.integers(1, 4)));

  @Test
  void duckdb_reads_the_stages_artifact_as_the_minutes_of_its_input() throws Exception {
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
      Property.forAll(RUNS).named("minutes-duckdb").tries(12).check(r -> {
        Path dir = Files.createTempDirectory("artifactio-minutes-duckdb");
        try (StageRun run = new StageRun(dir, r.threads(), r.chunking())) {
          Path out = MinutesStageTest.toMinutes(r.input(), run);
          double[] seconds = ((Float64Column) r.input().column("rt")).values();
          double[] minutes = Arrays.stream(seconds).map(x -> x / 60).toArray();
          List<Column> expected =
              List.of(r.input().column("id"), new Float64Column("rt_min", minutes), r.input().column("name"));
          DuckDbValues.assertReadsAs(db, out, expected);
        } finally {
          try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
          }
        }
      });
    }
  }
}
