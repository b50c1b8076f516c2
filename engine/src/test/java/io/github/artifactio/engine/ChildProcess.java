package io.github.artifactio.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.opentest4j.AssertionFailedError;

/**
 * A child process (a second JVM, node) run to its end within a time limit, for the tests of every module (through the
 * engine's test jar). Its standard output and error are drained on their own threads while the test waits, so that a
 * child that fills a pipe cannot block and a child that never ends fails the test at the limit: reading the output to
 * its end before waiting, as {@code readAllBytes()} does, would wait forever for a child that hangs with the pipe open.
 */
public final class ChildProcess {
  /** How long the drainers may take to see the end of the streams of a child that has ended or was killed. */
  private static final Duration DRAIN = Duration.ofSeconds(10);

  private ChildProcess() {}

  /** What the child printed and how it ended; {@code stderr} is empty when the builder merged it into stdout. */
  public record Result(List<String> command, int exitCode, String stdout, String stderr) {
    /** Standard output, then standard error: for failure messages. */
    public String output() {
      return stderr.isEmpty() ? stdout : stdout + (stdout.isEmpty() ? "" : "\n") + "[stderr]\n" + stderr;
    }
  }

  /** The command that starts a JVM like this one (its java binary and classpath) running {@code main}. */
  public static List<String> java(List<String> jvmArgs, Class<?> main, String... args) {
    List<String> command = new ArrayList<>();
    command.add(javaBinary());
    command.addAll(jvmArgs);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return command;
  }

  /** The java binary of the JVM that runs the tests. */
  public static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Runs {@code command} with standard error kept apart. */
  public static Result run(List<String> command, Duration timeout) {
    return run(new ProcessBuilder(command), timeout);
  }

  /**
   * Starts the builder's command and waits at most {@code timeout} for it to end. A child still running then is
   * killed ({@code destroyForcibly}) and the test fails with the command and everything it printed so far.
   */
  public static Result run(ProcessBuilder builder, Duration timeout) {
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not start " + builder.command(), e);
    }
    Drain out = new Drain(process.getInputStream(), "stdout");
    Drain err = new Drain(process.getErrorStream(), "stderr");
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        out.join();
        err.join();
        throw new AssertionFailedError("the child did not end within " + timeout.toSeconds() + " s and was killed: "
            + builder.command() + "\n" + new Result(builder.command(), -1, out.text(), err.text()).output());
      }
      out.join();
      err.join();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new AssertionFailedError("interrupted while waiting for " + builder.command(), e);
    }
    return new Result(builder.command(), process.exitValue(), out.text(), err.text());
  }

  /** One stream copied into memory on a daemon thread, readable at any time (also when the child was killed). */
  private static final class Drain {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Thread thread;

    Drain(InputStream in, String name) {
      thread = new Thread(() -> {
        byte[] buf = new byte[8192];
        try (in) {
          for (int n; (n = in.read(buf)) >= 0;) {
            synchronized (bytes) {
              bytes.write(buf, 0, n);
            }
          }
        } catch (IOException e) {
          // the stream of a killed child may close under the read: what was read is kept
        }
      }, "child-" + name);
      thread.setDaemon(true);
      thread.start();
    }

    /** Waits for the end of the stream; a grandchild holding the pipe open cannot stall the test past DRAIN. */
    void join() throws InterruptedException {
      thread.join(DRAIN.toMillis());
    }

    String text() {
      synchronized (bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
