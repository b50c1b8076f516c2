package io.github.artifactio.cli;

import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ValidateGoal;
import io.github.artifactio.checks.Verdict;
import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.ShardedValidation;
import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.engine.plan.ShardSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code validate PATH...}: the plugin's {@code validate} on files and folders. With {@code --shard I/N}, only shard
 * I's files are checked and their results written to {@code --partial-out}; {@code merge} then decides, printing and
 * writing what the unsharded command would, to the options the shards were given.
 */
final class ValidateCommand extends GateCommand {
  private static final CommandDef DEF = withGateOptions(CommandDef.command("validate",
      "Checks Parquet files (and the *.parquet files under folders) against the rules and contracts of the Maven"
          + " plugin's validate goal.")
      .params("PATH", 1, -1, "Parquet files, or folders to search.")
      .list("--contract", "NAME",
          "Built-in contracts (library-precursors, library-fragments) or JSON contract files."))
      .value("--shard", "I/N|slurm", null, "Check only shard I of N of the files and write their results to"
          + " --partial-out, for merge; slurm reads SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and"
          + " SLURM_ARRAY_TASK_MIN.")
      .value("--partial-out", "FILE", null, "With --shard: where the shard's partial report is written.")
      .value("--split-mib", "MIB", "1024", "Files larger than this are checked in ranges of their row groups, balanced"
          + " by bytes: on the threads at once, and as units of their own with --shard.");

  /** The options a shard does not pass on to the merge: they say which shard, not what is checked. */
  private static final Set<String> SHARD_OPTIONS = Set.of("--shard", "--partial-out");

  private Map<String, String> env = System.getenv();
  /** The partials this command merges, or null for a run that checks files. */
  private List<ValidatePartial.Source> partials;
  /** Where a merge prints {@code validation.json} with {@code --format json}: it writes it as the results come. */
  private PrintWriter out;

  /** Reads the environment (the Slurm variables) from {@code env} instead (tests). */
  ValidateCommand env(Map<String, String> env) {
    this.env = env;
    return this;
  }

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  Goal goal(Parsed args, ConfigFile config) {
    if (!config.severities().isEmpty()) {
      throw new ConfigurationException("--config: \"severities\" apply to verify-manifest; validate takes a check's"
          + " \"severity\" in \"checks\"");
    }
    List<String> contracts = args.list("--contract");
    return ValidateGoal.builder(Path.of("").toAbsolutePath())
        .contract(contracts == null ? null : String.join(",", contracts)).checks(config.checks()).build();
  }

  @Override
  long splitBytes(Parsed args) throws UsageException {
    int mib = args.integer("--split-mib");
    if (mib < 1) {
      throw new UsageException("--split-mib must be at least 1, got " + mib, DEF);
    }
    return (long) mib << 20;
  }

  @Override
  String units() {
    return "files";
  }

  @Override
  Verdict verdict(Parsed args, Goal goal, GateOptions options, GateLog log, PrintWriter err)
      throws IOException, UsageException {
    if (partials != null) {
      boolean json = args.choice("--format", Format.class) == Format.JSON;
      try {
        return ShardedValidation.merge((ValidateGoal) goal, options, partials, log, json ? out : null);
      } catch (ValidatePartial.MalformedException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    String text = args.string("--shard");
    Path partialOut = args.path("--partial-out");
    if (text == null) {
      if (partialOut != null) {
        throw new UsageException("--partial-out needs --shard", DEF);
      }
      return super.verdict(args, goal, options, log, err);
    }
    if (partialOut == null) {
      throw new UsageException("--shard needs --partial-out FILE", DEF);
    }
    if (args.string("--cache-dir") != null) {
      throw new UsageException("--shard does not take --cache-dir: a shard reports the results it checked", DEF);
    }
    ShardSpec shard;
    try {
      shard = text.equals("slurm") ? ShardSpec.slurm(env) : ShardSpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--shard " + text + ": " + e.getMessage(), DEF);
    }
    ShardedValidation.run((ValidateGoal) goal, options, shard, args.invocation(SHARD_OPTIONS), log,
        partialOut.toString()).write(partialOut);
    return null;
  }

  @Override
  void printJson(Verdict v, PrintWriter out) {
    if (partials == null) {
      super.printJson(v, out);
    }
  }

  /**
   * {@code merge} of validate's partials: refuses a set that is not every shard of one run, else runs this command
   * as the shards were run, with the merged results in place of checking.
   */
  int merge(List<Path> inputs, PrintWriter out, PrintWriter err) throws IOException, UsageException {
    List<ValidatePartial.Source> read = new ArrayList<>();
    List<String> refusals;
    try {
      for (Path p : inputs) {
        read.add(ValidatePartial.source(p, p.toString()));
      }
      refusals = ShardedValidation.refusalsOf(read);
    } catch (ValidatePartial.MalformedException e) {
      err.println("artifact-io merge: " + e.getMessage());
      return Main.USAGE;
    }
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("artifact-io merge: " + r));
      return Main.FAILED;
    }
    partials = read;
    this.out = out;
    return run(DEF.parse(read.get(0).head().invocation()), out, err);
  }
}
