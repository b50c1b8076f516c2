package io.github.artifactio.checks;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gate's pool as a goal sees it: the same threads, with each task counted as queued and as done, so that a
 * {@link Progress} learns how far the goal has got without the checks knowing of it. Shutting it down is the gate's
 * business, on the pool itself.
 */
final class CountingExecutor extends AbstractExecutorService {
  private final ExecutorService pool;
  private final Progress progress;
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicInteger done = new AtomicInteger();

  CountingExecutor(ExecutorService pool, Progress progress) {
    this.pool = pool;
    this.progress = progress;
  }

  @Override
  public void execute(Runnable task) {
    queued.incrementAndGet();
    pool.execute(() -> {
      try {
        task.run();
      } finally {
        progress.update(done.incrementAndGet(), queued.get());
      }
    });
  }

  @Override
  public void shutdown() {
    throw new UnsupportedOperationException("the gate shuts its pool down");
  }

  @Override
  public List<Runnable> shutdownNow() {
    throw new UnsupportedOperationException("the gate shuts its pool down");
  }

  @Override
  public boolean isShutdown() {
    return pool.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return pool.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return pool.awaitTermination(timeout, unit);
  }
}
