package io.github.artifactio.checks;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.config.Suppression;
import io.github.artifactio.engine.plan.WorkPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings the two goals share, as a front end hands them to the {@link Gate}: what to select, when to fail,
 * how many threads, the cache, the suppressions, where the reports go and who is asking. Built with {@link
 * #builder(Dialect, Path)}; every default is the safe one (fail on ERROR, on an undecided check and on no file).
 */
public final class GateOptions {
  private final Dialect dialect;
  private final Path root;
  private final List<Path> paths;
  private final String includes;
  private final boolean failIfNoFiles;
  private final boolean failOnUndetermined;
  private final String failOn;
  private final int threads;
  private final long splitBytes;
  private final String rules;
  private final String skipRules;
  private final List<Suppression> suppressions;
  private final String cacheSetting;
  private final Path cache;
  private final String execution;
  private final Path reportDir;
  private final String tool;
  private final String version;
  private final boolean logResults;
  private final Progress progress;

  private GateOptions(Builder b) {
    dialect = b.dialect;
    root = b.root;
    paths = b.paths == null ? List.of(b.root) : List.copyOf(b.paths);
    includes = b.includes;
    failIfNoFiles = b.failIfNoFiles;
    failOnUndetermined = b.failOnUndetermined;
    failOn = b.failOn;
    threads = b.threads;
    splitBytes = b.splitBytes;
    rules = b.rules;
    skipRules = b.skipRules;
    suppressions = List.copyOf(b.suppressions);
    cacheSetting = b.cacheSetting;
    cache = b.cache;
    execution = b.execution;
    reportDir = b.reportDir;
    tool = b.tool;
    version = b.version;
    logResults = b.logResults;
    progress = b.progress;
  }

  /**
   * @param root the folder the reports name files relative to (and record as {@code directory}); also the one path
   *     checked unless {@link Builder#paths} says otherwise
   */
  public static Builder builder(Dialect dialect, Path root) {
    return new Builder(dialect, root);
  }

  public Dialect dialect() {
    return dialect;
  }

  public Path root() {
    return root;
  }

  /** The files and folders to check (a folder's files are those matching the include globs). */
  public List<Path> paths() {
    return paths;
  }

  /** The include globs as given, or null for the goal's default. */
  public String includes() {
    return includes;
  }

  public boolean failIfNoFiles() {
    return failIfNoFiles;
  }

  public boolean failOnUndetermined() {
    return failOnUndetermined;
  }

  public String failOn() {
    return failOn;
  }

  /** Files checked at once; 0 is the number of processors. */
  public int threads() {
    return threads;
  }

  /**
   * The split size: {@code validate} checks a file larger than this in ranges of its row groups, on the threads as
   * files are (and, sharded, as units of its plan); the default is {@link WorkPlan#DEFAULT_SPLIT_BYTES}.
   */
  public long splitBytes() {
    return splitBytes;
  }

  /** Comma-separated rule ids to run, or null for all. */
  public String rules() {
    return rules;
  }

  /** Comma-separated rule ids not to run, or null. */
  public String skipRules() {
    return skipRules;
  }

  public List<Suppression> suppressions() {
    return suppressions;
  }

  /** The cache setting as the user gave it (for the report), or null. */
  public String cacheSetting() {
    return cacheSetting;
  }

  /** The cache's folder, or null for no cache. */
  public Path cache() {
    return cache;
  }

  /** The execution the report records the run under ({@code default-cli}, {@code default}, {@code cli}...). */
  public String execution() {
    return execution;
  }

  /** Where {@code validation.json} and the JUnit XML go, or null to write nothing. */
  public Path reportDir() {
    return reportDir;
  }

  /** The tool the report names ({@code artifact-io-maven-plugin}, {@code artifact-io-cli}). */
  public String tool() {
    return tool;
  }

  /** The tool's version: in the report and in the cache's fingerprint. */
  public String version() {
    return version;
  }

  /** Whether the findings, undecided checks and summary table are logged (off when the caller prints the JSON). */
  public boolean logResults() {
    return logResults;
  }

  /** Who is told how far the check has got, or null. */
  public Progress progress() {
    return progress;
  }

  /** The comma-separated list as ids, blanks dropped. */
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

  /** Builds {@link GateOptions}. */
  public static final class Builder {
    private final Dialect dialect;
    private final Path root;
    private List<Path> paths;
    private String includes;
    private boolean failIfNoFiles = true;
    private boolean failOnUndetermined = true;
    private String failOn = "ERROR";
    private int threads;
    private long splitBytes = WorkPlan.DEFAULT_SPLIT_BYTES;
    private String rules;
    private String skipRules;
    private List<Suppression> suppressions = List.of();
    private String cacheSetting;
    private Path cache;
    private String execution = "default";
    private Path reportDir;
    private String tool = "artifact-io";
    private String version = "unknown";
    private boolean logResults = true;
    private Progress progress;

    private Builder(Dialect dialect, Path root) {
      this.dialect = Objects.requireNonNull(dialect, "dialect");
      this.root = Objects.requireNonNull(root, "root");
    }

    public Builder paths(List<Path> paths) {
      this.paths = List.copyOf(paths);
      return this;
    }

    public Builder includes(String globs) {
      this.includes = globs;
      return this;
    }

    public Builder failIfNoFiles(boolean fail) {
      this.failIfNoFiles = fail;
      return this;
    }

    public Builder failOnUndetermined(boolean fail) {
      this.failOnUndetermined = fail;
      return this;
    }

    /** ERROR, WARN, INFO or NONE (checked when the gate runs, so that the message names the setting). */
    public Builder failOn(String threshold) {
      this.failOn = threshold;
      return this;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** See {@link GateOptions#splitBytes()}; at least 1. */
    public Builder splitBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("the split size must be at least 1 byte, got " + bytes);
      }
      this.splitBytes = bytes;
      return this;
    }

    public Builder rules(String csv) {
      this.rules = csv;
      return this;
    }

    public Builder skipRules(String csv) {
      this.skipRules = csv;
      return this;
    }

    public Builder suppressions(List<Suppression> suppressions) {
      this.suppressions = suppressions == null ? List.of() : List.copyOf(suppressions);
      return this;
    }

    /**
     * @param setting the setting as given, for the report
     * @param folder the cache's folder, or null for none
     */
    public Builder cache(String setting, Path folder) {
      this.cacheSetting = setting;
      this.cache = folder;
      return this;
    }

    public Builder execution(String execution) {
      this.execution = Objects.requireNonNull(execution, "execution");
      return this;
    }

    public Builder reportDir(Path dir) {
      this.reportDir = dir;
      return this;
    }

    public Builder tool(String name, String version) {
      this.tool = Objects.requireNonNull(name, "tool");
      this.version = Objects.requireNonNull(version, "version");
      return this;
    }

    public Builder logResults(boolean log) {
      this.logResults = log;
      return this;
    }

    public Builder progress(Progress progress) {
      this.progress = progress;
      return this;
    }

    public GateOptions build() {
      return new GateOptions(this);
    }
  }
}
