package io.github.artifactio.maven;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.NoFilesException;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.config.Suppression;
import io.github.artifactio.checks.Verdict;
import java.io.File;
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
 * What {@code validate} and {@code verify-manifest} share: their common parameters, turned into {@link GateOptions}
 * for the checks module's {@link Gate}, which selects the files, checks them on a pool it owns, logs the findings and
 * the summary table through {@link MavenLog}, writes the reports under {@code target/artifact-io/} and decides; this
 * class turns its verdict into Maven's failures. The command line runs the same gate.
 */
abstract class AbstractCheckMojo extends AbstractMojo {
  /** Where the goals' reports of this build are collected, so a second goal rewrites the report with both. */
  private static final String RUNS_KEY = "artifact-io.runs";

  @Parameter(defaultValue = "${project}", readonly = true) protected MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true) protected MavenSession session;

  @Parameter(defaultValue = "${plugin}", readonly = true) protected PluginDescriptor plugin;

  @Parameter(defaultValue = "${mojoExecution}", readonly = true) protected MojoExecution execution;

  /** The folder whose files are checked. Default: the project's build directory ({@code target}). */
  @Parameter(property = "artifact-io.directory") protected File directory;

  /** Comma-separated globs, relative to {@code directory}, of the files to check. */
  @Parameter(property = "artifact-io.includes") protected String includes;

  /**
   * Whether a goal that selects no file fails the build (the default): a folder that does not exist, or a file set
   * that matches nothing, is far more often a wrong path than a build with nothing to check, and a check of nothing
   * must not pass. {@code false} only warns.
   */
  @Parameter(property = "artifact-io.failIfNoFiles", defaultValue = "true") protected boolean failIfNoFiles = true;

  /**
   * Whether a result the goal could not decide (UNDETERMINED: an unreadable footer, a codec the engine cannot decode)
   * fails the build (the default; {@code failOn=NONE} still never fails): an unchecked column is not a pass.
   */
  @Parameter(property = "artifact-io.failOnUndetermined", defaultValue = "true") protected boolean failOnUndetermined =
      true;

  /**
   * Findings to accept, each with the files (a glob), the rule, optionally the column, and a required reason. They are
   * reported as suppressed with their reason, never dropped; a suppression that matches nothing is reported too.
   */
  @Parameter protected List<Suppression> suppressions = new ArrayList<>();

  /** Skips the goal. */
  @Parameter(property = "artifact-io.skip", defaultValue = "false") protected boolean skip;

  /** Comma-separated rule ids: run only these. */
  @Parameter(property = "artifact-io.rules") protected String rules;

  /** Comma-separated rule ids: do not run these. */
  @Parameter(property = "artifact-io.skipRules") protected String skipRules;

  /** The build fails when a finding's severity is at or above this: ERROR (default), WARN, INFO or NONE. */
  @Parameter(property = "artifact-io.failOn", defaultValue = "ERROR") protected String failOn;

  /** Files checked in parallel (and hashed in parallel). Default: the number of processors. */
  @Parameter(property = "artifact-io.threads", defaultValue = "0") protected int threads;

  /**
   * {@code validate}: a file larger than this many MiB is checked in ranges of its row groups on the goal's threads,
   * with the results of the file checked whole. Default: 1024.
   */
  @Parameter(property = "artifact-io.splitMib", defaultValue = "1024") protected int splitMib = 1024;

  /**
   * The incremental cache's folder; {@code none} switches the cache off. Default:
   * {@code target/artifact-io/cache}; put it outside {@code target} to keep it across {@code mvn clean}.
   */
  @Parameter(property = "artifact-io.cacheDir") protected String cacheDir;

  /** The goal the gate runs, built from this goal's own parameters. */
  abstract Goal goal();

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    Goal goal = goal();
    if (skip) {
      getLog().info("artifact-io:" + goal.name() + " skipped (artifact-io.skip)");
      return;
    }
    Path root = directory != null ? directory.toPath() : buildDirectory();
    if (splitMib < 1) {
      throw new MojoExecutionException("artifact-io:" + goal.name() + ": artifact-io.splitMib is " + splitMib
          + "; it is the size in MiB past which a file is checked in ranges, at least 1");
    }
    GateOptions options = GateOptions.builder(Dialect.MAVEN, root)
        .includes(includes)
        .failIfNoFiles(failIfNoFiles)
        .failOnUndetermined(failOnUndetermined)
        .failOn(failOn)
        .threads(threads)
        .splitBytes(splitMib * 1024L * 1024)
        .rules(rules)
        .skipRules(skipRules)
        .suppressions(suppressions)
        .cache(cacheDir, cache())
        .execution(execution == null ? "default-cli" : execution.getExecutionId())
        .reportDir(buildDirectory().resolve("artifact-io"))
        .tool("artifact-io-maven-plugin", pluginVersion())
        .build();
    Verdict verdict;
    try {
      warnIfConfigurationStaysInAnExecution(goal);
      verdict = Gate.run(goal, options, new MavenLog(getLog()), runs());
    } catch (ConfigurationException e) {
      throw new MojoExecutionException(Gate.misconfigured(goal, Dialect.MAVEN, e), e);
    } catch (NoFilesException e) {
      throw new MojoFailureException(e.getMessage(), e);
    }
    if (project != null) {
      project.setContextValue(RUNS_KEY, new ArrayList<>(verdict.runs()));
    }
    if (!verdict.passed()) {
      throw new MojoFailureException(verdict.failure());
    }
  }

  /**
   * Maven gives a goal typed on the command line ({@code default-cli}) only the plugin-level configuration: contracts
   * and checks written inside an {@code <execution>} do not apply to it, and the run would pass without them. Say so,
   * naming the execution, when this run has none of its own while the POM declares some.
   */
  private void warnIfConfigurationStaysInAnExecution(Goal goal) {
    boolean configured = goal.configured() || !suppressions.isEmpty() || rules != null || skipRules != null;
    if (execution == null || !"default-cli".equals(execution.getExecutionId()) || configured || standalone()) {
      return;
    }
    org.apache.maven.model.Plugin p = project.getPlugin(plugin.getPluginLookupKey());
    if (p == null) {
      return;
    }
    for (org.apache.maven.model.PluginExecution e : p.getExecutions()) {
      if (e.getConfiguration() != null && e.getGoals().contains(goal.name())) {
        getLog().warn("artifact-io:" + goal.name() + " runs from the command line with no configuration of its own,"
            + " while the POM configures it in <execution> '" + e.getId() + "', which applies only when that"
            + " execution runs in the lifecycle (mvn verify); move the configuration to the plugin's own"
            + " <configuration> so that both behave alike (docs/maven-plugin.md, \"A stage project's POM\")");
      }
    }
  }

  /** The runs of the goals this build ran on the project so far, which the reports list together. */
  @SuppressWarnings("unchecked")
  private List<Reports.Run> runs() {
    Object v = project == null ? null : project.getContextValue(RUNS_KEY);
    return v instanceof List ? (List<Reports.Run>) v : List.of();
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

  /** The cache's folder, or null when {@code cacheDir} is {@code none}. */
  private Path cache() {
    if (cacheDir != null && cacheDir.trim().equalsIgnoreCase("none")) {
      return null;
    }
    return cacheDir == null || cacheDir.isBlank()
        ? buildDirectory().resolve("artifact-io").resolve("cache") : baseDirectory().resolve(cacheDir.trim());
  }

  protected String pluginVersion() {
    return plugin == null ? "unknown" : plugin.getVersion();
  }
}
