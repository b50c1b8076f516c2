package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.config.Setting;
import io.github.artifactio.checks.config.Suppression;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.engine.EngineContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one path a check takes, whether Maven or the command line runs it: select the files, refuse a run that selects
 * none (unless told to only warn), check them on an engine context the gate creates and closes, apply the
 * suppressions, log every finding, every undecided check and the summary table, write the reports when asked, and
 * decide. The front end only turns its parameters into {@link GateOptions} and a {@link Goal}, prints what the {@link
 * GateLog} is given, and turns the {@link Verdict} (or a {@link ConfigurationException} or {@link NoFilesException})
 * into its own failure.
 */
public final class Gate {
  private Gate() {}

  /**
   * Runs {@code goal}.
   *
   * @param earlier runs of other goals (or executions) of the same build, which the reports list beside this one; a
   *     run of the same goal and execution is replaced
   * @throws ConfigurationException for a misconfiguration, before any file is read
   * @throws NoFilesException when nothing was selected (or a named path does not exist) and {@code failIfNoFiles}
   */
  public static Verdict run(Goal goal, GateOptions o, GateLog log, List<Reports.Run> earlier) {
    List<Path> files = select(goal, o, log);
    return finish(goal, o, check(goal, o, files), log, earlier);
  }

  /**
   * The files {@code goal} checks under {@code o}, in the order a run checks and reports them; refuses (or warns of)
   * a selection of none as {@link #run} does. A sharded run plans these files.
   *
   * @throws ConfigurationException for a misconfiguration, before any file is read
   * @throws NoFilesException when nothing was selected and {@code failIfNoFiles}
   */
  public static List<Path> select(Goal goal, GateOptions o, GateLog log) {
    Dialect d = o.dialect();
    String what = d.goal(goal.name());
    Severity.parseFailOn(o.failOn(), d.name(Setting.FAIL_ON));
    if (o.threads() < 0) {
      throw new ConfigurationException(
          d.name(Setting.THREADS) + " is " + o.threads() + "; it must be positive (0: processors)");
    }
    String globs = o.includes() != null ? o.includes() : goal.defaultIncludes();
    FileSets.Selection selection = FileSets.select(o.paths(), globs, d);
    for (Path link : selection.cycles()) {
      log.warn(what + ": " + link + " is a link back to a folder already being checked; it is not followed again");
    }
    List<Path> files = selection.files();
    if (files.isEmpty() || !selection.missing().isEmpty()) {
      String why = what + ": " + noFiles(o.paths(), selection, globs, d);
      if (o.failIfNoFiles()) {
        throw new NoFilesException(why + "; a check of " + (files.isEmpty() ? "no file" : "a path that does not exist")
            + " does not pass (" + d.assign(Setting.FAIL_IF_NO_FILES, "false") + " to only warn)");
      }
      log.warn(why);
    }
    return files;
  }

  /**
   * What {@link #run} does once the files are checked: the goal's notes, the suppressions, the log, the reports and
   * the verdict. A merge of shards gives it the outcome joined from their partial results.
   */
  public static Verdict finish(Goal goal, GateOptions o, Outcome outcome, GateLog log, List<Reports.Run> earlier) {
    Dialect d = o.dialect();
    String what = d.goal(goal.name());
    Severity threshold = Severity.parseFailOn(o.failOn(), d.name(Setting.FAIL_ON));
    for (String note : goal.notes()) {
      log.info(what + ": " + note);
    }
    Suppression.Applied applied = Suppression.apply(outcome, o.suppressions(), goal.ruleIds());
    for (Suppression s : applied.unused()) {
      log.warn(what + ": suppression " + s + " (" + s.getReason() + ") matched no finding; remove it if what it"
          + " exempted is fixed");
    }
    return decide(goal, o, applied.outcome(), threshold, log, earlier);
  }

  /** The goal's message when it is misconfigured: {@code artifact-io:validate is misconfigured: ...}. */
  public static String misconfigured(Goal goal, Dialect dialect, ConfigurationException e) {
    return dialect.goal(goal.name()) + " is misconfigured: " + e.getMessage();
  }

  /** Why nothing was selected, naming the paths and the globs (without the goal). */
  static String noFiles(List<Path> paths, FileSets.Selection selection, String globs, Dialect d) {
    if (!selection.missing().isEmpty()) {
      return selection.missing().stream().map(p -> d.pathNoun() + p + " does not exist")
          .collect(Collectors.joining(", "));
    }
    if (paths.size() == 1 && !Files.isDirectory(paths.get(0))) {
      return paths.get(0) + " is not a folder";
    }
    return "no file under " + paths.stream().map(Path::toString).collect(Collectors.joining(", ")) + " matches "
        + globs;
  }

