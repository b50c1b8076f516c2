package io.github.artifactio.cli;

import java.io.PrintWriter;

/** One command of the tool: what it takes ({@link #def()}) and what it does with it. */
interface CliCommand {
  /** The command's name, options and parameters. */
  CommandDef def();

  /**
   * Runs the parsed command line; returns the exit code. A {@link UsageException} is a usage error (exit 2 with the
   * usage); an {@link io.github.artifactio.engine.ArtifactException} names the file that failed (exit 1).
   */
  int run(Parsed args, PrintWriter out, PrintWriter err) throws Exception;
}
