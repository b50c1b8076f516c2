package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.column.Column;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The decode tasks of one batch of a parallel {@link Scan}: each column whole, or a heavy column in two parts cut at a
 * page (or row group) boundary, read by two readers into builders of their own and joined by whichever part ends
 * last. The threads claim the tasks largest first (longest processing time first, as Trino and DuckDB schedule
 * splits): with a column in parts, the last tasks claimed are small, so neither thread waits long for the other, where
 * whole columns left one thread decoding the list column while the other had finished.
 */
final class BatchTasks {
  /** A part under this share of the batch is not worth a second reader (and a page's worth of skipping). */
  static final int MIN_PART_DIVISOR = 8;

  private record Task(int column, double cost, Consumer<Column[]> run) {}

  private final List<Task> tasks = new ArrayList<>();
  /** Nanoseconds each column's tasks took, both parts of a cut column together. */
  private final AtomicLongArray spent;

  BatchTasks(int columns) {
    spent = new AtomicLongArray(columns);
  }

  /** Where a batch's rows {@code [0, row)} and {@code [row, need)} part. */
  record Cut(int row, boolean atPage) {
    /**
     * The batch's reads before and after the cut: an op holding the cut in two. {@code atPage}: the cut is a page start
     * inside a row group, so the first part's reader must end its page there; else a row group starts at it.
     */
    List<List<Scan.Op>> split(List<Scan.Op> ops) {
      List<Scan.Op> before = new ArrayList<>();
      List<Scan.Op> after = new ArrayList<>();
      int at = 0;
      for (Scan.Op op : ops) {
        if (at + op.count() <= row) {
          before.add(op);
        } else if (at >= row) {
          after.add(op);
        } else {
          int k = row - at;
          before.add(new Scan.Op(op.group(), op.from(), k));
          after.add(new Scan.Op(op.group(), op.from() + k, op.count() - k));
        }
        at += op.count();
      }
      return List.of(before, after);
    }
  }

  /** Where a column's data pages start in a row group's chunk rows {@code (from, to)}, as far as known unread. */
  interface PageStarts {
    List<Long> within(int group, long from, long to);
  }

  /**
   * The cut of a batch of {@code need} rows ({@code ops}) nearest its middle, at a row group's first row or a page's,
   * or null when none leaves both parts at least an eighth of the batch.
   */
  static Cut cut(List<Scan.Op> ops, int need, PageStarts starts) {
    Cut best = null;
    int at = 0;
    for (int k = 0; k < ops.size(); k++) {
      Scan.Op op = ops.get(k);
      if (k > 0 && op.group() != ops.get(k - 1).group()) {
        best = nearer(best, new Cut(at, false), need);
      }
      for (long start : starts.within(op.group(), op.from(), op.from() + op.count())) {
        best = nearer(best, new Cut(at + (int) (start - op.from()), true), need);
      }
      at += op.count();
    }
    if (best == null || Math.min(best.row, need - best.row) < Math.max(1, need / MIN_PART_DIVISOR)) {
      return null;
    }
    return best;
  }

  private static Cut nearer(Cut best, Cut c, int need) {
    return best == null || Math.abs(2L * c.row - need) < Math.abs(2L * best.row - need) ? c : best;
  }

  /** A column read whole: {@code read} gives its {@code rows} rows. */
  void whole(int column, double cost, IntFunction<Column> read, int rows) {
    tasks.add(new Task(column, cost, out -> out[column] = read.apply(rows)));
  }

  /** Makes a builder of {@code rows} rows, its list items sized for the first {@code filled} of them. */
  interface Builder {
    Builders.Base make(int rows, int filled);
  }

  /**
   * A column read in two parts: {@code readHead} reads the first {@code cut} rows into a builder made for all
   * {@code rows}, {@code readTail} the rest into one of their own, which the part that ends last appends to the first
   * and builds.
   */
  void parts(int column, double cost, int rows, int cut, Consumer<Builders.Base> readHead,
      Consumer<Builders.Base> readTail, Builder builder, Function<Builders.Base, Column> build) {
    Join join = new Join();
    tasks.add(new Task(column, cost * cut / rows, out -> {
      Builders.Base head = builder.make(rows, cut);
      readHead.accept(head);
      join.head = head;
      join.done(out, column, build);
    }));
    tasks.add(new Task(column, cost * (rows - cut) / rows, out -> {
      Builders.Base tail = builder.make(rows - cut, rows - cut);
      readTail.accept(tail);
      join.tail = tail;
      join.done(out, column, build);
    }));
  }

  /** The two parts of a column: the counter orders each part's builder before the join reads it. */
  private static final class Join {
    final AtomicInteger left = new AtomicInteger(2);
    Builders.Base head;
    Builders.Base tail;

    void done(Column[] out, int column, Function<Builders.Base, Column> build) {
      if (left.decrementAndGet() == 0) {
        head.append(tail);
        out[column] = build.apply(head);
      }
    }
  }

  /** The tasks, largest first; equal ones in column order. */
  BatchTasks ordered() {
    tasks.sort(Comparator.comparingDouble(Task::cost).reversed().thenComparingInt(Task::column));
    return this;
  }

  int size() {
    return tasks.size();
  }

  /** Runs task {@code t}, which fills its column's place in {@code out} (the second part of a column, the join). */
  void run(int t, Column[] out) {
    long start = System.nanoTime();
    Task task = tasks.get(t);
    task.run.accept(out);
    spent.addAndGet(task.column, System.nanoTime() - start);
  }

  /** Nanoseconds column {@code column}'s tasks took (once they ran). */
  long spent(int column) {
    return spent.get(column);
  }
}
