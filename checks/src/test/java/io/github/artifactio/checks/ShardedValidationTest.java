package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard of {@code validate}, or one machine's ranges, on a file that changed after the plan: a finding on that file,
 * never its old verdict.
 */
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

  @Test
  void a_file_in_ranges_that_changed_between_planning_and_checking_is_one_structure_finding_on_that_file()
      throws IOException {
    Path b = Inputs.precursors(dir.resolve("b.precursors.parquet"), 200, 20);
    ValidateGoal goal = ValidateGoal.builder(dir).build();
    GateOptions o = GateOptions.builder(Dialect.COMMAND_LINE, dir).tool("artifact-io", "test").splitBytes(300)
        .build();
    WorkPlan plan = ShardedValidation.plan(goal, o, new GateTest.Lines());
    assertTrue(plan.units().size() > 2, "the file is planned in ranges: " + plan.units());
    FileStamp planned = plan.files().get(0).stamp();
    Inputs.precursors(b, 300, 20);
    List<ValidatePartial> partials = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      partials.add(ShardedValidation.run(goal, o, plan, new ShardSpec(s, 3), List.of(), "shard " + s));
    }
    assertEquals(List.of(), ShardedValidation.refusals(partials));
    Verdict v = ShardedValidation.merge(goal, o, partials, new GateTest.Lines());
    List<RuleResult> results = v.run().outcome().results();
    assertEquals(1, results.size(), results.toString());
    assertEquals("[structure] b.precursors.parquet: the file changed while the shard checked it: planned as " + planned
        + ", now " + FileStamp.of(b) + "; check it again (1 violation)", results.get(0).findings().get(0).message());
  }

  @Test
  void a_file_that_changed_while_one_machine_checked_its_ranges_is_one_structure_finding_on_that_file() {
    Path b = Inputs.precursors(dir.resolve("b.precursors.parquet"), 200, 20);
    FileStamp planned = FileStamp.of(b);
    ValidationPlan rules = ValidationPlan.build(List.of(), List.of(), List.of(), List.of());
    // the progress hears of the file once its last range is checked: the file is rewritten then, before the merge
    Progress rewrite = new Progress() {
      @Override
      public void started(String goal, int files) {}

      @Override
      public void update(int done, int total) {
        Inputs.precursors(b, 300, 20);
      }

      @Override
      public void finished() {}
    };
    Outcome o = new ParquetValidator(rules, null, "test", 300).validate(dir, List.of(b), EngineContext.serial(),
        rewrite);
    assertEquals(1, o.results().size(), o.results().toString());
    assertEquals("[structure] b.precursors.parquet: the file changed while it was checked: planned as " + planned
        + ", now " + FileStamp.of(b) + "; check it again (1 violation)",
        o.results().get(0).findings().get(0).message());
  }

  @Test
  void partials_that_claim_each_others_units_are_refused_naming_both_as_the_plans_claims_say()
      throws IOException, ValidatePartial.MalformedException {
    WorkPlan plan = planOf(4);
    ValidatePartial a = shard(plan, 0, 2, "a");
    ValidatePartial b = shard(plan, 1, 2, "b");
    assertEquals(List.of(), ShardedValidation.refusalsOf(List.of(a.source(), b.source())));
    // each says it is the other's shard, holding its own units
    List<String> refused = ShardedValidation.refusalsOf(List.of(as(a, 1), as(b, 0)));
    List<List<io.github.artifactio.engine.plan.WorkUnit>> shards = plan.shards(2);
    assertEquals(List.of("a holds other units than shard 1/2 of its plan: " + shards.get(0) + " instead of "
        + shards.get(1),
        "b holds other units than shard 0/2 of its plan: " + shards.get(1) + " instead of "
            + shards.get(0)),
        refused);
  }

  @Test
  void a_partial_whose_unit_names_a_file_its_plan_does_not_hold_is_malformed() throws IOException {
    ValidatePartial a = shard(planOf(2), 0, 1, "a");
    ValidatePartial.Unit first = a.units().get(0);
    var moved = new io.github.artifactio.engine.plan.WorkUnit(first.unit().index(), first.unit().file(), "/elsewhere/x"
        + ".parquet", first.unit().axis(), first.unit().from(), first.unit().to(), first.unit().bytes());
    List<ValidatePartial.Unit> units = new ArrayList<>(a.units());
    units.set(0, new ValidatePartial.Unit(moved, first.file(), first.results(), first.parts()));
    ValidatePartial bad = new ValidatePartial(a.name(), a.planId(), a.toolVersion(), a.splitBytes(), a.files(),
        a.shard(), a.directory(), a.configuration(), a.invocation(), a.warnings(), units, a.reads());
    var e = org.junit.jupiter.api.Assertions.assertThrows(ValidatePartial.MalformedException.class,
        () -> ShardedValidation.refusalsOf(List.of(bad.source())));
    assertEquals("a: unit 0 names a file its plan does not hold: /elsewhere/x.parquet", e.getMessage());
  }

  /** The plan of {@code files} small precursors tables in the test's folder, checked by default. */
  private WorkPlan planOf(int files) {
    for (int i = 0; i < files; i++) {
      Inputs.precursors(dir.resolve("f" + i + ".precursors.parquet"), 20, 5);
    }
    return ShardedValidation.plan(ValidateGoal.builder(dir).build(), options(), new GateTest.Lines());
  }

  private GateOptions options() {
    return GateOptions.builder(Dialect.COMMAND_LINE, dir).tool("artifact-io", "test").build();
  }

  private ValidatePartial shard(WorkPlan plan, int index, int count, String name) {
    return ShardedValidation.run(ValidateGoal.builder(dir).build(), options(), plan, new ShardSpec(index, count),
        List.of(), name);
  }

  private static ValidatePartial.Source as(ValidatePartial p, int shard) {
    return new ValidatePartial(p.name(), p.planId(), p.toolVersion(), p.splitBytes(), p.files(), new ShardSpec(shard,
        p.shard().count()), p.directory(), p.configuration(), p.invocation(), p.warnings(), p.units(), p.reads())
        .source();
  }
}
