package io.github.artifactio.cli;

import io.github.artifactio.checks.ConfigFile;
import io.github.artifactio.checks.ConfigurationException;
import io.github.artifactio.checks.Contracts;
import io.github.artifactio.checks.Dialect;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.NoFilesException;
import io.github.artifactio.checks.Reports;
import io.github.artifactio.checks.Verdict;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What {@code validate} and {@code verify-manifest} share: the options of the Maven plugin's gate, turned into {@link
 * GateOptions} for the checks module's {@link Gate}, the same code the plugin runs. Text output is the plugin's log
 * (each finding at its level, every undecided check, the summary table) on standard output; {@code --format json}
 * prints the plugin's {@code validation.json} instead. Nothing is written unless {@code --report} (or
 * {@code --cache-dir}) names a folder.
 */
abstract class GateCommand implements Callable<Integer> {
  /** The output format. */
  enum Format { TEXT, JSON }

  @Spec CommandSpec spec;

  @Option(names = "--include", paramLabel = "GLOB", split = ",",
      description = "Globs of the files to check under each folder (default: the command's own).")
  List<String> includes;

  @Option(names = "--rules", paramLabel = "RULE", split = ",", description = "Run only these rules.")
  List<String> rules;

  @Option(names = "--skip-rules", paramLabel = "RULE", split = ",", description = "Do not run these rules.")
  List<String> skipRules;

  @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "ERROR",
      description = "Exit 1 when a finding is at or above ERROR (default), WARN or INFO; NONE never fails.")
  String failOn;

  @Option(names = "--fail-on-undetermined", paramLabel = "BOOL", arity = "0..1", defaultValue = "true",
      fallbackValue = "true", description = "An undecided check fails the run (default true).")
  boolean failOnUndetermined;

  @Option(names = "--fail-if-no-files", paramLabel = "BOOL", arity = "0..1", defaultValue = "true",
      fallbackValue = "true",
      description = "A path that does not exist, or a run that selects no file, is an error (default true).")
  boolean failIfNoFiles;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
      description = "Files checked at once (default 0: one per processor).")
  int threads;

  @Option(names = "--report", paramLabel = "DIR",
      description = "Write validation.json and TEST-artifact-io.xml into DIR.")
  Path report;

  @Option(names = "--cache-dir", paramLabel = "DIR",
      description = "Remember results of unchanged files in DIR (default: no cache, nothing written).")
  Path cacheDir;

  @Option(names = "--config", paramLabel = "FILE", description = "A JSON file with what a POM configures besides"
      + " contracts: checks (validate), severities (verify-manifest), suppressions (both).")
  Path config;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default) or json (the plugin's validation.json schema).")
  Format format;

  /** The goal, from the command's own options and the configuration file; refuses what does not apply to it. */
  abstract Goal goal(ConfigFile config);

  /** What the goal counts as it goes, for the progress line. */
  abstract String units();

  /** The paths given. */
  abstract List<Path> paths();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String name = spec.name();
    ConfigFile file;
    Goal goal;
    try {
      file = config == null ? ConfigFile.NONE : Contracts.parseConfig(config);
      goal = goal(file);
    } catch (ConfigurationException e) {
      err.println("artifact-io " + name + " is misconfigured: " + e.getMessage());
      return Main.USAGE;
    }
    boolean json = format == Format.JSON;
    List<Path> paths = paths();
    GateOptions options = GateOptions.builder(Dialect.COMMAND_LINE, root(paths))
        .paths(paths)
        .includes(includes == null ? null : String.join(",", includes))
        .rules(rules == null ? null : String.join(",", rules))
        .skipRules(skipRules == null ? null : String.join(",", skipRules))
        .failOn(failOn)
        .failOnUndetermined(failOnUndetermined)
        .failIfNoFiles(failIfNoFiles)
        .threads(threads)
        .suppressions(file.suppressions())
        .reportDir(report)
        .cache(cacheDir == null ? null : cacheDir.toString(), cacheDir)
        .execution("cli")
        .tool(Main.TOOL, Main.version())
        .logResults(!json)
        .progress(TerminalProgress.forStderr(err, units()))
        .build();
    try {
      // with --format json, standard output is the JSON alone: the gate's own lines go to standard error
      Verdict v = Gate.run(goal, options, new TerminalLog(json ? err : out), List.of());
      if (json) {
        out.print(Reports.json(v.runs(), Main.TOOL, Main.version()));
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
