package io.github.artifactio.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.hash.FileStamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The units of a hash plan, their split into shards, the plan's identity, and how shards are named. */
class WorkPlanTest {
  private static final long MIB = 1 << 20;

  private static PlannedFile file(String path, long size) {
    return new PlannedFile(path, new FileStamp(size, 1_000_000_000L));
  }

  @Test
  void a_file_larger_than_the_split_size_becomes_one_unit_per_range_of_spans() {
    WorkPlan plan = WorkPlan.hashFiles(List.of(file("a.bin", 10), file("b.bin", 5 * MIB + 1), file("c.bin", 2 * MIB)),
        2 * MIB, "test");
    assertEquals(List.of("a.bin spans [0, 1)", "b.bin spans [0, 2)", "b.bin spans [2, 4)", "b.bin spans [4, 6)",
        "c.bin spans [0, 2)"), plan.units().stream().map(WorkUnit::toString).toList());
    assertEquals(List.of(10L, 2 * MIB, 2 * MIB, MIB + 1, 2 * MIB),
        plan.units().stream().map(WorkUnit::bytes).toList());
  }

  @Test
  void a_whole_file_plan_has_one_unit_per_file_however_large_and_another_identity_than_hashings() {
    List<PlannedFile> files = List.of(file("a.parquet", 10), file("b.parquet", 5 * MIB + 1));
    WorkPlan plan = WorkPlan.wholeFiles("validate", files, "test");
    assertEquals(List.of(new WorkUnit(0, 0, "a.parquet", "file", 0, 1, 10),
        new WorkUnit(1, 1, "b.parquet", "file", 0, 1, 5 * MIB + 1)), plan.units());
    assertEquals("validate", plan.kind());
    assertNotEquals(WorkPlan.hashFiles(files, 5 * MIB + 1, "test").id(), plan.id());
    assertEquals("a hash plan splits files: use hashFiles",
        assertThrows(IllegalArgumentException.class, () -> WorkPlan.wholeFiles("hash", files, "test")).getMessage());
  }

  @Test
  void a_file_larger_than_the_split_size_becomes_ranges_of_row_groups_balanced_by_bytes() {
    FileStamp stamp = new FileStamp(1000, 1);
    PlannedFile big = new PlannedFile("big.parquet", stamp, List.of(100L, 300L, 100L, 100L, 300L, 50L));
    PlannedFile oneGroup = new PlannedFile("one.parquet", stamp, List.of(990L));
    WorkPlan plan = WorkPlan.rowGroups("validate", List.of(file("small.parquet", 10), big, oneGroup), 400, "test");
    // 1000 bytes in ranges of 400: three ranges; the footer's 50 bytes weigh with the first
    assertEquals(List.of("small.parquet file [0, 1)", "big.parquet row-groups [0, 2)", "big.parquet row-groups [2, 4)",
        "big.parquet row-groups [4, 6)", "one.parquet file [0, 1)"),
        plan.units().stream().map(WorkUnit::toString).toList());
    assertEquals(List.of(10L, 450L, 200L, 350L, 1000L), plan.units().stream().map(WorkUnit::bytes).toList());
    assertEquals(List.of(new WorkPlan.RowGroupRange(0, 6, 1000)),
        WorkPlan.rowGroupRanges(big.rowGroupBytes(), 1000, 1000), "a file no larger than the split size is whole");
    assertNotEquals(plan.id(), WorkPlan.rowGroups("validate", List.of(file("small.parquet", 10),
        new PlannedFile("big.parquet", stamp, List.of(100L, 300L, 100L, 100L, 250L, 100L)), oneGroup), 400, "test")
        .id(), "row groups cut otherwise make another plan");
  }

  @Test
  void random_row_groups_are_cut_into_contiguous_ranges_that_cover_the_file_once() {
    Random random = new Random(27);
    for (int t = 0; t < 2000; t++) {
      int n = random.nextInt(12);
      List<Long> groups = new ArrayList<>();
      long sum = 0;
      for (int g = 0; g < n; g++) {
        groups.add((long) random.nextInt(5000));
        sum += groups.get(g);
      }
      long size = sum + random.nextInt(100);
      long split = 1 + random.nextInt(8000);
      List<WorkPlan.RowGroupRange> ranges = WorkPlan.rowGroupRanges(groups, size, split);
      int next = 0;
      long bytes = 0;
      for (WorkPlan.RowGroupRange r : ranges) {
        assertEquals(next, r.from(), ranges.toString());
        assertTrue(r.to() > r.from() || n == 0, ranges.toString());
        next = r.to();
        bytes += r.bytes();
      }
      assertEquals(n, next, ranges.toString());
      assertEquals(size, bytes, ranges.toString());
      long want = size <= split || n <= 1 ? 1 : Math.min(n, (size + split - 1) / split);
      assertTrue(ranges.size() <= want, ranges + " for " + want);
    }
  }

