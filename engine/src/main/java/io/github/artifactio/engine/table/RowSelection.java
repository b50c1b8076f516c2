package io.github.artifactio.engine.table;

import java.util.Arrays;

/**
 * Which rows of a handle a read keeps, as runs: {@code rows[i]} consecutive rows, kept where {@code keep[i]}. The runs
 * start at the handle's first row; rows past the last run are not kept. On a handle opened with the offset index, a
 * data page holding no kept row is neither read nor decompressed.
 */
public final class RowSelection {
  private final long[] rows;
  private final boolean[] keep;
  private final long covered;
  private final long kept;

  private RowSelection(long[] rows, boolean[] keep) {
    if (rows.length != keep.length) {
      throw new IllegalArgumentException(
          "a selection needs one keep flag per run: " + rows.length + " runs, " + keep.length + " flags");
    }
    long c = 0;
    long k = 0;
    for (int i = 0; i < rows.length; i++) {
      if (rows[i] < 0) {
        throw new IllegalArgumentException("selection run " + i + " has " + rows[i] + " rows");
      }
      c += rows[i];
      k += keep[i] ? rows[i] : 0;
    }
    this.rows = rows.clone();
    this.keep = keep.clone();
    this.covered = c;
    this.kept = k;
  }

  /** A selection from (rows, keep) runs. */
  public static RowSelection runs(long[] rows, boolean[] keep) {
    return new RowSelection(rows, keep);
  }

  /** The rows whose flag is set, as runs. */
  public static RowSelection ofMask(boolean[] mask) {
    long[] r = new long[mask.length];
    boolean[] k = new boolean[mask.length];
    int n = 0;
    for (int i = 0; i < mask.length;) {
      int j = i;
      while (j < mask.length && mask[j] == mask[i]) {
        j++;
      }
      r[n] = j - i;
      k[n++] = mask[i];
      i = j;
    }
    return new RowSelection(Arrays.copyOf(r, n), Arrays.copyOf(k, n));
  }

  /** The rows the runs cover. */
  public long coveredRows() {
    return covered;
  }

  /** The rows kept. */
  public long keptRows() {
    return kept;
  }

  /** Kept ranges as {starts, ends}, offset by {@code first}, merged where adjacent. */
  long[][] ranges(long first) {
    long[] s = new long[rows.length];
    long[] e = new long[rows.length];
    int n = 0;
    long at = first;
    for (int i = 0; i < rows.length; i++) {
      if (keep[i] && rows[i] > 0) {
        if (n > 0 && e[n - 1] == at) {
          e[n - 1] += rows[i];
        } else {
          s[n] = at;
          e[n++] = at + rows[i];
        }
      }
      at += rows[i];
    }
    return new long[][] {Arrays.copyOf(s, n), Arrays.copyOf(e, n)};
  }

  @Override
  public String toString() {
    return "RowSelection[" + rows.length + " runs, " + kept + " of " + covered + " rows kept]";
  }
}
