package io.github.artifactio.cli;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code hash --shard I/N --partial-out FILE FILE...}: plans the files, hashes shard I's units and writes their
 * partial report, for {@code merge} to join with the other shards'. A unit that fails (a file changed since the plan,
 * or unreadable) is reported in the partial report and here, and the exit code is {@value Main#FAILED}; the report
 * is written either way, so that {@code merge} names it too.
 */
final class ShardedHash {
  private ShardedHash() {}

  static int run(List<String> files, ShardSpec shard, long splitBytes, Path partialOut, EngineContext context,
      PrintWriter err) throws IOException {
    return run(WorkPlan.hashPaths(files, splitBytes, Main.version()), shard, partialOut, context, err);
  }

  /** Runs shard {@code shard} of a plan made before (the files may have changed since). */
  static int run(WorkPlan plan, ShardSpec shard, Path partialOut, EngineContext context, PrintWriter err)
      throws IOException {
    List<WorkUnit> units = plan.units(shard);
    // units spread over the context; a large unit spreads its spans over it too (a fan-out inside a fan-out takes
    // the threads that are free and never waits for one)
    List<PartialReport.UnitResult> results = context.map(units, u -> {
      try {
        return new PartialReport.UnitResult(u, Optional.of(Blake3Parts.hash(Path.of(u.path()),
            plan.files().get(u.file()).stamp(), u.from(), u.to(), context)), Optional.empty());
      } catch (ArtifactException e) {
        return new PartialReport.UnitResult(u, Optional.empty(), Optional.of(e.getMessage()));
      }
    });
    PartialReport.of(plan, shard, results).write(partialOut);
    int code = Main.PASS;
    for (PartialReport.UnitResult r : results) {
      if (r.error().isPresent()) {
        err.println("artifact-io hash: " + r.error().get());
        code = Main.FAILED;
      }
    }
    return code;
  }
}
