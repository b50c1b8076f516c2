package io.github.artifactio.maven;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.maven.check.ConfigurationException;
import io.github.artifactio.maven.check.Finding;
import io.github.artifactio.maven.check.Outcome;
import io.github.artifactio.maven.check.Reports;
import io.github.artifactio.maven.check.ResultCache;
import io.github.artifactio.maven.check.RuleResult;
import io.github.artifactio.maven.check.Severity;
import io.github.artifactio.maven.check.Status;
import io.github.artifactio.maven.check.Suppression;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What {@code validate} and {@code verify-manifest} share: the file set, the rule selection, the failure threshold,
 * the engine context, the cache, the reports and the summary. The goal only says how to check; the checking is in
 * {@code io.github.artifactio.maven.check}.
 */
abstract class AbstractCheckMojo extends AbstractMojo {
  /** Where the goals' reports of this build are collected, so a second goal rewrites the report with both. */
  private static final String RUNS_KEY = "artifact-io.runs";

  @Parameter(defaultValue = "${project}", readonly = true)
  protected MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true)
  protected MavenSession session;

  @Parameter(defaultValue = "${plugin}", readonly = true)
  protected PluginDescriptor plugin;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true)
  protected MojoExecution execution;

  /** The folder whose files are checked. Default: the project's build directory ({@code target}). */
  @Parameter(property = "artifact-io.directory")
  protected File directory;

  /** Comma-separated globs, relative to {@code directory}, of the files to check. */
  @Parameter(property = "artifact-io.includes")
  protected String includes;

  /**
   * Whether a goal that selects no file fails the build (the default): a folder that does not exist, or a file set
   * that matches nothing, is far more often a wrong path than a build with nothing to check, and a check of nothing
   * must not pass. {@code false} only warns.
   */
  @Parameter(property = "artifact-io.failIfNoFiles", defaultValue = "true")
  protected boolean failIfNoFiles = true;

  /**
   * Whether a result the goal could not decide (UNDETERMINED: an unreadable footer, a codec the engine cannot decode)
   * fails the build (the default; {@code failOn=NONE} still never fails): an unchecked column is not a pass.
   */
  @Parameter(property = "artifact-io.failOnUndetermined", defaultValue = "true")
  protected boolean failOnUndetermined = true;

  /**
   * Findings to accept, each with the files (a glob), the rule, optionally the column, and a required reason. They are
   * reported as suppressed with their reason, never dropped; a suppression that matches nothing is reported too.
   */
  @Parameter
  protected List<Suppression> suppressions = new ArrayList<>();

  /** Skips the goal. */
  @Parameter(property = "artifact-io.skip", defaultValue = "false")
  protected boolean skip;

  /** Comma-separated rule ids: run only these. */
  @Parameter(property = "artifact-io.rules")
  protected String rules;

  /** Comma-separated rule ids: do not run these. */
  @Parameter(property = "artifact-io.skipRules")
  protected String skipRules;

  /** The build fails when a finding's severity is at or above this: ERROR (default), WARN, INFO or NONE. */
  @Parameter(property = "artifact-io.failOn", defaultValue = "ERROR")
  protected String failOn;

  /**
   * Files checked in parallel (and hashed in parallel): the goal's own thread and {@code threads - 1} threads of an
   * engine context the goal creates and closes. Default: the number of processors.
   */
  @Parameter(property = "artifact-io.threads", defaultValue = "0")
  protected int threads;

  /**
   * The incremental cache's folder; {@code none} switches the cache off. Default:
   * {@code target/artifact-io/cache}; put it outside {@code target} to keep it across {@code mvn clean}.
   */
  @Parameter(property = "artifact-io.cacheDir")
  protected String cacheDir;

  /** The goal's name, for messages and reports. */
  abstract String goal();

  abstract String defaultIncludes();

  /** Checks the files on the context; misconfiguration is a {@link ConfigurationException}. */
  abstract Outcome check(Path root, List<Path> files, EngineContext context, ResultCache cache);

  /** The goal's rule ids (what a suppression may name). */
  abstract List<String> ruleIds();

  /** Whether the goal has any configuration of its own (contracts, checks, schemas...) besides the defaults. */
  abstract boolean configured();

  /** The goal's own configuration, for the report; the shared fields are added by the caller. */
  abstract void describe(com.fasterxml.jackson.databind.node.ObjectNode configuration);

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("artifact-io:" + goal() + " skipped (artifact-io.skip)");
      return;
    }
    Severity threshold;
    Outcome outcome;
    Path root = directory != null ? directory.toPath() : buildDirectory();
    try {
      threshold = Severity.parseFailOn(failOn);
      if (threads < 0) {
        throw new ConfigurationException("artifact-io.threads is " + threads + "; it must be positive (0: processors)");
      }
      warnIfConfigurationStaysInAnExecution();
      String globs = includes != null ? includes : defaultIncludes();
      FileSets.Selection selection = FileSets.scan(root, globs);
      for (Path link : selection.cycles()) {
        getLog().warn("artifact-io:" + goal() + ": " + link + " is a link back to a folder already being checked;"
            + " it is not followed again");
      }
      List<Path> files = selection.files();
      if (files.isEmpty()) {
        String why = noFiles(root, globs);
        if (failIfNoFiles) {
          throw new MojoFailureException(why + "; a check of no file does not pass (set artifact-io.failIfNoFiles"
              + " to false to only warn)");
        }
        getLog().warn(why);
      }
      int n = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
      // the goal's thread checks files too, so n files at a time take n - 1 more threads
      try (EngineContext context = n > 1 ? EngineContext.create("artifact-io", n - 1) : EngineContext.serial()) {
        outcome = check(root, files, context, cache());
      }
      Suppression.Applied applied = Suppression.apply(outcome, suppressions, ruleIds());
      outcome = applied.outcome();
      for (Suppression s : applied.unused()) {
        getLog().warn("artifact-io:" + goal() + ": suppression " + s + " (" + s.getReason() + ") matched no finding;"
            + " remove it if what it exempted is fixed");
      }
    } catch (ConfigurationException e) {
      throw new MojoExecutionException("artifact-io:" + goal() + " is misconfigured: " + e.getMessage(), e);
    }
    report(outcome, threshold, root);
  }

  /**
   * Maven gives a goal typed on the command line ({@code default-cli}) only the plugin-level configuration: contracts
   * and checks written inside an {@code <execution>} do not apply to it, and the run would pass without them. Say so,
   * naming the execution, when this run has none of its own while the POM declares some.
   */
  private void warnIfConfigurationStaysInAnExecution() {
    if (execution == null || !"default-cli".equals(execution.getExecutionId()) || configured() || standalone()) {
      return;
    }
    org.apache.maven.model.Plugin p = project.getPlugin(plugin.getPluginLookupKey());
    if (p == null) {
      return;
    }
    for (org.apache.maven.model.PluginExecution e : p.getExecutions()) {
      if (e.getConfiguration() != null && e.getGoals().contains(goal())) {
        getLog().warn("artifact-io:" + goal() + " runs from the command line with no configuration of its own, while"
            + " the POM configures it in <execution> '" + e.getId() + "', which applies only when that execution runs"
            + " in the lifecycle (mvn verify); move the configuration to the plugin's own <configuration> so that both"
            + " behave alike (README, \"A stage project's POM\")");
      }
    }
  }

  /** Why nothing was selected, naming the folder and the globs. */
  String noFiles(Path root, String globs) {
    String what = "artifact-io:" + goal() + ": ";
    if (!java.nio.file.Files.exists(root)) {
      return what + "the folder " + root + " does not exist";
    }
    if (!java.nio.file.Files.isDirectory(root)) {
      return what + root + " is not a folder";
    }
    return what + "no file under " + root + " matches " + globs;
  }

  private void report(Outcome outcome, Severity threshold, Path root)
      throws MojoExecutionException, MojoFailureException {
    for (Finding f : outcome.findings()) {
      switch (f.severity()) {
        case ERROR -> getLog().error(f.message());
        case WARN -> getLog().warn(f.message());
        default -> getLog().info(f.message());
      }
    }
    boolean undeterminedFails = failOnUndetermined && threshold != null;
    for (RuleResult r : outcome.results()) {
      for (RuleResult.Suppressed s : r.suppressed()) {
        getLog().info("suppressed (" + s.reason() + "): " + s.finding().message());
      }
      if (r.status() == Status.UNDETERMINED) {
        // the reason whole: the summary table cuts long observed values
        String line = "[" + r.rule() + "] " + r.file() + ": undetermined: " + r.observed();
        if (undeterminedFails) {
          getLog().error(line);
        } else {
          getLog().warn(line);
        }
      }
    }
    getLog().info("artifact-io:" + goal() + " summary");
    for (String line : Reports.summaryTable(outcome)) {
      getLog().info(line);
    }
    Path out = buildDirectory().resolve("artifact-io");
    List<Reports.Run> runs = runs();
    String id = execution == null ? "default-cli" : execution.getExecutionId();
    runs.removeIf(r -> r.outcome().goal().equals(goal()) && r.execution().equals(id));
    Reports.Run run = new Reports.Run(outcome, threshold, id, failOnUndetermined, root.toString(), configuration());
    runs.add(run);
    try {
      Reports.writeJson(out.resolve("validation.json"), runs, pluginVersion());
      Reports.writeJunit(out.resolve("TEST-artifact-io.xml"), runs);
    } catch (IOException e) {
      throw new MojoExecutionException("writing the reports under " + out + ": " + e, e);
    }
    getLog().info("reports: " + out.resolve("validation.json") + ", " + out.resolve("TEST-artifact-io.xml"));
    List<Finding> failing = outcome.failing(threshold);
    List<RuleResult> undetermined = run.failingUndetermined();
    if (failing.isEmpty() && !undetermined.isEmpty()) {
      RuleResult u = undetermined.get(0);
      throw new MojoFailureException("artifact-io:" + goal() + ": " + undetermined.size() + " check"
          + (undetermined.size() == 1 ? "" : "s") + " could not be decided, and an unchecked file is not a pass; the"
          + " first: [" + u.rule() + "] " + u.file() + ": " + u.observed() + " (set artifact-io.failOnUndetermined to"
          + " false to accept undecided checks; all: " + out.resolve("validation.json") + ")");
    }
    if (!failing.isEmpty()) {
      long files = failing.stream().map(Finding::file).distinct().count();
      throw new MojoFailureException("artifact-io:" + goal() + ": " + failing.size() + " finding"
          + (failing.size() == 1 ? "" : "s") + " at or above " + threshold + " in " + files + " file"
          + (files == 1 ? "" : "s") + "; the first: " + failing.get(0).message() + " (all: "
          + out.resolve("validation.json") + ")");
    }
  }

  /** The configuration in force, as the report records it. */
  private com.fasterxml.jackson.databind.node.ObjectNode configuration() {
    com.fasterxml.jackson.databind.node.ObjectNode c =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    c.put("includes", includes != null ? includes : defaultIncludes());
    c.put("rules", rules);
    c.put("skip_rules", skipRules);
    c.put("fail_on", failOn);
    c.put("fail_on_undetermined", failOnUndetermined);
    c.put("fail_if_no_files", failIfNoFiles);
    c.put("threads", threads);
    c.put("cache_dir", cacheDir);
    com.fasterxml.jackson.databind.node.ArrayNode s = c.putArray("suppressions");
    for (Suppression x : suppressions) {
      s.addObject().put("files", x.getFiles()).put("rule", x.getRule()).put("column", x.getColumn())
          .put("reason", x.getReason());
    }
    describe(c);
    return c;
  }

  @SuppressWarnings("unchecked")
  private List<Reports.Run> runs() {
    Object v = project == null ? null : project.getContextValue(RUNS_KEY);
    List<Reports.Run> runs = v instanceof List ? (List<Reports.Run>) v : new ArrayList<>();
    if (project != null) {
      project.setContextValue(RUNS_KEY, runs);
    }
    return runs;
  }

  /** Whether Maven runs the goal without a pom: then {@code ${project}} is a stub with no file and no basedir. */
  protected boolean standalone() {
    return project == null || project.getFile() == null;
  }

  /** The project's build directory, or {@code ./target} of the folder Maven runs in when there is no project. */
  protected Path buildDirectory() {
    if (standalone()) {
      return baseDirectory().resolve("target");
    }
    return Path.of(project.getBuild().getDirectory());
  }

  protected Path baseDirectory() {
    if (!standalone()) {
      return project.getBasedir().toPath();
    }
    String base = session != null && session.getRequest().getBaseDirectory() != null
        ? session.getRequest().getBaseDirectory() : System.getProperty("user.dir");
    return Path.of(base);
  }

  private ResultCache cache() {
    if (cacheDir != null && cacheDir.trim().equalsIgnoreCase("none")) {
      return null;
    }
    Path dir = cacheDir == null || cacheDir.isBlank()
        ? buildDirectory().resolve("artifact-io").resolve("cache") : baseDirectory().resolve(cacheDir.trim());
    return new ResultCache(dir);
  }

  protected String pluginVersion() {
    return plugin == null ? "unknown" : plugin.getVersion();
  }

  static List<String> split(String csv) {
    List<String> out = new ArrayList<>();
    if (csv != null) {
      for (String s : csv.split(",")) {
        if (!s.isBlank()) {
          out.add(s.trim());
        }
      }
    }
    return out;
  }
}
