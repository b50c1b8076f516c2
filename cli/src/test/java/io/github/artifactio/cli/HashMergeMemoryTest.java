package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.shard.HashPartial;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of {@code hash} shards reads their plan's files once, from the file beside the reports: 20,000 files in
 * 200 shards (written here by the shards' own writer) take one plan file, not 200 copies of it in the reports, and
 * merge in a JVM of 64 MiB of heap, where holding each report's copy of the plan ran out of it.
 */
class HashMergeMemoryTest {
  private static final int SHARDS = 200;
  private static final int FILES = 20_000;

  @TempDir Path dir;

  @Test
  void twenty_thousand_files_in_two_hundred_shards_take_one_plan_file_and_merge_with_64_mib_of_heap()
      throws IOException, InterruptedException {
    List<PlannedFile> files = new ArrayList<>();
    for (int i = 0; i < FILES; i++) {
      files.add(new PlannedFile(dir.resolve("run").resolve(String.format("r%05d/a-file-of-one-span.parquet", i))
          .toString(), new FileStamp(1000 + i, 1_765_000_000_000_000_000L + i)));
    }
    WorkPlan plan = WorkPlan.hashFiles(files, WorkPlan.DEFAULT_SPLIT_BYTES, Main.version());
    Path partials = dir.resolve("partials");
    for (int s = 0; s < SHARDS; s++) {
      List<HashPartial.UnitResult> results = new ArrayList<>();
      for (WorkUnit u : plan.units(new ShardSpec(s, SHARDS))) {
        ContentHash digest = Blake3.hashString(u.path());
        PlannedFile f = files.get(u.file());
        results.add(new HashPartial.UnitResult(u, Optional.of(new FilePart(Path.of(f.path()), f.stamp(), u.from(),
            u.to(), List.of(), Optional.of(digest))), Optional.empty()));
      }
      HashPartial.of(plan, new ShardSpec(s, SHARDS), results).write(partials.resolve(String.format("shard-%03d.json",
          s)));
    }
    long reportBytes;
    List<Path> plans;
    try (var all = Files.list(partials)) {
      List<Path> listed = all.toList();
      plans = listed.stream().filter(p -> p.toString().endsWith(".plan")).toList();
      reportBytes = listed.stream().filter(p -> p.toString().endsWith(".json")).mapToLong(p -> p.toFile().length())
          .sum();
    }
    assertEquals(1, plans.size(), "one plan file: " + plans);
    assertTrue(reportBytes < Files.size(plans.get(0)) * 3, "the reports hold no copy of the plan's files: "
        + reportBytes + " bytes of reports, a plan file of " + Files.size(plans.get(0)));

    Cli.Result merged = Cli.inChild("-Xmx64m", dir, "merge", partials.toString());
    assertNotNull(merged, "the merge ends");
    assertEquals(Main.PASS, merged.code(), merged.err());
    List<String> lines = merged.out().lines().toList();
    assertEquals(FILES, lines.size());
    assertEquals(Blake3.hashString(files.get(12_345).path()).hex() + "  " + files.get(12_345).path(), lines.get(
        12_345));
  }
}