  @Test
  void shards_are_contiguous_balanced_by_bytes_and_hold_every_unit_once() {
    Random random = new Random(27);
    for (int trial = 0; trial < 200; trial++) {
      List<PlannedFile> files = new ArrayList<>();
      for (int f = 0, n = 1 + random.nextInt(30); f < n; f++) {
        long size = random.nextInt(4) == 0 ? 0 : (long) (random.nextDouble() * random.nextInt(64) * MIB);
        files.add(file("f" + f, size));
      }
      WorkPlan plan = WorkPlan.hashFiles(files, (1 + random.nextInt(8)) * MIB, "test");
      int count = 1 + random.nextInt(12);
      long total = plan.units().stream().mapToLong(u -> u.bytes() + 1).sum();
      long heaviest = plan.units().stream().mapToLong(u -> u.bytes() + 1).max().orElse(0);
      List<WorkUnit> seen = new ArrayList<>();
      for (int s = 0; s < count; s++) {
        List<WorkUnit> units = plan.units(new ShardSpec(s, count));
        seen.addAll(units);
        long weight = units.stream().mapToLong(u -> u.bytes() + 1).sum();
        String what = "trial " + trial + ", shard " + s + " of " + count;
        assertTrue(Math.abs(weight - (double) total / count) <= heaviest, what + ": " + weight + " of " + total);
        for (WorkUnit u : units) {
          assertEquals(s, plan.shardOf(u, count), what);
        }
      }
      assertEquals(plan.units(), seen, "trial " + trial + ": every unit once, in plan order");
    }
  }

  @Test
  void the_plans_identity_changes_with_any_file_stamp_split_or_version() {
    List<PlannedFile> files = List.of(file("a.bin", 10), file("b.bin", 3 * MIB));
    String id = WorkPlan.hashFiles(files, MIB, "v1").id();
    assertEquals(id, WorkPlan.hashFiles(List.copyOf(files), MIB, "v1").id());
    assertNotEquals(id, WorkPlan.hashFiles(files, 2 * MIB, "v1").id());
    assertNotEquals(id, WorkPlan.hashFiles(files, MIB, "v2").id());
    assertNotEquals(id, WorkPlan.hashFiles(List.of(file("a.bin", 11), file("b.bin", 3 * MIB)), MIB, "v1").id());
    assertNotEquals(id, WorkPlan.hashFiles(
        List.of(new PlannedFile("a.bin", new FileStamp(10, 7)), file("b.bin", 3 * MIB)), MIB, "v1").id());
    assertNotEquals(id, WorkPlan.hashFiles(List.of(files.get(1), files.get(0)), MIB, "v1").id());
  }

  @Test
  void a_shard_is_read_as_i_of_n_and_refused_out_of_range_or_malformed() {
    assertEquals(new ShardSpec(2, 4), ShardSpec.parse("2/4"));
    assertEquals("the shard index must be in 0..3 for 4 shards, got 4",
        assertThrows(IllegalArgumentException.class, () -> ShardSpec.parse("4/4")).getMessage());
    assertEquals("the shard count N must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> ShardSpec.parse("0/0")).getMessage());
    for (String bad : List.of("2", "a/4", "1/2/3", "-1/4", "")) {
      assertEquals("a shard is I/N (shard I of N, from 0) or slurm, got '" + bad + "'",
          assertThrows(IllegalArgumentException.class, () -> ShardSpec.parse(bad)).getMessage());
    }
  }

  @Test
  void a_slurm_task_is_its_array_index_less_the_arrays_first_of_the_tasks_count() {
    Map<String, String> env = Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4",
        "SLURM_ARRAY_TASK_MIN", "1");
    assertEquals(new ShardSpec(2, 4), ShardSpec.slurm(env));
  }

  @Test
  void a_slurm_variable_absent_or_malformed_is_named() {
    assertEquals("SLURM_ARRAY_TASK_COUNT is not set: --shard slurm runs in a task of a job array"
        + " (sbatch --array=0-3)",
        assertThrows(IllegalArgumentException.class,
            () -> ShardSpec.slurm(Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "0"))).getMessage());
    assertEquals("SLURM_ARRAY_TASK_ID is 'x1', not a whole number", assertThrows(IllegalArgumentException.class,
        () -> ShardSpec.slurm(Map.of("SLURM_ARRAY_TASK_ID", "x1", "SLURM_ARRAY_TASK_COUNT", "4",
            "SLURM_ARRAY_TASK_MIN", "0")))
        .getMessage());
    assertEquals("SLURM_ARRAY_TASK_ID 6 - SLURM_ARRAY_TASK_MIN 0 is not a shard of SLURM_ARRAY_TASK_COUNT 4"
        + " (the array must be contiguous, as --array=0-3 is)",
        assertThrows(IllegalArgumentException.class,
            () -> ShardSpec.slurm(Map.of("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_COUNT", "4",
                "SLURM_ARRAY_TASK_MIN", "0")))
            .getMessage());
  }
}
