package io.github.artifactio.cli;

import io.github.artifactio.checks.shard.HashPartial;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code hash --shard I/N --partial-out FILE FILE...}: plans the files, hashes shard I's units and writes their
 * partial report, for {@code merge} to join with the other shards'. A unit that fails (a file changed since the plan,
 * or unreadable) is reported in the partial report and here, and the exit code is {@value Main#FAILED}; the report
 * is written either way, so that {@code merge} names it too. The hashing is the checks module's
 * {@link io.github.artifactio.checks.shard.ShardedHash}, which the Spark module runs too.
 */
final class HashShard {
  private HashShard() {}

  static int run(List<String> files, ShardSpec shard, long splitBytes, Path partialOut, EngineContext context,
      PrintWriter err) throws IOException {
    return run(WorkPlan.hashPaths(files, splitBytes, Main.version()), shard, partialOut, context, err);
  }

  /** Runs shard {@code shard} of a plan made before (the files may have changed since). */
  static int run(WorkPlan plan, ShardSpec shard, Path partialOut, EngineContext context, PrintWriter err)
      throws IOException {
    HashPartial partial = io.github.artifactio.checks.shard.ShardedHash.run(plan, shard, context);
    partial.write(partialOut);
    int code = Main.PASS;
    for (HashPartial.UnitResult r : partial.units()) {
      if (r.error().isPresent()) {
        err.println("artifact-io hash: " + r.error().get());
        code = Main.FAILED;
      }
    }
    return code;
  }
}
