package io.github.artifactio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in this JVM, as {@code java -jar} would, and keeps what it printed. */
final class Cli {
  private Cli() {}

  /**
   * What one run returned and printed.
   *
   * @param err standard error without the progress lines a run over a second prints (on a loaded machine any run
   *     may; {@code TerminalProgressTest} covers them)
   */
  record Result(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(code, out.toString(), withoutProgress(err.toString()));
  }

  /** The text without the lines {@link TerminalProgress} prints. */
  static String withoutProgress(String stderr) {
    return stderr.replaceAll("(?m)^artifact-io [a-z-]+: \\d+ of \\d+ [a-z]+ checked, [0-9.]+ s\n", "");
  }
}
