package io.github.artifactio.engine.internal.concurrent;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * One fan-out: the indexes {@code [0, n)} are claimed one at a time from a shared counter by whichever thread is free
 * (the caller and the helpers alike), so the work spreads itself over however many threads actually show up. Each
 * participating thread makes its own local state once, on its first index. The first failure stops further claims
 * and is rethrown to the caller once every started index has ended.
 */
final class FanOut<W> implements Runnable {
  private final int n;
  private final Supplier<? extends W> local;
  private final ObjIntConsumer<? super W> task;
  private final AtomicInteger next = new AtomicInteger();
  private Throwable failure;

  FanOut(int n, Supplier<? extends W> local, ObjIntConsumer<? super W> task) {
    this.n = n;
    this.local = local;
    this.task = task;
  }

  /** Claims and runs indexes until none is left; a thread that arrives after the last claim does nothing. */
  @Override
  public void run() {
    W state = null;
    boolean made = false;
    int i;
    while ((i = next.getAndIncrement()) < n) {
      try {
        if (!made) {
          state = local.get();
          made = true;
        }
        task.accept(state, i);
      } catch (Throwable t) {
        synchronized (this) {
          if (failure == null) {
            failure = t;
          }
        }
        next.set(n); // nobody claims more: the result is lost anyway
      }
    }
  }

  /** Rethrows the first failure, if any; called after every participant ended (their latches order the write). */
  void rethrow() {
    Throwable t;
    synchronized (this) {
      t = failure;
    }
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    if (t != null) {
      throw new IllegalStateException(t);
    }
  }
}
