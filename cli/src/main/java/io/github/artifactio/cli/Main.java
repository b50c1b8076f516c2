package io.github.artifactio.cli;

import io.github.artifactio.engine.ArtifactException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar artifact-io.jar <command>}: the entry point. Exit codes: {@value #PASS} the check passed (or the
 * command did its work), {@value #FAILED} findings at or above {@code --fail-on}, an undecided check that fails, or
 * a file the command could not read or write; {@value #USAGE} a usage error or a misconfiguration (an unknown option
 * or rule, a path that does not exist, no file selected).
 */
@Command(name = "artifact-io", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Checks, inspects, hashes and concatenates Parquet artifacts and their manifests.")
public final class Main implements Runnable {
  public static final int PASS = 0;
  public static final int FAILED = 1;
  public static final int USAGE = 2;

  /** The tool's name in reports. */
  static final String TOOL = "artifact-io-cli";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs one command line, printing to {@code out} and {@code err}; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Main());
    addCommands(cli, args.length == 0 ? "" : args[0]);
    cli.setOut(out).setErr(err).setCaseInsensitiveEnumValuesAllowed(true);
    cli.setExecutionExceptionHandler((e, line, parsed) -> {
      // a file that cannot be read or written: its message names the file (and column, row group...); anything
      // else is a bug, shown whole
      if (e instanceof ArtifactException || e instanceof java.io.UncheckedIOException) {
        line.getErr().println("artifact-io " + line.getCommandName() + ": " + e.getMessage());
      } else {
        e.printStackTrace(line.getErr());
      }
      line.getErr().flush();
      return FAILED;
    });
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /**
   * The command named first, alone when it is one: picocli reads a command's annotations when it is added, and
   * reading all five took a fifth of the start-up of {@code validate} (README, "Command line"). Anything else (help,
   * a typo, no command) gets them all, so that usage messages list every command.
   */
  static void addCommands(CommandLine cli, String first) {
    switch (first) {
      case "validate" -> cli.addSubcommand(new ValidateCommand());
      case "verify-manifest" -> cli.addSubcommand(new VerifyManifestCommand());
      case "inspect" -> cli.addSubcommand(new InspectCommand());
      case "hash" -> cli.addSubcommand(new HashCommand());
      case "concat" -> cli.addSubcommand(new ConcatCommand());
      default -> {
        cli.addSubcommand(new ValidateCommand());
        cli.addSubcommand(new VerifyManifestCommand());
        cli.addSubcommand(new InspectCommand());
        cli.addSubcommand(new HashCommand());
        cli.addSubcommand(new ConcatCommand());
        cli.addSubcommand(new CommandLine.HelpCommand());
      }
    }
  }

  /** Without a command: the usage, and a usage error. */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  /** The version of the jar (its manifest's Implementation-Version). */
  static String version() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null ? "unknown" : v;
  }

  /** {@code --version}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"artifact-io " + version()};
    }
  }
}
