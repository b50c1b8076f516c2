package io.github.artifactio.engine.internal.concurrent;

/**
 * One of a context's turns, held for a long-running background task (a hashed write's hasher) for as long as its
 * owner works: on a one-thread context the owner's own fan-outs then find no turn and stay on the owner's thread,
 * while the lane's task runs on the context's thread. The owner must be able to do the task's work itself: the task
 * may start late (a wrapped executor may be busy with other work), and {@link #close()} skips it if it has not
 * started.
 */
public final class Lane implements AutoCloseable {
  private final Workers workers;
  private Skippable task;
  private boolean closed;

  Lane(Workers workers) {
    this.workers = workers;
  }

  /** Starts {@code work} on the context; false when the executor refused it (nothing then runs). Once per lane. */
  public boolean start(Runnable work) {
    if (task != null || closed) {
      throw new IllegalStateException("a lane runs one task");
    }
    Skippable t = new Skippable(workers, work);
    if (!workers.hand(t)) {
      return false;
    }
    task = t;
    return true;
  }

  /** Waits for the started task to end, or makes sure it never starts, and gives the turn back. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (task != null) {
        task.awaitOrSkip();
      }
    } finally {
      workers.release();
    }
  }
}
