package io.github.artifactio.engine.table;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Threads for column-parallel encoding, owned by the caller: made with {@link #create(String, int)} (named daemon
 * threads, shut down by {@link #close()}) or wrapping an executor the caller already has ({@link #wrap}, which
 * {@code close()} leaves running). The engine has no static pool; a writer without a pool encodes on its own thread.
 *
 * <p>Scheduling rules, from the Rust engine's codec pool:
 *
 * <ul>
 *   <li>a writer's calling thread encodes columns itself alongside the pool's threads, and never waits on a helper
 *       task that has not started: a writer called from inside the pool's own threads therefore cannot deadlock;
 *   <li>when as many writers use the pool as it has threads, the next one encodes on its own thread instead of
 *       queueing behind them, so encode capacity never falls below one thread per concurrent writer;
 *   <li>a writer running on one of the pool's threads encodes on that thread.
 * </ul>
 *
 * Which thread encodes a column never changes the bytes: every column has its own encoder.
 */
public final class CodecPool implements AutoCloseable {
  /** Marks the threads currently running this pool's helper tasks. */
  private static final ThreadLocal<CodecPool> RUNNING_IN = new ThreadLocal<>();

  private final ExecutorService executor;
  private final int threads;
  private final boolean owned;
  private final AtomicInteger callers = new AtomicInteger();
  /** Threads known to belong to the executor: all of an owned pool's, and any that ran one of our tasks. */
  private final Set<Thread> poolThreads = ConcurrentHashMap.newKeySet();

  private CodecPool(ExecutorService executor, int threads, boolean owned) {
    this.executor = executor;
    this.threads = threads;
    this.owned = owned;
  }

  /** A pool of {@code threads} daemon threads named {@code name-0}, {@code name-1}, ...; close it when done. */
  public static CodecPool create(String name, int threads) {
    Objects.requireNonNull(name, "name");
    if (threads < 1) {
      throw new IllegalArgumentException("a codec pool needs at least 1 thread but was given " + threads);
    }
    AtomicInteger n = new AtomicInteger();
    CodecPool[] self = new CodecPool[1];
    ThreadFactory factory =
        r -> {
          Thread t =
              new Thread(
                  () -> {
                    self[0].poolThreads.add(Thread.currentThread());
                    r.run();
                  },
                  name + "-" + n.getAndIncrement());
          t.setDaemon(true);
          return t;
        };
    self[0] = new CodecPool(Executors.newFixedThreadPool(threads, factory), threads, true);
    return self[0];
  }

  /**
   * Uses the caller's executor, which offers {@code threads} threads to encoding; {@link #close()} does not shut it
   * down.
   */
  public static CodecPool wrap(ExecutorService executor, int threads) {
    Objects.requireNonNull(executor, "executor");
    if (threads < 1) {
      throw new IllegalArgumentException("a codec pool needs at least 1 thread but was given " + threads);
    }
    return new CodecPool(executor, threads, false);
  }

  public int threads() {
    return threads;
  }

  /** Writers encoding on the pool right now. */
  public int activeCallers() {
    return callers.get();
  }

  /**
   * Runs {@code task(i)} for {@code i} in {@code [0, n)}: in parallel when a turn is free, else on the calling thread.
   */
  void run(int n, IntConsumer task) {
    if (n < 2 || RUNNING_IN.get() == this || poolThreads.contains(Thread.currentThread()) || !claim()) {
      for (int i = 0; i < n; i++) {
        task.accept(i);
      }
      return;
    }
    try {
      runParallel(n, task);
    } finally {
      callers.decrementAndGet();
    }
  }

  /** A turn: granted while fewer writers than threads use the pool. */
  boolean claim() {
    int c;
    do {
      c = callers.get();
      if (c >= threads) {
        return false;
      }
    } while (!callers.compareAndSet(c, c + 1));
    return true;
  }

  private void runParallel(int n, IntConsumer task) {
    AtomicInteger next = new AtomicInteger();
    Throwable[] failure = new Throwable[1];
    Runnable work =
        () -> {
          int i;
          while ((i = next.getAndIncrement()) < n) {
            try {
              task.accept(i);
            } catch (Throwable t) {
              synchronized (failure) {
                if (failure[0] == null) {
                  failure[0] = t;
                }
              }
              next.set(n);
            }
          }
        };
    int helpers = Math.min(threads, n - 1);
    Helper[] hs = new Helper[helpers];
    for (int h = 0; h < helpers; h++) {
      hs[h] = new Helper(work);
      executor.execute(hs[h]);
    }
    work.run();
    for (Helper h : hs) {
      h.awaitOrSkip();
    }
    if (failure[0] != null) {
      if (failure[0] instanceof RuntimeException) {
        throw (RuntimeException) failure[0];
      }
      if (failure[0] instanceof Error) {
        throw (Error) failure[0];
      }
      throw new IllegalStateException(failure[0]);
    }
  }

  /** A helper task that the caller skips if it has not started by the time the caller ran out of columns. */
  private final class Helper implements Runnable {
    private static final int QUEUED = 0;
    private static final int RUNNING = 1;
    private static final int SKIPPED = 2;
    private final AtomicInteger state = new AtomicInteger(QUEUED);
    private final CountDownLatch done = new CountDownLatch(1);
    private final Runnable work;

    Helper(Runnable work) {
      this.work = work;
    }

    @Override
    public void run() {
      if (!state.compareAndSet(QUEUED, RUNNING)) {
        return;
      }
      poolThreads.add(Thread.currentThread());
      CodecPool previous = RUNNING_IN.get();
      RUNNING_IN.set(CodecPool.this);
      try {
        work.run();
      } finally {
        RUNNING_IN.set(previous);
        done.countDown();
      }
    }

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
          interrupted = true; // the helper is encoding our column: it must finish before we go on
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Shuts down a pool made by {@link #create}; a wrapped executor stays with its owner. */
  @Override
  public void close() {
    if (owned) {
      executor.shutdown();
    }
  }

  @Override
  public String toString() {
    return "CodecPool[" + threads + " threads, " + (owned ? "owned" : "wrapped") + "]";
  }
}
