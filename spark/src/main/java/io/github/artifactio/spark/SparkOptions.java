package io.github.artifactio.spark;

import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.ManifestGoal;
import io.github.artifactio.checks.ValidateGoal;
import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.result.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The options of a Spark job, as the command line's {@code validate}, {@code verify-manifest} and {@code hash} take
 * them ({@code docs/cli.md}): what to select, when to fail, the configuration file, where the reports go. They travel
 * to the executors, which build the checks' own options from them ({@link #gateOptions}), so every field is a string,
 * a number or a flag; the log stays on the driver. Built with {@link #builder()}; every default is the command
 * line's.
 */
public final class SparkOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The name the reports give the tool, unless {@link Builder#tool} says another. */
  public static final String TOOL = "artifact-io-spark";
  /** The execution the reports name, unless {@link Builder#execution} says another. */
  public static final String EXECUTION = "spark";

  private final String includes;
  private final String rules;
  private final String skipRules;
  private final String failOn;
  private final boolean failOnUndetermined;
  private final boolean failIfNoFiles;
  private final int threads;
  private final String reportDir;
  private final String config;
  private final String contract;
  private final List<String> schemas;
  private final long splitBytes;
  private final String tool;
  private final String version;
  private final String execution;
  private final boolean logResults;
  private final transient GateLog log;

  private SparkOptions(Builder b) {
    includes = b.includes;
    rules = b.rules;
    skipRules = b.skipRules;
    failOn = b.failOn;
    failOnUndetermined = b.failOnUndetermined;
    failIfNoFiles = b.failIfNoFiles;
    threads = b.threads;
    reportDir = b.reportDir;
    config = b.config;
    contract = b.contract;
    schemas = List.copyOf(b.schemas);
    splitBytes = b.splitBytes;
    tool = b.tool;
    version = b.version;
    execution = b.execution;
    logResults = b.logResults;
    log = b.log;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The version of this module, which the reports and plans name unless {@link Builder#tool} says another. */
  public static String moduleVersion() {
    Properties p = new Properties();
    try (InputStream in = SparkOptions.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // a jar that cannot read its own resource: the version is all that is lost
    }
    return p.getProperty("version", "unknown");
  }

  /** The split size of {@code hash} and {@code verify-manifest}: a larger file is hashed in ranges of this size. */
  public long splitBytes() {
    return splitBytes;
  }

  /** The tool the reports name. */
  public String tool() {
    return tool;
  }

  /** The tool version the plans and reports name. */
  public String version() {
    return version;
  }

  /** Where the driver's lines go: standard output, marked as the command line marks them, unless set. */
  GateLog log() {
    return log != null ? log : GateLog.printing(new PrintWriter(System.out, true));
  }

  /** The configuration file's contents, or none. */
  ConfigFile configFile() {
    return config == null ? ConfigFile.NONE : Contracts.parseConfig(Path.of(config));
  }

  /**
   * The checks' options for {@code paths}, with files named relative to {@code root}, as the command line builds them
   * (its dialect, so that messages name its options).
   */
  GateOptions gateOptions(List<String> paths, String root) {
    return GateOptions.builder(Dialect.COMMAND_LINE, Path.of(root))
        .paths(paths.stream().map(Path::of).toList())
        .includes(includes)
        .rules(rules)
        .skipRules(skipRules)
        .failOn(failOn)
        .failOnUndetermined(failOnUndetermined)
        .failIfNoFiles(failIfNoFiles)
        .threads(threads)
        .splitBytes(splitBytes)
        .suppressions(configFile().suppressions())
        .reportDir(reportDir == null ? null : Path.of(reportDir))
        .execution(execution)
        .tool(tool, version)
        .logResults(logResults)
        .build();
  }

  /** validate's goal, contract files resolved against {@code base}; refuses what does not apply to validate. */
  ValidateGoal validateGoal(String base) {
    ConfigFile file = configFile();
    if (!file.severities().isEmpty()) {
      throw new ConfigurationException("--config: \"severities\" apply to verify-manifest; validate takes a check's"
          + " \"severity\" in \"checks\"");
    }
    return ValidateGoal.builder(Path.of(base)).contract(contract).checks(file.checks()).build();
  }

  /** verify-manifest's goal; refuses what does not apply to it. */
  ManifestGoal manifestGoal() {
    ConfigFile file = configFile();
    if (!file.checks().isEmpty()) {
      throw new ConfigurationException("--config: \"checks\" apply to validate; verify-manifest takes \"severities\"");
    }
    return new ManifestGoal(schemas, file.severities());
  }

  /** The options as a command line would give them: what a plan's id and a partial's invocation record. */
  List<String> invocation() {
    List<String> out = new ArrayList<>();
    add(out, "--include", includes);
    add(out, "--rules", rules);
    add(out, "--skip-rules", skipRules);
    add(out, "--fail-on", failOn);
    add(out, "--fail-on-undetermined", String.valueOf(failOnUndetermined));
    add(out, "--fail-if-no-files", String.valueOf(failIfNoFiles));
    add(out, "--threads", String.valueOf(threads));
    add(out, "--report", reportDir);
    add(out, "--config", config);
    add(out, "--contract", contract);
    schemas.forEach(s -> add(out, "--schema", s));
    add(out, "--split-mib", String.valueOf(splitBytes >> 20));
    return out;
  }

  private static void add(List<String> out, String option, String value) {
    if (value != null) {
      out.add(option);
      out.add(value);
    }
  }

  /**
   * The folder reports name files relative to, as the command line chooses it: the one folder given, the folder of
   * the one file given, or else the current folder.
   */
  static Path root(List<String> paths) {
    Path cwd = Path.of("").toAbsolutePath();
    if (paths.size() != 1) {
      return cwd;
    }
    Path p = Path.of(paths.get(0));
    if (!Files.isRegularFile(p)) {
      return p;
    }
    Path parent = p.toAbsolutePath().getParent();
    return parent == null ? cwd : parent;
  }

  /** Builds {@link SparkOptions}; the defaults are the command line's. */
  public static final class Builder {
    private String includes;
    private String rules;
    private String skipRules;
    private String failOn = "ERROR";
    private boolean failOnUndetermined = true;
    private boolean failIfNoFiles = true;
    private int threads;
    private String reportDir;
    private String config;
    private String contract;
    private List<String> schemas = List.of();
    private long splitBytes = 1L << 30;
    private String tool = TOOL;
    private String version = moduleVersion();
    private String execution = EXECUTION;
    private boolean logResults = true;
    private GateLog log;

    private Builder() {}

    /** Globs of the files to check under each folder, comma-separated (default: the goal's own). */
    public Builder includes(String globs) {
      includes = globs;
      return this;
    }

    /** Run only these rules, comma-separated. */
    public Builder rules(String csv) {
      rules = csv;
      return this;
    }

    /** Do not run these rules, comma-separated. */
    public Builder skipRules(String csv) {
      skipRules = csv;
      return this;
    }

    /** Fail on a finding at or above {@code ERROR} (default), {@code WARN} or {@code INFO}; {@code NONE} never. */
    public Builder failOn(String threshold) {
      failOn = threshold;
      return this;
    }

    public Builder failOnUndetermined(boolean fail) {
      failOnUndetermined = fail;
      return this;
    }

    public Builder failIfNoFiles(boolean fail) {
      failIfNoFiles = fail;
      return this;
    }

    /** Threads of each task's engine context (0, the default: the executor's processors). */
    public Builder threads(int n) {
      threads = n;
      return this;
    }

    /** Write {@code validation.json} and {@code TEST-artifact-io.xml} into this folder, on the driver. */
    public Builder reportDir(String dir) {
      reportDir = dir;
      return this;
    }

    /** A JSON configuration file (checks, severities, suppressions), read on the driver and the executors. */
    public Builder config(String file) {
      config = file;
      return this;
    }

    /** validate's contracts: built-in names or JSON contract files, comma-separated. */
    public Builder contract(String spec) {
      contract = spec;
      return this;
    }

    /** verify-manifest's schema identifiers to accept besides the built-in registry's. */
    public Builder schemas(List<String> ids) {
      schemas = List.copyOf(ids);
      return this;
    }

    /** hash and verify-manifest: files larger than this are hashed in ranges of this size (default 1 GiB). */
    public Builder splitMib(long mib) {
      if (mib < 1) {
        throw new IllegalArgumentException("--split-mib must be at least 1, got " + mib);
      }
      splitBytes = mib << 20;
      return this;
    }

    /** The tool the reports and plans name (default {@value SparkOptions#TOOL} and this module's version). */
    public Builder tool(String name, String toolVersion) {
      tool = name;
      version = toolVersion;
      return this;
    }

    /** The execution the reports name (default {@value SparkOptions#EXECUTION}). */
    public Builder execution(String name) {
      execution = name;
      return this;
    }

    /** Log every result and the summary (default); false logs only what the gate logs besides. */
    public Builder logResults(boolean log) {
      logResults = log;
      return this;
    }

    /** Where the driver's lines go (default: standard output). */
    public Builder log(GateLog gateLog) {
      log = gateLog;
      return this;
    }

    public SparkOptions build() {
      return new SparkOptions(this);
    }
  }
}
