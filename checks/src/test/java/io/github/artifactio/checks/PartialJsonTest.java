package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A validate partial as JSON text (what a Spark task sends its driver) is the file a shard writes, reads back to the
 * same partial, and the units checked one at a time merge to the verdict of the shard that checks them all.
 */
class PartialJsonTest {
  @TempDir Path dir;

  @Test
  void the_text_of_a_partial_is_the_file_a_shard_writes_and_reads_back_whole() throws IOException, Exception {
    Inputs.precursors(dir.resolve("a.precursors.parquet"), 20, 5);
    ValidateGoal goal = ValidateGoal.builder(dir).build();
    GateOptions o = GateOptions.builder(Dialect.COMMAND_LINE, dir).tool("artifact-io", "test").build();
    WorkPlan plan = ShardedValidation.plan(goal, o, new GateTest.Lines());
    ValidatePartial p = ShardedValidation.run(goal, o, plan, new ShardSpec(0, 1), List.of("--x"), "shard 0");
    Path file = dir.resolve("partial.json");
    p.write(file);

    assertEquals(Files.readString(file), p.toJson());
    assertEquals(p.toJson(), ValidatePartial.parse(p.toJson(), "the text", plan.files()).toJson());
    assertEquals(ValidatePartial.read(file, "the file").toJson(),
        ValidatePartial.parse(p.toJson(), "t", plan.files()).toJson());
  }

  @Test
  void units_checked_one_at_a_time_merge_to_the_verdict_of_one_shard_checking_them_all() {
    Inputs.precursors(dir.resolve("a.precursors.parquet"), 20, 5);
    Inputs.precursors(dir.resolve("b.precursors.parquet"), 30, 7);
    ValidateGoal goal = ValidateGoal.builder(dir).build();
    GateOptions o = GateOptions.builder(Dialect.COMMAND_LINE, dir).tool("artifact-io", "test").build();
    WorkPlan plan = ShardedValidation.plan(goal, o, new GateTest.Lines());
    ValidatePartial whole = ShardedValidation.run(goal, o, plan, new ShardSpec(0, 1), List.of(), "whole");
    List<ValidatePartial.Unit> units = new ArrayList<>();
    for (var u : plan.units()) {
      units.addAll(ShardedValidation.run(goal, o, plan, new ShardSpec(0, 1), List.of(u), List.of(), "unit").units());
    }

    assertEquals(2, units.size());
    assertEquals(whole.units().stream().map(u -> u.unit() + " " + u.file() + " " + u.results().size()).toList(), units
        .stream().map(u -> u.unit() + " " + u.file() + " " + u.results().size()).toList());
  }
}
