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
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
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

  /** Takes a result, in the order of a run's results. */
  @FunctionalInterface
  public interface ResultSink {
    void accept(RuleResult r) throws IOException;
  }

  /**
   * A run's results in order, walked as often as asked and never held: a merge's, read again from its partial
   * reports each time.
   */
  @FunctionalInterface
  public interface Results {
    void walk(ResultSink each) throws IOException;

    /**
     * One walk for each of {@code sinks}, which share nothing, so that results that can be walked by several threads
     * at once (a merge's, read back from its spool) are: by default one walk, each result handed to every sink in
     * turn.
     */
    default void walk(List<ResultSink> sinks) throws IOException {
      walk(r -> {
        for (ResultSink s : sinks) {
          s.accept(r);
        }
      });
    }
  }

  /**
   * What {@link #finish} does, for results walked instead of held ({@code earlier} runs: none): the same log,
   * reports, and verdict, with what is held bounded by the findings, not the results. A first walk counts the
   * results, applies the suppressions and keeps the results that have a finding, a suppressed finding or no decision
   * (what the log says before the summary table, and the failure); a second walk logs the summary table and writes
   * {@code validation.json} and the JUnit XML as the results come, byte for byte what {@link #finish} writes.
   *
   * @param files how many files the results are of
   * @param json where to write {@code validation.json} besides the report folder (the command line's standard output
   *     with {@code --format json}), or null
   * @return the verdict, whose run's outcome holds the results the first walk kept, not every result
   */
  public static Verdict finish(Goal goal, GateOptions o, Results results, long files, long filesOpened,
      long bytesRead, long bytesHashed, GateLog log, Writer json) throws IOException {
    Dialect d = o.dialect();
    String what = d.goal(goal.name());
    Severity threshold = Severity.parseFailOn(o.failOn(), d.name(Setting.FAIL_ON));
    for (String note : goal.notes()) {
      log.info(what + ": " + note);
    }
    List<Suppression> suppressions = o.suppressions();
    Set<Suppression> used = new HashSet<>();
    Reports.Tally tally = new Reports.Tally();
    List<RuleResult> kept = new ArrayList<>();
    int[] longest = new int[2];
    results.walk(r -> {
      Suppression.Applied a = suppress(r, suppressions, goal);
      RuleResult x = a.outcome().results().get(0);
      suppressions.stream().filter(s -> !a.unused().contains(s)).forEach(used::add);
      tally.add(x);
      longest[0] = Math.max(longest[0], x.file().length());
      longest[1] = Math.max(longest[1], x.rule().length());
      if (!x.findings().isEmpty() || !x.suppressed().isEmpty() || x.status() == Status.UNDETERMINED) {
        kept.add(x);
      }
    });
    for (Suppression s : suppressions) {
      if (!used.contains(s)) {
        log.warn(what + ": suppression " + s + " (" + s.getReason() + ") matched no finding; remove it if what it"
            + " exempted is fixed");
      }
    }
    Outcome held = new Outcome(goal.name(), List.of(), kept, 0, filesOpened, bytesRead, bytesHashed);
    Reports.Run run = new Reports.Run(held, threshold, o.execution(), o.failOnUndetermined(), o.root().toString(),
        configuration(goal, o));
    Reports.Counts counts = tally.counts(files, 0, filesOpened, bytesRead, bytesHashed);
    Reports.RunHead head = new Reports.RunHead(goal.name(), o.execution(), threshold, o.failOnUndetermined(),
        run.passed(), run.directory(), run.configuration(), counts, !run.failingUndetermined().isEmpty());
    Reports.Table table = o.logResults() ? new Reports.Table(longest[0], longest[1]) : null;
    if (table != null) {
      logFindings(held, threshold, o, log);
      log.info(what + " summary");
      table.head().forEach(log::info);
    }
    Path jsonFile = o.reportDir() == null ? null : o.reportDir().resolve("validation.json");
    Path junitFile = o.reportDir() == null ? null : o.reportDir().resolve("TEST-artifact-io.xml");
    if (table != null || jsonFile != null || json != null) {
      writeReports(goal, o, results, head, table, jsonFile, junitFile, json, log);
    }
    if (table != null) {
      log.info(Reports.Table.totals(counts));
    }
    String all = "";
    if (jsonFile != null) {
      log.info("reports: " + jsonFile + ", " + junitFile);
      all = "all: " + jsonFile;
    }
    return new Verdict(run, List.of(run), failure(what, d, threshold, held.failing(threshold),
        run.failingUndetermined(), all));
  }

  /**
   * The second walk of {@link #finish(Goal, GateOptions, Results, long, long, long, long, GateLog, Writer)}: the
   * summary table's lines, {@code validation.json} (to the report folder and to {@code json}) and the JUnit XML.
   *
   * @throws UncheckedIOException naming the report folder, as the held path does, when a report cannot be written
   */
  private static void writeReports(Goal goal, GateOptions o, Results results, Reports.RunHead head,
      Reports.Table table, Path jsonFile, Path junitFile, Writer json, GateLog log) {
    List<Suppression> suppressions = o.suppressions();
    try {
      if (o.reportDir() != null) {
        Files.createDirectories(o.reportDir());
      }
      try (OutputStream jf = jsonFile == null ? null
          : new BufferedOutputStream(Files.newOutputStream(jsonFile), 1 << 16);
          Writer xf = junitFile == null ? null : Files.newBufferedWriter(junitFile, StandardCharsets.UTF_8);
          Reports.JsonReport toFile = jf == null ? null : new Reports.JsonReport(jf, List.of(head), o.tool(),
              o.version());
          Reports.JsonReport toOut = json == null ? null : new Reports.JsonReport(json, List.of(head), o.tool(),
              o.version());
          Reports.JunitReport junit = xf == null ? null : new Reports.JunitReport(xf)) {
        if (junit != null) {
          junit.suite(head);
        }
        // the reports in sinks that share nothing, so that a merge writes them on its threads at once: the JUnit XML
        // in one, validation.json with the summary table in the other (about as much work each, measured)
        List<ResultSink> sinks = new ArrayList<>();
        if (junit != null) {
          sinks.add(r -> junit.testcase(suppressed(r, suppressions, goal)));
        }
        if (table != null || toFile != null) {
          sinks.add(r -> {
            RuleResult x = suppressed(r, suppressions, goal);
            if (table != null) {
              log.info(table.line(x));
            }
            if (toFile != null) {
              toFile.result(goal.name(), o.execution(), x);
            }
          });
        }
        if (toOut != null) {
          sinks.add(r -> toOut.result(goal.name(), o.execution(), suppressed(r, suppressions, goal)));
        }
        results.walk(sinks);
        if (junit != null) {
          junit.endSuite();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException((o.reportDir() != null ? "writing the reports under " + o.reportDir()
          : "writing validation.json") + ": " + e, e);
    }
  }

  /** {@code r} as the suppressions leave it. */
  private static RuleResult suppressed(RuleResult r, List<Suppression> suppressions, Goal goal) {
    return suppressions.isEmpty() ? r : suppress(r, suppressions, goal).outcome().results().get(0);
  }

  private static Suppression.Applied suppress(RuleResult r, List<Suppression> suppressions, Goal goal) {
    return Suppression.apply(new Outcome(goal.name(), List.of(), List.of(r), 0, 0, 0, 0), suppressions,
        goal.ruleIds());
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
    String failure = failure(what, d, threshold, outcome.failing(threshold), run.failingUndetermined(), all);
    return new Verdict(run, runs, failure);
  }

  /**
   * Why a run fails, or null when it passes: the first failing finding, else the first undecided check that fails
   * it, with the report that has them all ({@code all}, or empty).
   */
  private static String failure(String what, Dialect d, Severity threshold, List<Finding> failing,
      List<RuleResult> undetermined, String all) {
    if (failing.isEmpty() && !undetermined.isEmpty()) {
      RuleResult u = undetermined.get(0);
      return what + ": " + undetermined.size() + " check" + (undetermined.size() == 1 ? "" : "s")
          + " could not be decided, and an unchecked file is not a pass; the first: [" + u.rule() + "] " + u.file()
          + ": " + u.observed() + " (" + d.assign(Setting.FAIL_ON_UNDETERMINED, "false")
          + " to accept undecided checks" + (all.isEmpty() ? "" : "; " + all) + ")";
    }
    if (!failing.isEmpty()) {
      long files = failing.stream().map(Finding::file).distinct().count();
      return what + ": " + failing.size() + " finding" + (failing.size() == 1 ? "" : "s") + " at or above "
          + threshold + " in " + files + " file" + (files == 1 ? "" : "s") + "; the first: "
          + failing.get(0).message() + (all.isEmpty() ? "" : " (" + all + ")");
    }
    return null;
  }

  /** Every finding at its level, every suppressed finding with its reason, each undecided check whole, the table. */
  private static void logResults(Outcome outcome, Severity threshold, GateOptions o, GateLog log, String what) {
    logFindings(outcome, threshold, o, log);
    log.info(what + " summary");
    for (String line : Reports.summaryTable(outcome)) {
      log.info(line);
    }
  }

  /**
   * Every finding at its level, every suppressed finding with its reason, each undecided check whole: what the log
   * says before the summary table, all of it in the results that have a finding, a suppressed one or no decision.
   */
  private static void logFindings(Outcome outcome, Severity threshold, GateOptions o, GateLog log) {
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
