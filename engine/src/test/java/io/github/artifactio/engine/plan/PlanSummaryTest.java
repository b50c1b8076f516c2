package io.github.artifactio.engine.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.artifactio.engine.hash.FileStamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A plan summarised from its files one at a time has the plan's id and, for any shard count, each shard's units'
 * digest: on random plans of every kind (row groups with files split or not, hash spans, whole files).
 */
class PlanSummaryTest {
  @Test
  void a_summary_has_the_plans_id_and_each_shards_digest_for_random_plans_of_every_kind() {
    for (int seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      List<PlannedFile> files = new ArrayList<>();
      int n = r.nextInt(40);
      for (int i = 0; i < n; i++) {
        List<Long> groups = new ArrayList<>();
        for (int g = r.nextInt(4) == 0 ? 0 : r.nextInt(12); g > 0; g--) {
          groups.add((long) r.nextInt(5000));
        }
        long size = groups.stream().mapToLong(Long::longValue).sum() + r.nextInt(300);
        files.add(new PlannedFile("d/" + r.nextInt(1000) + (r.nextBoolean() ? " é\n" : "") + ".parquet",
            new FileStamp(size, r.nextLong() & Long.MAX_VALUE), groups));
      }
      long split = 1 + r.nextInt(20000);
      int kind = r.nextInt(3);
      WorkPlan plan = switch (kind) {
        case 0 -> WorkPlan.rowGroups("validate", files, split, "v" + seed);
        case 1 -> WorkPlan.hashFiles(files.stream().map(f -> new PlannedFile(f.path(), f.stamp())).toList(),
            split, "v" + seed);
        default -> WorkPlan.wholeFiles("validate", files, "v" + seed);
      };
      PlanSummary summary = new PlanSummary(plan.kind(), plan.toolVersion(), plan.splitBytes());
      plan.files().forEach(summary::add);
      assertEquals(plan.id(), summary.id(), "seed " + seed);
      assertEquals(plan.files().size(), summary.files(), "seed " + seed);
      assertEquals(plan.units().size(), summary.units(), "seed " + seed);
      for (int count : new int[] {1, 2, 3, 7, 64}) {
        UnitsDigest[] expected = plan.shards(count).stream().map(UnitsDigest::of).toArray(UnitsDigest[]::new);
        assertArrayEquals(expected, summary.shards(count), "seed " + seed + ", " + count + " shards");
      }
    }
  }

  @Test
  void units_that_differ_in_any_field_a_report_writes_have_other_digests() {
    WorkUnit u = new WorkUnit(3, 1, "a.parquet", WorkPlan.ROW_GROUPS, 2, 5, 100);
    UnitsDigest d = UnitsDigest.of(List.of(u));
    for (WorkUnit other : List.of(new WorkUnit(4, 1, "a.parquet", WorkPlan.ROW_GROUPS, 2, 5, 100),
        new WorkUnit(3, 2, "a.parquet", WorkPlan.ROW_GROUPS, 2, 5, 100),
        new WorkUnit(3, 1, "b.parquet", WorkPlan.ROW_GROUPS, 2, 5, 100),
        new WorkUnit(3, 1, "a.parquet", WorkPlan.FILE, 2, 5, 100),
        new WorkUnit(3, 1, "a.parquet", WorkPlan.ROW_GROUPS, 1, 5, 100),
        new WorkUnit(3, 1, "a.parquet", WorkPlan.ROW_GROUPS, 2, 6, 100))) {
      assertNotEquals(d, UnitsDigest.of(List.of(other)), other.toString());
    }
    assertNotEquals(d, UnitsDigest.of(List.of(u, u)), "a unit twice");
    assertNotEquals(UnitsDigest.of(List.of()), d, "no unit");
    WorkUnit v = new WorkUnit(4, 2, "b.parquet", WorkPlan.FILE, 0, 1, 7);
    assertNotEquals(UnitsDigest.of(List.of(u, v)), UnitsDigest.of(List.of(v, u)), "another order");
  }
}