  /** The goal on an engine context of its own, closed whatever happens; the progress sees it start and end. */
  private static Outcome check(Goal goal, GateOptions o, List<Path> files) {
    int n = o.threads() == 0 ? Runtime.getRuntime().availableProcessors() : o.threads();
    Progress progress = o.progress();
    if (progress != null) {
      progress.started(goal.name(), files.size());
    }
    // the calling thread checks files too, so n files at a time take n - 1 more threads
    try (EngineContext context = n > 1 ? EngineContext.create("artifact-io", n - 1) : EngineContext.serial()) {
      ResultCache cache = o.cache() == null ? null : new ResultCache(o.cache());
      return goal.check(o.root(), files, o, context, cache);
    } finally {
      if (progress != null) {
        progress.finished();
      }
    }
  }

  private static Verdict decide(Goal goal, GateOptions o, Outcome outcome, Severity threshold, GateLog log,
      List<Reports.Run> earlier) {
    Dialect d = o.dialect();
    String what = d.goal(goal.name());
    if (o.logResults()) {
      logResults(outcome, threshold, o, log, what);
    }
    Reports.Run run = new Reports.Run(outcome, threshold, o.execution(), o.failOnUndetermined(),
        o.root().toString(), configuration(goal, o));
    List<Reports.Run> runs = new ArrayList<>(earlier);
    runs.removeIf(r -> r.outcome().goal().equals(goal.name()) && r.execution().equals(o.execution()));
    runs.add(run);
    String all = "";
    if (o.reportDir() != null) {
      Path json = o.reportDir().resolve("validation.json");
      Path junit = o.reportDir().resolve("TEST-artifact-io.xml");
      try {
        Reports.writeJson(json, runs, o.tool(), o.version());
        Reports.writeJunit(junit, runs);
      } catch (IOException e) {
        throw new UncheckedIOException("writing the reports under " + o.reportDir() + ": " + e, e);
      }
      log.info("reports: " + json + ", " + junit);
      all = "all: " + json;
    }
    List<Finding> failing = outcome.failing(threshold);
    List<RuleResult> undetermined = run.failingUndetermined();
    String failure = null;
    if (failing.isEmpty() && !undetermined.isEmpty()) {
      RuleResult u = undetermined.get(0);
      failure = what + ": " + undetermined.size() + " check" + (undetermined.size() == 1 ? "" : "s")
          + " could not be decided, and an unchecked file is not a pass; the first: [" + u.rule() + "] " + u.file()
          + ": " + u.observed() + " (" + d.assign(Setting.FAIL_ON_UNDETERMINED, "false")
          + " to accept undecided checks" + (all.isEmpty() ? "" : "; " + all) + ")";
    } else if (!failing.isEmpty()) {
      long files = failing.stream().map(Finding::file).distinct().count();
      failure = what + ": " + failing.size() + " finding" + (failing.size() == 1 ? "" : "s") + " at or above "
          + threshold + " in " + files + " file" + (files == 1 ? "" : "s") + "; the first: "
          + failing.get(0).message() + (all.isEmpty() ? "" : " (" + all + ")");
    }
    return new Verdict(run, runs, failure);
  }

  /** Every finding at its level, every suppressed finding with its reason, each undecided check whole, the table. */
  private static void logResults(Outcome outcome, Severity threshold, GateOptions o, GateLog log, String what) {
    for (Finding f : outcome.findings()) {
      log.at(f.severity(), f.message());
    }
    boolean undeterminedFails = o.failOnUndetermined() && threshold != null;
    for (RuleResult r : outcome.results()) {
      for (RuleResult.Suppressed s : r.suppressed()) {
        log.info("suppressed (" + s.reason() + "): " + s.finding().message());
      }
      if (r.status() == Status.UNDETERMINED) {
        // the reason whole: the summary table cuts long observed values
        String line = "[" + r.rule() + "] " + r.file() + ": undetermined: " + r.observed();
        log.at(undeterminedFails ? Severity.ERROR : Severity.WARN, line);
      }
    }
    log.info(what + " summary");
    for (String line : Reports.summaryTable(outcome)) {
      log.info(line);
    }
  }

  /** The configuration in force, as the report records it (and a partial result, to refuse a mix of them). */
  public static ObjectNode configuration(Goal goal, GateOptions o) {
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    if (!o.paths().equals(List.of(o.root()))) {
      ArrayNode p = c.putArray("paths");
      o.paths().forEach(x -> p.add(x.toString()));
    }
    c.put("includes", o.includes() != null ? o.includes() : goal.defaultIncludes());
    c.put("rules", o.rules());
    c.put("skip_rules", o.skipRules());
    c.put("fail_on", o.failOn());
    c.put("fail_on_undetermined", o.failOnUndetermined());
    c.put("fail_if_no_files", o.failIfNoFiles());
    c.put("threads", o.threads());
    c.put("cache_dir", o.cacheSetting());
    ArrayNode s = c.putArray("suppressions");
    for (Suppression x : o.suppressions()) {
      s.addObject().put("files", x.getFiles()).put("rule", x.getRule()).put("column", x.getColumn())
          .put("reason", x.getReason());
    }
    goal.describe(c);
    return c;
  }
}
