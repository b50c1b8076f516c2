package io.github.artifactio.spark;

import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
import io.github.artifactio.checks.NoFilesException;
import io.github.artifactio.checks.ValidateGoal;
import io.github.artifactio.checks.Verdict;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.shard.B3sumLines;
import io.github.artifactio.checks.shard.ShardedHash;
import io.github.artifactio.engine.ArtifactException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * {@code spark-submit --class io.github.artifactio.spark.SparkMain artifact-io-spark.jar COMMAND [OPTIONS] PATH...}:
 * {@code validate}, {@code verify-manifest} and {@code hash} as Spark jobs ({@link ArtifactChecks}), with the command
 * line's options, output and exit codes (0 a pass, 1 a finding or a file that could not be read, 2 a usage error).
 * The options are parsed here, by the command line's names and forms ({@code --opt VALUE}, {@code --opt=VALUE}, lists
 * comma-separated or repeated), not by the command line's own parser, which this module does not depend on.
 */
public final class SparkMain {
  static final int PASS = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;
  private static final String NAME = "artifact-io-spark";

  /** The options of validate and verify-manifest that take a value: name to its label. */
  private static final Map<String, String> GATE_VALUES = Map.of("--fail-on", "LEVEL", "--threads", "N", "--report",
      "DIR", "--config", "FILE", "--format", "FORMAT");
  private static final Set<String> GATE_LISTS = Set.of("--include", "--rules", "--skip-rules");
  private static final Set<String> GATE_BOOLEANS = Set.of("--fail-on-undetermined", "--fail-if-no-files");

