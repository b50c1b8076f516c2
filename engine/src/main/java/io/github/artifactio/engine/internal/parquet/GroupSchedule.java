package io.github.artifactio.engine.internal.parquet;

import java.util.function.Supplier;

/**
 * The order in which the chunks of the row groups one write call ends are encoded, and their appending in file order
 * (group by group, columns in schema order). Each thread of a fan-out runs {@link #run} and takes, again and again,
 * the first task in priority order that can start: a column's chunk of group {@code g} can start once its chunk of
 * group {@code g - 1} is appended, because a column has one encoder and it holds one chunk at a time (which bounds a
 * write's heap to one row group of pages). A thread never holds a task it cannot start: with every task claimed in a
 * fixed order and waited for once claimed (as this class's predecessor did), a thread that claimed the next group's
 * heavy column sat idle until the previous group's chunk of it was in the file, while a chunk that could have run
 * waited behind it.
 *
 * <p>The thread that finishes the chunk next in file order appends it, and every following one already finished, with
 * the monitor released, so that the other threads keep claiming and finishing tasks while it writes (appending is
 * some forty milliseconds of a 152 MB write, one thread at a time). One thread appends at a time, so the output is
 * used by one thread at a time, ordered by this monitor.
 *
 * <p>The earliest chunk not yet appended can always start (every chunk before it in the file is appended, its
 * column's previous one among them), so the schedule cannot deadlock, and one thread alone completes it. The order
 * never changes the bytes: each encoder sees its column's groups in order, and chunks are appended in file order.
 */
final class GroupSchedule {
  /** What the schedule drives; {@link StreamingWriter} gives it its encoders and output. */
  interface Work {
    /** Encodes and finishes column {@code column}'s chunk of group {@code group}. */
    void encode(int group, int column, Bytes scratch);

    /** Appends the finished chunk (called in file order, starting and ending each group around its chunks). */
    void append(int group, int column);

    void startGroup(int group);

    void endGroup(int group);
  }

  private final int[][] orders;
  private final int columns;
  private final Work work;
  private final Supplier<RuntimeException> interrupted;
  private final boolean[][] claimed;
  private final boolean[][] done;
  private int unclaimed;
  /** Chunks in the file: those before column {@code next} of group {@code group}. */
  private int group;
  private int next;
  private boolean appending;
  private boolean failed;

  /**
   * {@code orders[g]} is group {@code g}'s columns by priority (each column once); groups go first to last, so a
   * later group's task is taken only when no earlier group's can start. {@code interrupted} is thrown by a thread
   * interrupted while it waits for a task.
   */
  GroupSchedule(int[][] orders, Work work, Supplier<RuntimeException> interrupted) {
    this.orders = orders.clone();
    this.columns = orders.length == 0 ? 0 : orders[0].length;
    this.work = work;
    this.interrupted = interrupted;
    this.claimed = new boolean[orders.length][columns];
    this.done = new boolean[orders.length][columns];
    this.unclaimed = orders.length * columns;
  }

  /** One thread's share: takes tasks until none is left to take; a failure is thrown to the fan-out. */
  void run(Bytes scratch) {
    while (true) {
      int task = take();
      if (task < 0) {
        return;
      }
      int g = task / columns;
      int column = task % columns;
      try {
        work.encode(g, column, scratch);
      } catch (RuntimeException | Error e) {
        fail();
        throw e;
      }
      finished(g, column);
    }
  }

  /** The next task ({@code group * columns + column}), or -1 once every task is taken or one failed. */
  private synchronized int take() {
    while (true) {
      if (failed || unclaimed == 0) {
        return -1;
      }
      for (int g = group; g < orders.length; g++) {
        for (int column : orders[g]) {
          if (!claimed[g][column] && appended(g - 1, column)) {
            claimed[g][column] = true;
            unclaimed--;
            return g * columns + column;
          }
        }
      }
      await(); // every task that could start is running: wait for an append to let another one start
    }
  }

  /** Marks a chunk finished and, unless another thread is appending, appends every chunk now next in file order. */
  private void finished(int g, int column) {
    synchronized (this) {
      done[g][column] = true;
      if (appending || !appendable()) {
        return; // the appending thread finds it when it has written what is before it
      }
      appending = true;
    }
    try {
      while (true) {
        int g0;
        int c0;
        synchronized (this) {
          if (failed || !appendable()) {
            appending = false;
            notifyAll();
            return;
          }
          g0 = group;
          c0 = next;
        }
        if (c0 == 0) {
          work.startGroup(g0);
        }
        work.append(g0, c0);
        if (c0 == columns - 1) {
          work.endGroup(g0);
        }
        synchronized (this) {
          if (++next == columns) {
            group++;
            next = 0;
          }
          notifyAll(); // the column's next chunk may start
        }
      }
    } catch (RuntimeException | Error e) {
      fail();
      throw e;
    }
  }

  private boolean appendable() {
    return group < orders.length && done[group][next];
  }

  /** Whether column {@code column}'s chunk of group {@code g} is in the file (true for {@code g < 0}). */
  private boolean appended(int g, int column) {
    return g < group || (g == group && column < next);
  }

  private synchronized void fail() {
    failed = true;
    notifyAll();
  }

  private void await() {
    try {
      wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed = true;
      notifyAll();
      RuntimeException thrown = interrupted.get();
      thrown.addSuppressed(e);
      throw thrown;
    }
  }

  /**
   * Throws unless every chunk was appended. A thread leaves {@link #run} once every task is taken, and the fan-out
   * returns once every thread has left, so the last finisher's appends are done by then unless a task failed.
   */
  synchronized void checkComplete() {
    if (group != orders.length) {
      throw new IllegalStateException("streamed " + group + " of " + orders.length + " row groups");
    }
  }
}
