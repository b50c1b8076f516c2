package io.github.artifactio.checks.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hash unit's result as JSON text (what a Spark task sends its driver) reads back to the same result, and units
 * hashed one at a time and read back merge to the file's blake3; a file gone since the plan is its unit's error.
 */
class HashPartialTest {
  @TempDir Path dir;

  @Test
  void units_sent_as_text_merge_to_the_files_blake3() throws Exception {
    byte[] bytes = new byte[(3 << 20) + 12345];
    new Random(27).nextBytes(bytes);
    Path big = Files.write(dir.resolve("big.bin"), bytes);
    Path small = Files.writeString(dir.resolve("small.txt"), "a few bytes");
    WorkPlan plan = WorkPlan.hashPaths(List.of(big.toString(), small.toString()), 1 << 20, "test");
    assertEquals(5, plan.units().size(), "big.bin in four 1 MiB ranges, small.txt whole");
    List<HashPartial.UnitResult> results = new ArrayList<>();
    for (WorkUnit u : plan.units()) {
      HashPartial.UnitResult r = ShardedHash.unit(plan, u, EngineContext.serial());
      HashPartial.UnitResult back = HashPartial.unitResult(HashPartial.unitJson(r), plan.files(), "unit");
      assertEquals(r, back);
      results.add(back);
    }
    HashPartial all = HashPartial.of(plan, new ShardSpec(0, 1), results);

    assertEquals(List.of(), ShardedHash.refusals(List.of(all)));
    ShardedHash.Merged merged = ShardedHash.merge(List.of(HashPartial.parse(all.toJson(), "all", plan.files())));
    assertEquals(List.of(), merged.errors());
    assertEquals(Blake3.hashFile(big), merged.digests().get(big.toString()));
    assertEquals(Blake3.hashFile(small), merged.digests().get(small.toString()));
  }

  @Test
  void a_file_deleted_since_the_plan_is_its_units_error_and_no_digest() throws IOException {
    Path gone = Files.writeString(dir.resolve("gone.txt"), "soon gone");
    WorkPlan plan = WorkPlan.hashPaths(List.of(gone.toString()), 1 << 20, "test");
    Files.delete(gone);
    HashPartial.UnitResult r = ShardedHash.unit(plan, plan.units().get(0), EngineContext.serial());

    assertTrue(r.error().orElseThrow().startsWith(gone + ": "), r.toString());
    ShardedHash.Merged merged = ShardedHash.merge(List.of(HashPartial.of(plan, new ShardSpec(0, 1), List.of(r))));
    assertEquals(List.of(r.error().get()), merged.errors());
    assertEquals(0, merged.digests().size());
    assertEquals(List.of(new PlannedFile(gone.toString(), plan.files().get(0).stamp())), plan.files());
  }
}