  private SparkMain() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    int code;
    SparkSession spark = SparkSession.builder().appName(NAME + (args.length > 0 ? " " + args[0] : "")).getOrCreate();
    try {
      code = run(spark, args, out, err);
    } finally {
      spark.stop();
    }
    System.exit(code);
  }

  /** Runs one command on {@code spark}; its exit code. */
  static int run(SparkSession spark, String[] argv, PrintWriter out, PrintWriter err) {
    List<String> args = List.of(argv);
    if (args.isEmpty() || !List.of("validate", "verify-manifest", "hash").contains(args.get(0))) {
      err.println(args.isEmpty() ? "Missing required subcommand" : "Unknown subcommand '" + args.get(0) + "'.");
      err.print(usage());
      return USAGE;
    }
    String command = args.get(0);
    Parsed p;
    try {
      p = parse(command, args.subList(1, args.size()));
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.print(usage());
      return USAGE;
    }
    try {
      return switch (command) {
        case "hash" -> hash(spark, p, out, err);
        default -> gate(spark, command, p, out, err);
      };
    } catch (ArtifactException | UncheckedIOException e) {
      err.println(NAME + " " + command + ": " + e.getMessage());
      return FAILED;
    }
  }

  private static int hash(SparkSession spark, Parsed p, PrintWriter out, PrintWriter err) {
    for (String name : p.params()) {
      if (!Files.isRegularFile(Path.of(name))) {
        err.println(NAME + " hash: " + name + (Files.exists(Path.of(name)) ? " is not a file" : " does not exist"));
        return USAGE;
      }
    }
    ShardedHash.Merged merged = ArtifactChecks.hash(spark, p.params(), options(p).build());
    if (!merged.errors().isEmpty()) {
      merged.errors().forEach(e -> err.println(NAME + " hash: " + e));
      return FAILED;
    }
    // a line per name, as artifact-io hash prints them: a file named twice has two
    for (String name : p.params()) {
      out.println(B3sumLines.format(merged.digests().get(name).hex(), name));
    }
    return PASS;
  }

  private static int gate(SparkSession spark, String command, Parsed p, PrintWriter out, PrintWriter err) {
    String format = p.value("--format", "text");
    if (!format.equals("text") && !format.equals("json")) {
      err.println("Invalid value for option '--format': expected one of [text, json] but was '" + format + "'");
      return USAGE;
    }
    boolean json = format.equals("json");
    SparkOptions.Builder b = options(p).includes(p.list("--include")).rules(p.list("--rules")).skipRules(p.list(
        "--skip-rules")).failOn(p.value("--fail-on", "ERROR")).failOnUndetermined(p.bool("--fail-on-undetermined"))
        .failIfNoFiles(p.bool("--fail-if-no-files")).reportDir(p.value("--report", null)).config(p.value("--config",
            null))
        .logResults(!json).log(GateLog.printing(json ? err : out));
    try {
      b.threads(Integer.parseInt(p.value("--threads", "0")));
    } catch (NumberFormatException e) {
      err.println("Invalid value for option '--threads': '" + p.value("--threads", "0") + "' is not an int");
      return USAGE;
    }
    if (command.equals("validate")) {
      b.contract(p.list("--contract"));
    } else {
      b.schemas(p.values().getOrDefault("--schema", List.of()));
    }
    SparkOptions options = b.build();
    Verdict v;
    try {
      v = command.equals("validate") ? ArtifactChecks.validate(spark, p.params(), options)
          : ArtifactChecks.verifyManifest(spark, p.params(), options);
    } catch (ConfigurationException e) {
      err.println(Gate.misconfigured(goalNamed(command), Dialect.COMMAND_LINE, e));
      return USAGE;
    } catch (NoFilesException e) {
      err.println(e.getMessage());
      return USAGE;
    }
    if (json) {
      out.print(Reports.json(v.runs(), options.tool(), options.version()));
    }
    if (!v.passed()) {
      err.println(v.failure());
      return FAILED;
    }
    return PASS;
  }

  /** A goal of the command's name, for the message of a misconfiguration. */
  private static Goal goalNamed(String command) {
    return command.equals("validate") ? ValidateGoal.builder(Path.of("")).build() : new ManifestGoal(null, null);
  }

  /** The options every command takes: the split size. */
  private static SparkOptions.Builder options(Parsed p) {
    return SparkOptions.builder().splitMib(Long.parseLong(p.value("--split-mib", "1024")));
  }

  /** Parsed arguments: options by name (every value given, lists split at commas) and parameters. */
  record Parsed(Map<String, List<String>> values, List<String> params) {
    String value(String name, String otherwise) {
      List<String> v = values.get(name);
      return v == null ? otherwise : v.get(v.size() - 1);
    }

    String list(String name) {
      List<String> v = values.get(name);
      return v == null ? null : String.join(",", v);
    }

    boolean bool(String name) {
      return Boolean.parseBoolean(value(name, "true"));
    }
  }

  /** The command's arguments, refused with the command line's messages when malformed. */
  static Parsed parse(String command, List<String> args) {
    boolean gate = !command.equals("hash");
    Map<String, List<String>> values = new LinkedHashMap<>();
    List<String> params = new ArrayList<>();
    boolean ended = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (ended || !arg.startsWith("-") || arg.equals("-")) {
        params.add(arg);
        continue;
      }
      if (arg.equals("--")) {
        ended = true;
        continue;
      }
      int eq = arg.indexOf('=');
      String name = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
      String attached = arg.startsWith("--") && eq > 0 ? arg.substring(eq + 1) : null;
      boolean list = gate && (GATE_LISTS.contains(name) || name.equals("--contract") && command.equals("validate"));
      boolean bool = gate && GATE_BOOLEANS.contains(name);
      boolean value = name.equals("--split-mib") && !command.equals("validate") || gate && GATE_VALUES.containsKey(
          name) || name.equals("--schema") && command.equals("verify-manifest");
      if (!list && !bool && !value) {
        throw new IllegalArgumentException("Unknown option: '" + name + "'" + (Set.of("--shard", "--partial-out",
            "--cache-dir", "--check").contains(name) ? " (the command line's; a Spark job splits its own work)"
                : ""));
      }
      List<String> into = values.computeIfAbsent(name, k -> new ArrayList<>());
      String v = attached;
      if (bool) {
        if (v == null && i + 1 < args.size() && isBoolean(args.get(i + 1))) {
          v = args.get(++i);
        }
        if (v != null && !isBoolean(v)) {
          throw new IllegalArgumentException("Invalid value for option '" + name + "': '" + v + "' is not a boolean");
        }
        into.add(v == null ? "true" : v.toLowerCase(Locale.ROOT));
        continue;
      }
      if (v == null) {
        if (i + 1 >= args.size()) {
          throw new IllegalArgumentException("Missing required parameter for option '" + name + "'");
        }
        v = args.get(++i);
      }
      into.addAll(list ? List.of(v.split(",")) : List.of(v));
    }
    if (params.isEmpty()) {
      throw new IllegalArgumentException("Missing required parameter: '" + (command.equals("hash") ? "FILE"
          : command.equals("validate") ? "PATH" : "DIR") + "'");
    }
    if (values.containsKey("--split-mib")) {
      long mib;
      try {
        mib = Long.parseLong(values.get("--split-mib").get(values.get("--split-mib").size() - 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("Invalid value for option '--split-mib': not an integer", e);
      }
      if (mib < 1) {
        throw new IllegalArgumentException("--split-mib must be at least 1, got " + mib);
      }
    }
    return new Parsed(values, params);
  }

  private static boolean isBoolean(String s) {
    return s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false");
  }

  static String usage() {
    return "Usage: spark-submit --class " + SparkMain.class.getName() + " artifact-io-spark.jar COMMAND ...\n"
        + "  validate [--contract NAME,...] [GATE OPTIONS] PATH...\n"
        + "  verify-manifest [--schema NAME@VERSION]... [--split-mib MIB] [GATE OPTIONS] DIR...\n"
        + "  hash [--split-mib MIB] FILE...\n"
        + "GATE OPTIONS, as the command line's (docs/cli.md): --include GLOB,... --rules RULE,..."
        + " --skip-rules RULE,...\n"
        + "  --fail-on LEVEL --fail-on-undetermined BOOL --fail-if-no-files BOOL --threads N --report DIR"
        + " --config FILE\n  --format text|json\n";
  }
}
