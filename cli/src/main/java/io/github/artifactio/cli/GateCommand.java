package io.github.artifactio.cli;

import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.NoFilesException;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.Verdict;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code validate} and {@code verify-manifest} share: the options of the Maven plugin's gate, turned into {@link
 * GateOptions} for the checks module's {@link Gate}, the same code the plugin runs. Text output is the plugin's log
 * (each finding at its level, every undecided check, the summary table) on standard output; {@code --format json}
 * prints the plugin's {@code validation.json} instead. Nothing is written unless {@code --report} (or
 * {@code --cache-dir}) names a folder.
 */
abstract class GateCommand implements CliCommand {
  /** The output format. */
  enum Format { TEXT, JSON }

  /** The options both commands take, after the command's own. */
  static CommandDef withGateOptions(CommandDef def) {
    return def
        .list("--include", "GLOB", "Globs of the files to check under each folder (default: the command's own).")
        .list("--rules", "RULE", "Run only these rules.")
        .list("--skip-rules", "RULE", "Do not run these rules.")
        .value("--fail-on", "LEVEL", "ERROR",
            "Exit 1 when a finding is at or above ERROR (default), WARN or INFO; NONE never fails.")
        .bool("--fail-on-undetermined", "BOOL", true, "An undecided check fails the run (default true).")
        .bool("--fail-if-no-files", "BOOL", true,
            "A path that does not exist, or a run that selects no file, is an error (default true).")
        .value("--threads", "N", "0", "Files checked at once (default 0: one per processor).")
        .value("--report", "DIR", null, "Write validation.json and TEST-artifact-io.xml into DIR.")
        .value("--cache-dir", "DIR", null,
            "Remember results of unchanged files in DIR (default: no cache, nothing written).")
        .value("--config", "FILE", null, "A JSON file with what a POM configures besides contracts: checks"
            + " (validate), severities (verify-manifest), suppressions (both).")
        .value("--format", "FORMAT", "text", "text (default) or json (the plugin's validation.json schema).");
  }

  /** The goal, from the command's own options and the configuration file; refuses what does not apply to it. */
  abstract Goal goal(Parsed args, ConfigFile config);

  /** What the goal counts as it goes, for the progress line. */
  abstract String units();

  /**
   * Runs one shard of a job array instead of the whole check when the arguments ask for one, returning its exit
   * code; null when they do not (the default: the command has no shards).
   */
  /** The split size past which a file is checked in pieces: the default, unless a command takes an option for it. */
  long splitBytes(Parsed args) throws UsageException {
    return WorkPlan.DEFAULT_SPLIT_BYTES;
  }

  Integer runShard(Parsed args, Goal goal, GateOptions options, PrintWriter err) throws UsageException {
    return null;
  }

  /**
   * The gate's verdict on {@code goal}; null when there is none to give (a shard wrote its partial result and a merge
   * decides).
   */
  Verdict verdict(Parsed args, Goal goal, GateOptions options, GateLog log, PrintWriter err)
      throws IOException, UsageException {
    return Gate.run(goal, options, log, List.of());
  }

  /** {@code --format json}'s output: {@code validation.json} of the verdict's runs. */
  void printJson(Verdict v, PrintWriter out) {
    out.print(Reports.json(v.runs(), Main.TOOL, Main.version()));
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws IOException, UsageException {
    String name = def().name();
    Path config = args.path("--config");
    Path report = args.path("--report");
    Path cacheDir = args.path("--cache-dir");
    List<String> includes = args.list("--include");
    List<String> rules = args.list("--rules");
    List<String> skipRules = args.list("--skip-rules");
    int threads = args.integer("--threads");
    Format format = args.choice("--format", Format.class);
    ConfigFile file;
    Goal goal;
    try {
      file = config == null ? ConfigFile.NONE : Contracts.parseConfig(config);
      goal = goal(args, file);
    } catch (ConfigurationException e) {
      err.println("artifact-io " + name + " is misconfigured: " + e.getMessage());
      return Main.USAGE;
    }
    boolean json = format == Format.JSON;
    List<Path> paths = args.paths();
    GateOptions options = GateOptions.builder(Dialect.COMMAND_LINE, root(paths))
        .paths(paths)
        .includes(includes == null ? null : String.join(",", includes))
        .rules(rules == null ? null : String.join(",", rules))
        .skipRules(skipRules == null ? null : String.join(",", skipRules))
        .failOn(args.string("--fail-on"))
        .failOnUndetermined(args.bool("--fail-on-undetermined"))
        .failIfNoFiles(args.bool("--fail-if-no-files"))
        .threads(threads)
        .splitBytes(splitBytes(args))
        .suppressions(file.suppressions())
        .reportDir(report)
        .cache(cacheDir == null ? null : cacheDir.toString(), cacheDir)
        .execution("cli")
        .tool(Main.TOOL, Main.version())
        .logResults(!json)
        .progress(TerminalProgress.forStderr(err, units()))
        .build();
    try {
      Integer shardCode = runShard(args, goal, options, err);
      if (shardCode != null) {
        return shardCode;
      }
      // with --format json, standard output is the JSON alone: the gate's own lines go to standard error
      Verdict v = verdict(args, goal, options, GateLog.printing(json ? err : out), err);
      if (v == null) {
        return Main.PASS;
      }
      if (json) {
        printJson(v, out);
      }
      if (!v.passed()) {
        err.println(v.failure());
        return Main.FAILED;
      }
      return Main.PASS;
    } catch (ConfigurationException e) {
      err.println(Gate.misconfigured(goal, Dialect.COMMAND_LINE, e));
      return Main.USAGE;
    } catch (NoFilesException e) {
      err.println(e.getMessage());
      return Main.USAGE;
    }
  }

  /**
   * The folder reports name files relative to: the one folder given (so that messages read as the plugin's with
   * {@code artifact-io.directory} there), the folder of the one file given, or else the current folder.
   */
  static Path root(List<Path> paths) {
    Path cwd = Path.of("").toAbsolutePath();
    if (paths.size() != 1) {
      return cwd;
    }
    Path p = paths.get(0);
    if (!Files.isRegularFile(p)) {
      return p;
    }
    Path parent = p.toAbsolutePath().getParent();
    return parent == null ? cwd : parent;
  }
}
