package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.artifactio.checks.report.ResultSpool;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.EngineContext;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A merge's results walked from its spool by two writers at once, the spool decoded once and handed from one to the
 * other: both see every result in order, and a writer that fails ends the walk with its failure, never a hang.
 */
class SpooledWalkTest {
  private static final int RESULTS = 10_000;

  private static List<RuleResult> results() {
    List<RuleResult> out = new ArrayList<>();
    for (int i = 0; i < RESULTS; i++) {
      out.add(RuleResult.of("f" + i / 4 + ".parquet", "rule-" + i % 4, Severity.ERROR, "observed " + i, List.of()));
    }
    return out;
  }

  /** A spooled walk over {@link #results}, its first walk (the parse) done. */
  private static ShardedValidation.Spooled spooled(ResultSpool spool, EngineContext context) throws IOException {
    ShardedValidation.Spooled s = new ShardedValidation.Spooled(spool, context, true, each -> {
      for (RuleResult r : results()) {
        each.accept(r);
      }
    });
    s.walk(r -> {});
    return s;
  }

  @Test
  void two_writers_each_see_every_result_in_order() throws IOException {
    try (EngineContext context = EngineContext.create("test", 1); ResultSpool spool = ResultSpool.create()) {
      ShardedValidation.Spooled s = spooled(spool, context);
      List<RuleResult> first = new ArrayList<>();
      List<RuleResult> second = new ArrayList<>();
      s.walk(List.of(first::add, second::add));
      assertEquals(results(), first);
      assertEquals(results(), second);
    }
  }

  @Test
  void a_writer_that_fails_ends_the_walk_with_its_failure_whichever_it_is() throws IOException {
    try (EngineContext context = EngineContext.create("test", 1); ResultSpool spool = ResultSpool.create()) {
      ShardedValidation.Spooled s = spooled(spool, context);
      for (int failing = 0; failing < 2; failing++) {
        int[] seen = new int[1];
        Gate.ResultSink fails = r -> {
          if (++seen[0] == RESULTS / 2) {
            throw new IOException("the disk is full");
          }
        };
        Gate.ResultSink fine = r -> {};
        List<Gate.ResultSink> sinks = failing == 0 ? List.of(fails, fine) : List.of(fine, fails);
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(IOException.class,
            () -> s.walk(sinks)));
        assertEquals("the disk is full", e.getMessage(), "writer " + failing);
      }
    }
  }
}
