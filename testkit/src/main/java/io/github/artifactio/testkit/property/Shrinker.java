package io.github.artifactio.testkit.property;

import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Shrinks a failing choice sequence: deletes spans (with and without lowering the choice that sized them), deletes and
 * zeroes blocks, and lowers single choices by binary search, keeping every candidate that still fails in the same way
 * and is simpler (shorter, or as long and lexicographically smaller), until a round changes nothing or the budget of
 * runs is spent.
 */
final class Shrinker<T> {
  /** The outcome of running a candidate: its actual choices, spans, value and failure (null when it passed). */
  record Run<T>(long[] choices, List<int[]> spans, T value, Throwable failure) {}

  private final BiFunction<long[], List<int[]>, Run<T>> runner;
  private final Class<? extends Throwable> failureClass;
  private final int budget;
  private final long deadline;
  private Run<T> best;
  private int runs;
  private int improvements;

  /** {@code runner} replays choices, along the given spans when they are not null. */
  Shrinker(BiFunction<long[], List<int[]>, Run<T>> runner, Run<T> failing, int budget, long deadlineNanos) {
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
      changed |= lowerChoices(64); // the structure first: sizes and row counts are drawn early
      changed |= deleteSpans();
      changed |= lowerChoices(Integer.MAX_VALUE);
      changed |= deleteBlocks();
      changed |= zeroBlocks();
      changed |= redistribute();
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
    int rank = 0; // spans ranked before this one were tried (on an earlier version of the sequence)
    for (int pass = 0;; pass++) {
      List<int[]> spans = best.spans();
      Integer[] order = new Integer[spans.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Integer.compare(len(spans.get(b)), len(spans.get(a))));
      boolean improved = false;
      for (; rank < order.length; rank++) {
        int idx = order[rank];
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
      for (int i = 0; i + k <= best.choices().length;) {
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
        if (nonZero && tryCandidate(c, best.spans())) {
          any = true;
        }
      }
    }
    return any;
  }

  /** Lowers each choice to the smallest value that still fails, by trying 0, then v-1, then a binary search. */
  private boolean lowerChoices(int limit) {
    boolean any = false;
    for (int i = 0; i < Math.min(limit, best.choices().length); i++) {
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

  /**
   * Moves value from a choice to a later one nearby (all of it, then half): a sum spread over several elements
   * gathers in fewer, which the deletion passes then remove.
   */
  private boolean redistribute() {
    boolean any = false;
    for (int i = 0; i < best.choices().length; i++) {
      for (int j = i + 1; j < Math.min(best.choices().length, i + 9); j++) {
        if (exhausted()) {
          return any;
        }
        long[] c = best.choices();
        if (c[i] == 0) {
          break;
        }
        for (long d : new long[] {c[i], c[i] / 2}) {
          if (d == 0 || c[j] > Long.MAX_VALUE - d) {
            continue;
          }
          long[] moved = c.clone();
          moved[i] -= d;
          moved[j] += d;
          if (tryCandidate(moved, best.spans())) {
            any = true;
            break;
          }
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
    return tryCandidate(c, best.spans());
  }

  /** Runs {@code candidate}; keeps it when it fails the same way and is simpler than the best so far. */
  private boolean tryCandidate(long[] candidate) {
    return tryCandidate(candidate, null);
  }

  private boolean tryCandidate(long[] candidate, List<int[]> spans) {
    if (!simpler(candidate, best.choices())) {
      return false;
    }
    runs++;
    Run<T> r = runner.apply(candidate, spans);
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
