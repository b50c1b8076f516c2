package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The encoding of the chunks of the row groups one write call ends, by the threads of a fan-out, and their appending
 * in file order (group by group, columns in schema order). Each thread runs {@link #run} and takes, again and again,
 * the earliest chunk in the file that can start: a column's chunk of group {@code g} can start once its chunk of
 * group {@code g - 1} is appended, because a column has one encoder and it holds one chunk at a time (which bounds a
 * write's heap to one row group of pages). A thread never holds a task it cannot start: with every task claimed in a
 * fixed order and waited for once claimed (as this class's predecessor did), a thread that claimed the next group's
 * heavy column sat idle until the previous group's chunk of it was in the file, while a chunk that could have run
 * waited behind it.
 *
 * <p>File order, rather than heaviest column first, because the chunk next in the file writes its pages as it cuts
 * them ({@link Work#encode}'s {@code headOfLine}): the device gets bytes while the columns encode instead of a row
 * group's heavy chunks at once when they end, and the sync before publication has less left to wait for. Measured on
 * the write benchmark's table (two row groups, two threads, paired with the one-thread write in one JVM): durable
 * 0.52x the one-thread write in file order, 0.54-0.59x heaviest first; without sync 0.56x against 0.59x.
 *
 * <p>The thread that finishes the chunk next in the file appends it, and every following one already finished, with
 * the monitor released, so that the other threads keep claiming and finishing tasks while it writes. One thread
 * writes at a time (the appender, or the thread whose chunk is next and streams), so the output is used by one thread
 * at a time, ordered by this monitor.
 *
 * <p>The earliest chunk not yet appended can always start (every chunk before it in the file is appended, its
 * column's previous one among them), so the schedule cannot deadlock, and one thread alone completes it: it then
 * encodes and appends the chunks one after another in file order, as the serial writer always did. The schedule
 * never changes the bytes: each encoder sees its column's groups in order, and chunks are appended in file order.
 */
final class GroupSchedule {
  /** What the schedule drives; {@link StreamingWriter} gives it its encoders and output. */
  interface Work {
    /**
     * Encodes and finishes column {@code column}'s chunk of group {@code group}. Once {@code headOfLine} says so, the
     * chunk is next in the file and nothing else writes there until it is finished: its pages may go to the file as
     * they are cut (then {@link #append} writes the rest).
     */
    void encode(int group, int column, Bytes scratch, BooleanSupplier headOfLine);

    /** Appends the finished chunk (called in file order, each group started before its first byte and ended after). */
    void append(int group, int column);

    void startGroup(int group);

    void endGroup(int group);
  }

  private final int groups;
  private final int columns;
  private final Work work;
  private final Supplier<RuntimeException> interrupted;
  private final boolean[][] claimed;
  private final boolean[][] done;
  private int unclaimed;
  /** Chunks in the file: those before column {@code next} of group {@code group}. */
  private int group;
  private int next;
  /** Groups started in the output. */
  private int started;
  private boolean appending;
  private boolean failed;

  /**
   * A schedule of {@code groups} row groups of {@code columns} chunks; a thread interrupted while it waits for a task
   * throws {@code interrupted}'s exception.
   */
  GroupSchedule(int groups, int columns, Work work, Supplier<RuntimeException> interrupted) {
    this.groups = groups;
    this.columns = columns;
    this.work = work;
    this.interrupted = interrupted;
    this.claimed = new boolean[groups][columns];
    this.done = new boolean[groups][columns];
    this.unclaimed = groups * columns;
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
        work.encode(g, column, scratch, () -> headOfLine(g, column));
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
      for (int g = group; g < groups; g++) {
        for (int column = 0; column < columns; column++) {
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
        startGroup(g0);
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

  /**
   * Whether column {@code column}'s chunk of group {@code g} is next in the file with nobody appending. Once true it
   * stays so until the chunk is finished: only a finished chunk next in the file starts an append.
   */
  private synchronized boolean headOfLine(int g, int column) {
    if (failed || appending || group != g || next != column) {
      return false;
    }
    startGroup(g);
    return true;
  }

  /** Starts group {@code g} in the output unless it is started; called only by the thread that may write there. */
  private void startGroup(int g) {
    if (started == g) {
      work.startGroup(g);
      started++;
    }
  }

  private boolean appendable() {
    return group < groups && done[group][next];
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
    if (group != groups) {
      throw new IllegalStateException("streamed " + group + " of " + groups + " row groups");
    }
  }
}
