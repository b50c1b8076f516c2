package io.github.artifactio.engine.internal.concurrent;

import io.github.artifactio.engine.EngineContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * The engine's one implementation of {@link EngineContext}, and the only code that hands work to another thread.
 * Three ways of using the context's threads:
 *
 * <ul>
 *   <li>{@link #forEach}: a fan-out the caller takes part in. It needs a <em>turn</em>: turns are granted while fewer
 *       callers than the context has threads hold one, so when as many writers, scans or hashes use the context as it
 *       has threads, the next one works on its own thread rather than queueing behind them (work capacity never falls
 *       below one thread per caller). With a turn, up to {@code threads} helper tasks are queued; the caller claims
 *       indexes too and, once none is left, skips the helpers that have not started ({@link Skippable}): a caller never
 *       waits on a task that has not started, so a saturated executor, or a caller on the context's own thread,
 *       cannot deadlock it. A caller already running on one of this context's tasks gets no turn: it works alone.
 *   <li>{@link #lane}: a turn held for background work that comes in bursts (hash on write), handed over one task at a
 *       time; the owner skips a task that has not started when it finishes the work itself.
 *   <li>{@link #offer}: a short task nobody waits for (prefetch), which may start late or never.
 * </ul>
 *
 * On the serial context none of them starts anything: fan-outs run in a loop on the calling thread, no lane is
 * granted and no offer is taken.
 */
public final class Workers implements EngineContext {
  private static final Workers SERIAL = new Workers("serial", null, null, 0);

  /** The context whose task the current thread is running, if any. */
  private static final ThreadLocal<Workers> RUNNING = new ThreadLocal<>();

  private final String name;
  private final Executor executor;
  private final ExecutorService owned;
  private final int threads;
  private final AtomicInteger turns = new AtomicInteger();

  private Workers(String name, Executor executor, ExecutorService owned, int threads) {
    this.name = name;
    this.executor = executor;
    this.owned = owned;
    this.threads = threads;
  }

  /** See {@link EngineContext#create}. */
  public static Workers create(String name, int threads) {
    Objects.requireNonNull(name, "name");
    requireThreads(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads, new DaemonThreads(name));
    return new Workers(name, pool, pool, threads);
  }

  /** See {@link EngineContext#wrap}. */
  public static Workers wrap(Executor executor, int threads) {
    Objects.requireNonNull(executor, "executor");
    requireThreads(threads);
    return new Workers("wrapped", executor, null, threads);
  }

  /** See {@link EngineContext#serial}. */
  public static Workers serial() {
    return SERIAL;
  }

  /** The engine's implementation behind a context; contexts come only from {@link EngineContext}'s factories. */
  public static Workers of(EngineContext context) {
    Objects.requireNonNull(context, "engine context");
    if (context instanceof Workers w) {
      return w;
    }
    throw new IllegalArgumentException(
        "an EngineContext must come from EngineContext.create, wrap or serial, not " + context.getClass().getName());
  }

  private static void requireThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("an engine context needs at least 1 thread but was given " + threads);
    }
  }

  @Override
  public int threads() {
    return threads;
  }

  /** Whether this is the serial context. */
  public boolean isSerial() {
    return executor == null;
  }

  /** Callers holding a turn right now (fan-outs in progress and lanes held). */
  public int activeTurns() {
    return turns.get();
  }

  /**
   * Whether a fan-out started now could use helpers (not serial, not on this context's own task, a turn free). A hint
   * for ordering work, never for correctness: another caller may take the last turn in between.
   */
  public boolean mayFanOut() {
    return executor != null && RUNNING.get() != this && turns.get() < threads;
  }

  /** A turn, granted while fewer callers than threads hold one. */
  boolean claim() {
    return claim(0);
  }

  /** A turn, granted while more than {@code spare} turns are free. */
  private boolean claim(int spare) {
    if (executor == null || RUNNING.get() == this) {
      return false;
    }
    int c;
    do {
      c = turns.get();
      if (c + spare >= threads) {
        return false;
      }
    } while (!turns.compareAndSet(c, c + 1));
    return true;
  }

  void release() {
    turns.decrementAndGet();
  }

  /** Runs {@code task(i)} for every {@code i} in {@code [0, n)} and returns when all are done. */
  public void forEach(int n, IntConsumer task) {
    forEach(n, () -> null, (unused, i) -> task.accept(i));
  }

  /**
   * {@link #forEach(int, IntConsumer)} on at most {@code parallelism} threads, the caller's included: a scan decoding
   * on two threads hands out more tasks than that (a heavy column in parts), and a third thread on a 2-core machine
   * only takes turns with the other two.
   */
  public void forEach(int n, int parallelism, IntConsumer task) {
    forEach(n, Math.max(0, parallelism - 1), () -> null, (unused, i) -> task.accept(i));
  }

  /**
   * Runs {@code task(state, i)} for every {@code i} in {@code [0, n)}, in parallel where a turn is free, and returns
   * when all are done; each participating thread makes its {@code state} once with {@code local}. The first failure
   * is rethrown (and stops further indexes from starting).
   */
  public <W> void forEach(int n, Supplier<? extends W> local, ObjIntConsumer<? super W> task) {
    forEach(n, threads, local, task);
  }

  private <W> void forEach(int n, int maxHelpers, Supplier<? extends W> local, ObjIntConsumer<? super W> task) {
    if (n < 2 || maxHelpers == 0 || !claim()) {
      FanOut<W> alone = new FanOut<>(n, local, task);
      alone.run();
      alone.rethrow();
      return;
    }
    try {
      FanOut<W> job = new FanOut<>(n, local, task);
      List<Skippable> helpers = new ArrayList<>();
      for (int h = 0; h < Math.min(Math.min(threads, maxHelpers), n - 1); h++) {
        Skippable helper = new Skippable(this, job);
        if (!hand(helper)) {
          break; // a refusing executor (bounded queue, shut down): the caller does what no helper takes
        }
        helpers.add(helper);
      }
      job.run();
      for (Skippable helper : helpers) {
        helper.awaitOrSkip();
      }
      job.rethrow();
    } finally {
      release();
    }
  }

  /** {@code task} applied to every item, in parallel as {@link #forEach} runs it; the results in item order. */
  @Override
  public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> task) {
    Objects.requireNonNull(task, "task");
    List<T> in = new ArrayList<>(items);
    Object[] out = new Object[in.size()];
    forEach(in.size(), i -> out[i] = task.apply(in.get(i)));
    @SuppressWarnings("unchecked")
    List<R> results = (List<R>) Collections.unmodifiableList(Arrays.asList(out));
    return results;
  }

  /** A turn held for an owner's background work, or null when none is free (see {@link Lane}). */
  public Lane lane() {
    return claim() ? new Lane(this) : null;
  }

  /**
   * A lane that leaves a turn free, or null: granted while at least two turns are free, so that background work that
   * mostly waits (a durable write's early syncs) never takes the turn its owner's own fan-outs need, and a context of
   * one thread never grants it.
   */
  public Lane spareLane() {
    return claim(1) ? new Lane(this) : null;
  }

  /**
   * Hands {@code task} to the context to run when a thread is free. Nobody may wait for it: it may start late, or,
   * on a shut-down executor, never. False (and nothing runs) on the serial context or when the executor refuses it.
   */
  public boolean offer(Runnable task) {
    return executor != null && hand(() -> runAsOwn(task));
  }

  boolean hand(Runnable task) {
    try {
      executor.execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  /** Runs {@code work} marked as this context's task, so that what it calls knows not to fan out again. */
  void runAsOwn(Runnable work) {
    Workers previous = RUNNING.get();
    RUNNING.set(this);
    try {
      work.run();
    } finally {
      if (previous == null) {
        RUNNING.remove();
      } else {
        RUNNING.set(previous);
      }
    }
  }

  /** Shuts down the threads {@link #create} made; a wrapped executor stays with its owner; serial has none. */
  @Override
  public void close() {
    if (owned != null) {
      owned.shutdown();
    }
  }

  @Override
  public String toString() {
    if (executor == null) {
      return "EngineContext[serial]";
    }
    return "EngineContext[" + name + ", " + threads + " threads, " + (owned != null ? "owned" : "wrapped") + "]";
  }
}
