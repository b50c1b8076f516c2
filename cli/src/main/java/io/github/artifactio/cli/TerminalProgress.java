package io.github.artifactio.cli;

import io.github.artifactio.checks.Progress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress on standard error for runs that last: nothing before the delay (one second), then, as units finish, a
 * line at most every period saying how many are done ({@code artifact-io validate: 3 of 10 files checked, 4.2 s});
 * on a terminal the line is rewritten in place and cleared at the end. It prints from the threads that finish the
 * units and starts none of its own (every thread belongs to the engine context the gate owns).
 */
final class TerminalProgress implements Progress {
  private final PrintWriter err;
  private final String units;
  private final long delayNanos;
  private final long periodNanos;
  private final boolean inPlace;
  private String goal = "";
  private long start;
  private long lastPrint;
  private boolean printed;

  /**
   * @param units what the goal counts ({@code files}, {@code records})
   * @param inPlace rewrite one line (a terminal) rather than print one per period
   */
  TerminalProgress(PrintWriter err, String units, Duration delay, Duration period, boolean inPlace) {
    this.err = err;
    this.units = units;
    this.delayNanos = delay.toNanos();
    this.periodNanos = period.toNanos();
    this.inPlace = inPlace;
  }

  /** The command line's: after one second, in place twice a second on a terminal, else a line every 5 seconds. */
  static TerminalProgress forStderr(PrintWriter err, String units) {
    boolean terminal = System.console() != null;
    return new TerminalProgress(err, units, Duration.ofSeconds(1),
        terminal ? Duration.ofMillis(500) : Duration.ofSeconds(5), terminal);
  }

  @Override
  public synchronized void started(String goal, int files) {
    this.goal = goal;
    start = System.nanoTime();
    lastPrint = start - periodNanos;
    printed = false;
  }

  @Override
  public synchronized void update(int done, int total) {
    long now = System.nanoTime();
    if (now - start < delayNanos || now - lastPrint < periodNanos) {
      return;
    }
    lastPrint = now;
    String line = String.format(Locale.ROOT, "artifact-io %s: %d of %d %s checked, %.1f s", goal, done, total, units,
        (now - start) / 1e9);
    if (inPlace) {
      err.print("\r" + line + "\033[K");
    } else {
      err.println(line);
    }
    err.flush();
    printed = true;
  }

  @Override
  public synchronized void finished() {
    if (printed && inPlace) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
