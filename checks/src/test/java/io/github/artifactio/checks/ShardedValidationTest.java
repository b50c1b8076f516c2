package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A shard of {@code validate} on a file that changed after the plan: a finding on that file, never its old verdict. */
class ShardedValidationTest {
  @TempDir Path dir;

  @Test
  void a_file_that_changed_between_planning_and_checking_is_a_structure_finding_on_that_file() throws IOException {
    Inputs.precursors(dir.resolve("a.precursors.parquet"), 20, 5);
    Path b = Inputs.precursors(dir.resolve("b.precursors.parquet"), 20, 5);
    ValidateGoal goal = ValidateGoal.builder(dir).build();
    GateOptions o = GateOptions.builder(Dialect.COMMAND_LINE, dir).tool("artifact-io", "test").build();
    WorkPlan plan = ShardedValidation.plan(goal, o, new GateTest.Lines());
    FileStamp planned = plan.files().get(1).stamp();
    Inputs.precursors(b, 30, 5); // another file at the same path: more rows, more bytes
    List<ValidatePartial> partials = new ArrayList<>();
    for (int s = 0; s < 2; s++) {
      partials.add(ShardedValidation.run(goal, o, plan, new ShardSpec(s, 2), List.of(), "shard " + s));
    }
    assertEquals(List.of(), ShardedValidation.refusals(partials));
    Verdict v = ShardedValidation.merge(goal, o, partials, new GateTest.Lines());
    assertFalse(v.passed());
    List<RuleResult> onB = v.run().outcome().results().stream().filter(r -> r.file().equals("b.precursors.parquet"))
        .toList();
    assertEquals(1, onB.size(), onB.toString());
    assertEquals("[structure] b.precursors.parquet: the file changed while the shard checked it: planned as " + planned
        + ", now " + FileStamp.of(b) + "; check it again (1 violation)", onB.get(0).findings().get(0).message());
    assertEquals("artifact-io validate: 1 finding at or above ERROR in 1 file; the first: "
        + onB.get(0).findings().get(0).message(), v.failure());
    assertFalse(v.run().outcome().results().stream().anyMatch(r -> r.file().equals("a.precursors.parquet")
        && !r.findings().isEmpty()), "the unchanged file keeps its verdict");
  }
}
