package io.github.artifactio.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
import io.github.artifactio.checks.shard.ManifestShards;
import io.github.artifactio.engine.plan.ShardSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** {@code verify-manifest DIR...}: the plugin's {@code verify-manifest} on run folders (or manifest files). */
final class VerifyManifestCommand extends GateCommand {
  private static final CommandDef DEF = withGateOptions(CommandDef.command("verify-manifest",
      "Checks every manifest.json under the folders against the files it records (paths, blake3, rows, schemas,"
          + " report sidecars, the config hash).")
      .params("DIR", 1, -1, "Run folders, or manifest.json files.")
      .repeated("--schema", "NAME@VERSION", "A schema identifier to accept besides the built-in registry's.")
      .value("--shard", "I/N|slurm", null, "Check only shard I of N of the records (a file past --split-mib is"
          + " several units) and write them to --partial-out, for merge; slurm reads SLURM_ARRAY_TASK_ID,"
          + " SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN.")
      .value("--split-mib", "MIB", "1024", "With --shard: record files larger than this are hashed in ranges of"
          + " this size.")
      .value("--partial-out", "FILE", null, "With --shard: where the shard's partial report is written."));

  /** Options a shard does not pass on to the merge's run: they say which shard, not what is checked. */
  private static final List<String> SHARD_OPTIONS = List.of("--shard", "--split-mib", "--partial-out");

  private Map<String, String> env = System.getenv();
  private UnaryOperator<Goal> merged;

  /** Reads the environment (the Slurm variables) from {@code env} instead (tests). */
  VerifyManifestCommand env(Map<String, String> env) {
    this.env = env;
    return this;
  }

  /** Runs the goal {@code merged} makes of verify-manifest's instead (merge: an outcome read from partials). */
  VerifyManifestCommand merged(UnaryOperator<Goal> merged) {
    this.merged = merged;
    return this;
  }

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  Goal goal(Parsed args, ConfigFile config) {
    if (!config.checks().isEmpty()) {
      throw new ConfigurationException("--config: \"checks\" apply to validate; verify-manifest takes \"severities\"");
    }
    ManifestGoal goal = new ManifestGoal(args.list("--schema"), config.severities());
    return merged == null ? goal : merged.apply(goal);
  }

  @Override
  String units() {
    return "records";
  }

  @Override
  Integer runShard(Parsed args, Goal goal, GateOptions options, PrintWriter err) throws UsageException {
    String text = args.string("--shard");
    if (text == null) {
      if (args.string("--partial-out") != null) {
        throw new UsageException("--partial-out needs --shard", DEF);
      }
      return null;
    }
    if (args.string("--partial-out") == null || args.string("--cache-dir") != null) {
      throw new UsageException("--shard needs --partial-out FILE (and takes no --cache-dir)", DEF);
    }
    ShardSpec shard;
    try {
      shard = text.equals("slurm") ? ShardSpec.slurm(env) : ShardSpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--shard " + text + ": " + e.getMessage(), DEF);
    }
    int mib = args.integer("--split-mib");
    if (mib < 1) {
      throw new UsageException("--split-mib must be at least 1, got " + mib, DEF);
    }
    Map<String, List<String>> kept = new LinkedHashMap<>(args.values());
    SHARD_OPTIONS.forEach(kept::remove);
    String includes = options.includes() != null ? options.includes() : goal.defaultIncludes();
    ObjectNode report = ManifestShards.run(((ManifestGoal) goal).verifier(options, null), options, includes,
        new ManifestShards.Command(kept, args.params()), shard, (long) mib << 20);
    try {
      ManifestShards.write(report, args.path("--partial-out"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> errors = ManifestShards.errors(report);
    errors.forEach(e -> err.println("artifact-io verify-manifest: " + e));
    return errors.isEmpty() ? Main.PASS : Main.FAILED;
  }
}
