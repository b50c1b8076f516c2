package io.github.artifactio.engine.internal.concurrent;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A task handed to an executor that its submitter never waits on unless it has started: {@link #awaitOrSkip()} either
 * cancels it while it is still queued (it then does nothing when a thread reaches it) or waits for it to end. A
 * submitter that also does the work itself therefore cannot deadlock on a saturated executor, nor on one whose only
 * thread is the submitter's own.
 */
final class Skippable implements Runnable {
  private static final int QUEUED = 0;
  private static final int RUNNING = 1;
  private static final int SKIPPED = 2;

  private final Workers owner;
  private final Runnable work;
  private final AtomicInteger state = new AtomicInteger(QUEUED);
  private final CountDownLatch done = new CountDownLatch(1);

  Skippable(Workers owner, Runnable work) {
    this.owner = owner;
    this.work = work;
  }

  @Override
  public void run() {
    if (!state.compareAndSet(QUEUED, RUNNING)) {
      return;
    }
    try {
      owner.runAsOwn(work);
    } finally {
      done.countDown();
    }
  }

  /** Cancels the task if it has not started, else waits for it to end (uninterruptibly: it works for the caller). */
  void awaitOrSkip() {
    if (state.compareAndSet(QUEUED, SKIPPED)) {
      return;
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true; // the task holds part of the caller's work: it must end before the caller goes on
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
