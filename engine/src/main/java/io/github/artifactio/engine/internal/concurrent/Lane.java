package io.github.artifactio.engine.internal.concurrent;

/**
 * One of a context's turns, held for background work that comes in bursts (a hashed write's hasher) for as long as
 * its owner works: on a one-thread context the owner's own fan-outs then find no turn and stay on the owner's thread,
 * while the lane's tasks run on the context's thread. The owner hands over one task at a time ({@link #run}), each of
 * which ends when it runs out of work, so a lane occupies a thread only while there is work, and an executor that
 * runs tasks on the submitting thread cannot block the owner. The owner must be able to do the work itself: a task
 * may start late (a wrapped executor may be busy with other work), and {@link #close()} skips one that has not
 * started.
 */
public final class Lane implements AutoCloseable {
  private final Workers workers;
  private Skippable last;
  private boolean closed;

  Lane(Workers workers) {
    this.workers = workers;
  }

  /**
   * Hands {@code work} to the context; false when the executor refused it (nothing then runs). The owner hands over
   * the next task only once the previous one has ended or will see the new work.
   */
  public synchronized boolean run(Runnable work) {
    if (closed) {
      throw new IllegalStateException("the lane was closed");
    }
    Skippable t = new Skippable(workers, work);
    if (!workers.hand(t)) {
      return false;
    }
    last = t;
    return true;
  }

  /** Waits for the task handed over last to end, or makes sure it never starts, and gives the turn back. */
  @Override
  public void close() {
    Skippable t;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      t = last;
    }
    try {
      if (t != null) {
        t.awaitOrSkip();
      }
    } finally {
      workers.release();
    }
  }
}
