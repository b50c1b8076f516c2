package io.github.artifactio.cli;

import io.github.artifactio.checks.Progress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress on standard error for runs that last: nothing for a run shorter than the delay (one second), then a line
 * every period saying how many units are done ({@code artifact-io validate: 3 of 10 files checked, 4.2 s}); on a
 * terminal the line is rewritten in place and cleared at the end. Its one thread is a daemon the command starts and
 * stops with the run.
 */
final class TerminalProgress implements Progress {
  private final PrintWriter err;
  private final String units;
  private final Duration delay;
  private final Duration period;
  private final boolean inPlace;
  private volatile int done;
  private volatile int queued;
  private int selected;
  private long start;
  private Thread ticker;
  private boolean printed;

  /**
   * @param units what the goal counts ({@code files}, {@code records})
   * @param inPlace rewrite one line (a terminal) rather than print one per period
   */
  TerminalProgress(PrintWriter err, String units, Duration delay, Duration period, boolean inPlace) {
    this.err = err;
    this.units = units;
    this.delay = delay;
    this.period = period;
    this.inPlace = inPlace;
  }

  /** The command line's: after one second, in place twice a second on a terminal, else a line every 5 seconds. */
  static TerminalProgress forStderr(PrintWriter err, String units) {
    boolean terminal = System.console() != null;
    return new TerminalProgress(err, units, Duration.ofSeconds(1),
        terminal ? Duration.ofMillis(500) : Duration.ofSeconds(5), terminal);
  }

  @Override
  public void started(String goal, int files) {
    start = System.nanoTime();
    selected = units.equals("files") ? files : 0; // a manifest's records are only known once it is read
    queued = 0;
    done = 0;
    ticker = new Thread(() -> tick("artifact-io " + goal), "artifact-io-progress");
    ticker.setDaemon(true);
    ticker.start();
  }

  private void tick(String what) {
    try {
      Thread.sleep(delay.toMillis());
      while (!Thread.currentThread().isInterrupted()) {
        print(what);
        Thread.sleep(period.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // finished
    }
  }

  private synchronized void print(String what) {
    String line = String.format(Locale.ROOT, "%s: %d of %d %s checked, %.1f s", what, done, Math.max(queued, selected), units,
        (System.nanoTime() - start) / 1e9);
    if (inPlace) {
      err.print("\r" + line);
    } else {
      err.println(line);
    }
    err.flush();
    printed = true;
  }

  @Override
  public void update(int done, int queued) {
    this.done = done;
    this.queued = queued;
  }

  @Override
  public void finished() {
    ticker.interrupt();
    try {
      ticker.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (printed && inPlace) {
        err.print("\r\033[K");
        err.flush();
      }
    }
  }
}
