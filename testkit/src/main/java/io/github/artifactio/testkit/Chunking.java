package io.github.artifactio.testkit;

import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a stage splits the rows it writes into chunks, for a table of any length: one chunk, one row per chunk, or cuts
 * at fixed fractions of the row count (equal cuts give empty chunks), with an empty chunk first or last now and then.
 */
public final class Chunking {
  private final boolean perRow;
  private final double[] cuts;
  private final boolean emptyFirst;
  private final boolean emptyLast;

  private Chunking(boolean perRow, double[] cuts, boolean emptyFirst, boolean emptyLast) {
    this.perRow = perRow;
    this.cuts = cuts.clone();
    Arrays.sort(this.cuts);
    this.emptyFirst = emptyFirst;
    this.emptyLast = emptyLast;
  }

  /** Every row in one chunk. */
  public static Chunking whole() {
    return new Chunking(false, new double[0], false, false);
  }

  /** One row per chunk. */
  public static Chunking perRow() {
    return new Chunking(true, new double[0], false, false);
  }

  /** Cuts at the given fractions of the row count (each in [0, 1]). */
  public static Chunking cutAt(double... fractions) {
    for (double f : fractions) {
      if (!(f >= 0 && f <= 1)) {
        throw new IllegalArgumentException("a cut must be a fraction in [0, 1] but was " + f);
      }
    }
    return new Chunking(false, fractions, false, false);
  }

  /** The same chunking with an empty chunk before the first and after the last. */
  public Chunking withEmptyEnds(boolean first, boolean last) {
    return new Chunking(perRow, cuts, first, last);
  }

  /** Chunkings: mostly cuts (up to 8, empty chunks included), sometimes whole or per row; shrinks to whole. */
  public static Gen<Chunking> chunkings() {
    Gen<Chunking> cut = s -> {
      List<Integer> at = s.draw(Gens.integers(0, 1000).list(1, 8));
      double[] f = at.stream().mapToDouble(x -> x / 1000.0).toArray();
      return cutAt(f).withEmptyEnds(s.weighted(0.2), s.weighted(0.2));
    };
    return Gens.frequency(
        Gens.weighted(2, Gens.constant(whole())), Gens.weighted(1, Gens.constant(perRow())), Gens.weighted(6, cut));
  }

  /** The chunk sizes for {@code rows} rows (one row per chunk is capped at 100,000 chunks, then cut evenly). */
  public int[] sizes(int rows) {
    List<Integer> out = new ArrayList<>();
    if (emptyFirst) {
      out.add(0);
    }
    if (perRow) {
      int per = Math.max(1, (rows + 99_999) / 100_000);
      for (int start = 0; start < rows; start += per) {
        out.add(Math.min(per, rows - start));
      }
      if (rows == 0) {
        out.add(0);
      }
    } else {
      int prev = 0;
      for (double c : cuts) {
        int p = (int) Math.floor(c * rows);
        out.add(p - prev);
        prev = p;
      }
      out.add(rows - prev);
    }
    if (emptyLast) {
      out.add(0);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Chunkings are values: equal when they cut any table alike. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Chunking c && perRow == c.perRow && Arrays.equals(cuts, c.cuts) && emptyFirst == c.emptyFirst
        && emptyLast == c.emptyLast;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(perRow, Arrays.hashCode(cuts), emptyFirst, emptyLast);
  }

  @Override
  public String toString() {
    String body = perRow ? "one row per chunk" : cuts.length == 0 ? "one chunk" : "cuts at " + Arrays.toString(cuts);
    return body + (emptyFirst ? ", empty chunk first" : "") + (emptyLast ? ", empty chunk last" : "");
  }
}
