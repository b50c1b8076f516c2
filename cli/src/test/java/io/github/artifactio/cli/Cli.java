package io.github.artifactio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the command line in this JVM, as {@code java -jar} would, and keeps what it printed; or in a JVM of its own
 * with a given heap ({@link #inChild}), for the tests of what a command needs of memory.
 */
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

  /**
   * The command line in a JVM of its own with the heap option {@code heap} ({@code -Xmx64m}), on this JVM's class
   * path, its output and errors through files in {@code dir}; null when it has not ended after 5 minutes (the process
   * is then killed).
   */
  static Result inChild(String heap, Path dir, String... args) throws IOException, InterruptedException {
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        heap, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      return null;
    }
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
