package io.github.artifactio.cli;

import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * {@code java -jar artifact-io.jar <command>}: the entry point. Exit codes: {@value #PASS} the check passed (or the
 * command did its work), {@value #FAILED} findings at or above {@code --fail-on}, an undecided check that fails, or
 * a file the command could not read or write; {@value #USAGE} a usage error or a misconfiguration (an unknown option
 * or rule, a path that does not exist, no file selected).
 */
public final class Main {
  public static final int PASS = 0;
  public static final int FAILED = 1;
  public static final int USAGE = 2;

  /** The tool's name in reports. */
  static final String TOOL = "artifact-io-cli";

  private static final String NAME = "artifact-io";
  private static final String DESCRIPTION =
      "Checks, inspects, hashes and concatenates Parquet artifacts and their manifests.";

  private Main() {}

  /** The commands, in the order the usage lists them; each made only when it runs. */
  private static final Map<String, Supplier<CliCommand>> COMMANDS = commands();

  private static Map<String, Supplier<CliCommand>> commands() {
    Map<String, Supplier<CliCommand>> m = new LinkedHashMap<>();
    m.put("validate", ValidateCommand::new);
    m.put("verify-manifest", VerifyManifestCommand::new);
    m.put("inspect", InspectCommand::new);
    m.put("hash", HashCommand::new);
    m.put("concat", ConcatCommand::new);
    m.put("merge", MergeCommand::new);
    return Collections.unmodifiableMap(m);
  }

  public static void main(String[] args) {
    PrintWriter out = new PacedOut(System.out);
    int code = run(args, out, new PrintWriter(System.err, true));
    out.flush();
    ArchiveTraining.runIfAsked(); // only on the launcher's run that writes its archive
    System.exit(code);
  }

  /** Runs one command line, printing to {@code out} and {@code err}; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return dispatch(List.of(args), out, err);
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** Runs {@code command} on {@code args} (the arguments after the command's name). */
  static int run(CliCommand command, List<String> args, PrintWriter out, PrintWriter err) {
    CommandDef def = command.def();
    try {
      Parsed parsed = def.parse(args);
      if (parsed.flag(CommandDef.HELP)) {
        out.print(def.usage(NAME));
        return PASS;
      }
      if (parsed.flag(CommandDef.VERSION)) {
        out.println(NAME + " " + version());
        return PASS;
      }
      return command.run(parsed, out, err);
    } catch (UsageException e) {
      err.println(e.getMessage());
      err.print(def.usage(NAME));
      return USAGE;
    } catch (ArtifactException | UncheckedIOException e) {
      // a file that cannot be read or written: its message names the file (and column, row group...)
      err.println(NAME + " " + def.name() + ": " + e.getMessage());
      return FAILED;
    } catch (Exception e) {
      // anything else is a bug, shown whole
      e.printStackTrace(err);
      return FAILED;
    }
  }

  private static int dispatch(List<String> args, PrintWriter out, PrintWriter err) {
    if (args.isEmpty()) {
      err.println("a command is required");
      err.print(usage());
      return USAGE;
    }
    String first = args.get(0);
    switch (first) {
      case "-h", CommandDef.HELP -> {
        out.print(usage());
        return PASS;
      }
      case "-V", CommandDef.VERSION -> {
        out.println(NAME + " " + version());
        return PASS;
      }
      case "help" -> {
        Supplier<CliCommand> c = args.size() > 1 ? COMMANDS.get(args.get(1)) : null;
        if (args.size() > 1 && c == null) {
          err.println("Unknown subcommand '" + args.get(1) + "'.");
          err.print(usage());
          return USAGE;
        }
        out.print(c == null ? usage() : c.get().def().usage(NAME));
        return PASS;
      }
      default -> {}
    }
    Supplier<CliCommand> command = COMMANDS.get(first);
    if (command == null) {
      err.println((first.startsWith("-") ? "Unknown option: '" + first + "'"
          : "Unmatched arguments from index 0: " + quoted(args)) + closestCommand(first));
      err.print(usage());
      return USAGE;
    }
    return run(command.get(), args.subList(1, args.size()), out, err);
  }

  /** {@code "; did you mean 'validate'?"} when a typo explains the name, else empty. */
  private static String closestCommand(String typed) {
    for (String c : COMMANDS.keySet()) {
      int d = CommandDef.distance(typed, c);
      if (d <= 2 && d * 3 < c.length()) {
        return "; did you mean '" + c + "'?";
      }
    }
    return "";
  }

  private static String quoted(List<String> args) {
    StringBuilder s = new StringBuilder();
    for (String a : args) {
      s.append(s.length() == 0 ? "" : ", ").append('\'').append(a).append('\'');
    }
    return s.toString();
  }

  /** The tool's own usage: the commands and what each does. */
  static String usage() {
    StringBuilder s = new StringBuilder("Usage: " + NAME + " [-hV] [COMMAND]\n").append(DESCRIPTION).append('\n');
    s.append("  -h, --help      Show this help message and exit.\n");
    s.append("  -V, --version   Print version information and exit.\n");
    s.append("Commands:\n");
    Map<String, String> rows = new LinkedHashMap<>();
    COMMANDS.forEach((name, c) -> rows.put(name, c.get().def().description()));
    rows.put("help", "Display help information about the specified command.");
    rows.forEach((name, description) -> s.append("  ").append(name).append(" ".repeat(17 - name.length()))
        .append(CommandDef.wrap(description, " ".repeat(19), 19)).append('\n'));
    return s.toString();
  }

  /**
   * The version of the jar and the commit it was built from, {@code 0.1.0 (commit 28ec5eb1a2b3)}: the build writes both
   * into {@code build.properties} ({@code cli/pom.xml}); a commit ending in {@code -dirty} was built with uncommitted
   * changes, and {@code unknown} stands for what a build outside a git clone could not know.
   */
  static String version() {
    Properties p = new Properties();
    try (InputStream in = Main.class.getResourceAsStream("build.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // a jar that cannot read its own resource: the version is all that is lost
    }
    return known(p.getProperty("version")) + " (commit " + known(p.getProperty("commit")) + ")";
  }

  /** {@code value}, or {@code unknown} where the build left it unset or unfilled (a {@code ${...}} placeholder). */
  private static String known(String value) {
    return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
  }
}
