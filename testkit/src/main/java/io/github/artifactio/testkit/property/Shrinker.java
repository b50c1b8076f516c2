package io.github.artifactio.testkit.property;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Shrinks a failing choice sequence: deletes spans (with and without lowering the choice that sized them), deletes and
 * zeroes blocks, and lowers single choices by binary search, keeping every candidate that still fails in the same way
 * and is simpler (shorter, or as long and lexicographically smaller), until a round changes nothing or the budget of
 * runs is spent.
 */
final class Shrinker<T> {
  /** The outcome of running a candidate: its actual choices, spans, value and failure (null when it passed). */
  record Run<T>(long[] choices, List<int[]> spans, T value, Throwable failure) {}

  private final Function<long[], Run<T>> runner;
  private final Class<? extends Throwable> failureClass;
  private final int budget;
  private final long deadline;
  private Run<T> best;
  private int runs;
  private int improvements;

  Shrinker(Function<long[], Run<T>> runner, Run<T> failing, int budget, long deadlineNanos) {
    this.runner = runner;
    this.best = failing;
    this.failureClass = failing.failure().getClass();
    this.budget = budget;
    this.deadline = deadlineNanos;
  }

  Run<T> shrink() {
    boolean changed = true;
    while (changed && !exhausted()) {
      changed = false;
      changed |= deleteSpans();
      changed |= deleteBlocks();
      changed |= lowerChoices();
      changed |= zeroBlocks();
    }
    return best;
  }

  int runs() {
    return runs;
  }

  int improvements() {
    return improvements;
  }

  private boolean exhausted() {
    return runs >= budget || System.nanoTime() > deadline;
  }

  /** Deletes each span, largest first; also tries lowering by one the first choice of its parent (a list's size). */
  private boolean deleteSpans() {
    boolean any = false;
    for (int pass = 0; ; pass++) {
      List<int[]> spans = best.spans();
      Integer[] order = new Integer[spans.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Integer.compare(len(spans.get(b)), len(spans.get(a))));
      boolean improved = false;
      for (int idx : order) {
        if (exhausted()) {
          return any;
        }
        int[] sp = spans.get(idx);
        if (len(sp) == 0 || sp[1] > best.choices().length) {
          continue;
        }
        long[] c = best.choices();
        long[] deleted = delete(c, sp[0], sp[1]);
        if (tryCandidate(deleted)) {
          improved = true;
          break;
        }
        int parent = sp[2];
        if (parent >= 0) {
          // a list draws its size first: try each of the parent's leading choices one lower
          int from = spans.get(parent)[0];
          for (int at = from; at < Math.min(sp[0], from + 4) && !improved; at++) {
            if (c[at] > 0) {
              long[] lowered = deleted.clone();
              lowered[at]--;
              improved = tryCandidate(lowered);
            }
          }
          if (improved) {
            break;
          }
        }
      }
      if (!improved) {
        return any;
      }
      any = true;
    }
  }

  private boolean deleteBlocks() {
    boolean any = false;
    for (int k : new int[] {8, 4, 2, 1}) {
      for (int i = 0; i + k <= best.choices().length; ) {
        if (exhausted()) {
          return any;
        }
        if (tryCandidate(delete(best.choices(), i, i + k))) {
          any = true;
        } else {
          i++;
        }
      }
    }
    return any;
  }

  private boolean zeroBlocks() {
    boolean any = false;
    for (int k : new int[] {8, 4, 2}) {
      for (int i = 0; i + k <= best.choices().length; i++) {
        if (exhausted()) {
          return any;
        }
        long[] c = best.choices().clone();
        boolean nonZero = false;
        for (int j = i; j < i + k; j++) {
          nonZero |= c[j] != 0;
          c[j] = 0;
        }
        if (nonZero && tryCandidate(c)) {
          any = true;
        }
      }
    }
    return any;
  }

  /** Lowers each choice to the smallest value that still fails, by trying 0, then v-1, then a binary search. */
  private boolean lowerChoices() {
    boolean any = false;
    for (int i = 0; i < best.choices().length; i++) {
      if (exhausted()) {
        return any;
      }
      long v = best.choices()[i];
      if (v == 0) {
        continue;
      }
      if (tryValue(i, 0)) {
        any = true;
        continue;
      }
      if (!tryValue(i, v - 1)) {
        continue;
      }
      any = true;
      long lo = 0; // passes (or is invalid)
      long hi = v - 1; // fails
      while (hi - lo > 1 && !exhausted() && i < best.choices().length) {
        long mid = lo + (hi - lo) / 2;
        if (tryValue(i, mid)) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
    }
    return any;
  }

  private boolean tryValue(int i, long value) {
    if (i >= best.choices().length) {
      return false;
    }
    long[] c = best.choices().clone();
    c[i] = value;
    return tryCandidate(c);
  }

  /** Runs {@code candidate}; keeps it when it fails the same way and is simpler than the best so far. */
  private boolean tryCandidate(long[] candidate) {
    if (!simpler(candidate, best.choices())) {
      return false;
    }
    runs++;
    Run<T> r = runner.apply(candidate);
    if (r == null || r.failure() == null || r.failure().getClass() != failureClass) {
      return false;
    }
    if (!simpler(r.choices(), best.choices())) {
      return false;
    }
    best = r;
    improvements++;
    return true;
  }

  /** Shortlex order: fewer choices, or as many and lexicographically smaller. */
  static boolean simpler(long[] a, long[] b) {
    if (a.length != b.length) {
      return a.length < b.length;
    }
    return Arrays.compare(a, b) < 0;
  }

  private static int len(int[] span) {
    return span[1] - span[0];
  }

  private static long[] delete(long[] c, int from, int to) {
    long[] out = new long[c.length - (to - from)];
    System.arraycopy(c, 0, out, 0, from);
    System.arraycopy(c, to, out, from, c.length - to);
    return out;
  }
}
