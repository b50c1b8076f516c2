package io.github.artifactio.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shard check every merge makes: each shard of the plan claimed once, by a report holding its units. */
class ShardClaimTest {
  private static final WorkUnit A = new WorkUnit(0, 0, "a.parquet", "file", 0, 1, 10);
  private static final WorkUnit B = new WorkUnit(1, 1, "b.parquet", "file", 0, 1, 10);
  private static final WorkUnit C = new WorkUnit(2, 2, "c.parquet", "file", 0, 1, 10);
  private static final List<List<WorkUnit>> SHARDS = List.of(List.of(A), List.of(B), List.of(C));

  private static ShardClaim claim(int index, String report, WorkUnit... units) {
    return new ShardClaim(new ShardSpec(index, 3), report, List.of(units));
  }

  @Test
  void every_shard_claimed_once_with_its_units_is_no_refusal() {
    assertEquals(List.of(), ShardClaim.refusals(SHARDS, List.of(claim(2, "c", C), claim(0, "a", A),
        claim(1, "b", B))));
  }

  @Test
  void units_are_compared_by_index_path_and_range_as_partial_reports_write_them() {
    WorkUnit aAsReported = new WorkUnit(0, -1, "a.parquet", "spans", 0, 1, 0);
    assertEquals(List.of(), ShardClaim.refusals(SHARDS, List.of(claim(0, "a", aAsReported), claim(1, "b", B),
        claim(2, "c", C))));
  }

  @Test
  void a_shard_twice_other_units_and_a_missing_shard_are_each_named() {
    assertEquals(List.of(
        "shard 0/3 is in two partial reports: a and a-again",
        "b holds other units than shard 1/3 of its plan: [" + C + "] instead of [" + B + "]",
        "shard 2/3 is missing; it held " + C),
        ShardClaim.refusals(SHARDS, List.of(claim(0, "a", A), claim(0, "a-again", B), claim(1, "b", C))));
  }
}
