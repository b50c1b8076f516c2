package io.github.artifactio.engine.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a partial report says it ran: its shard of a plan and the units it holds; {@code report} names the report in
 * messages. Every merge (hash, verify-manifest's ranges, validate) checks its reports' claims against the plan the
 * same way, with {@link #refusals}.
 */
public record ShardClaim(ShardSpec shard, String report, List<WorkUnit> units) {
  /** The units a message lists at the most, before "and N more". */
  public static final int UNITS_NAMED = 10;

  public ShardClaim {
    Objects.requireNonNull(shard, "shard");
    Objects.requireNonNull(report, "report");
    units = List.copyOf(units);
  }

  /**
   * Why {@code claims} are not every one of {@code shards} once (the units of each shard of a plan, {@link
   * WorkPlan#shards}), in the order found: a shard claimed twice (the second report's units are not compared: one
   * refusal is enough), a report whose units are not its shard's, a shard no report claims, with the units it held.
   * Units are compared by index, path and range, what a partial report writes of them. Empty when the set is whole.
   */
  public static List<String> refusals(List<List<WorkUnit>> shards, List<ShardClaim> claims) {
    List<String> out = new ArrayList<>();
    Map<Integer, ShardClaim> byShard = new LinkedHashMap<>();
    for (ShardClaim c : claims) {
      ShardClaim before = byShard.putIfAbsent(c.shard().index(), c);
      if (before != null) {
        out.add("shard " + c.shard() + " is in two partial reports: " + before.report() + " and " + c.report());
        continue;
      }
      List<WorkUnit> expected = shards.get(c.shard().index());
      if (!sameUnits(expected, c.units())) {
        out.add(c.report() + " holds other units than shard " + c.shard() + " of its plan: " + c.units()
            + " instead of " + expected);
      }
    }
    for (int s = 0; s < shards.size(); s++) {
      if (!byShard.containsKey(s)) {
        out.add("shard " + s + "/" + shards.size() + " is missing; it held "
            + WorkUnit.named(shards.get(s), UNITS_NAMED));
      }
    }
    return out;
  }

  private static boolean sameUnits(List<WorkUnit> a, List<WorkUnit> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      WorkUnit x = a.get(i);
      WorkUnit y = b.get(i);
      if (x.index() != y.index() || !x.path().equals(y.path()) || x.from() != y.from() || x.to() != y.to()) {
        return false;
      }
    }
    return true;
  }
}
