package io.github.artifactio.checks.rules;

import java.util.List;

/**
 * One column of a declared sort order ({@code sorting_columns}), comparing rows of {@link KeyValues} as Parquet's sort
 * orders do: signed integers, unsigned for UInt32, floating point numerically (-0.0 equals 0.0), booleans false first,
 * strings by their UTF-8 bytes, unsigned.
 */
record SortKey(String column, boolean descending, boolean nullsFirst) {
  /** {@code a descending nulls first, b ascending nulls last}: how messages name a declared order. */
  static String describe(List<SortKey> keys) {
    StringBuilder b = new StringBuilder();
    for (SortKey k : keys) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(k.column).append(k.descending ? " descending" : " ascending")
          .append(k.nullsFirst ? " nulls first" : " nulls last");
    }
    return b.toString();
  }

  /**
   * Negative when row {@code i} of {@code a} sorts before row {@code j} of {@code b} under this key, 0 when they tie,
   * positive when after. Nulls go where {@code nullsFirst} puts them, not flipped by the direction (Parquet's
   * {@code nulls_first} is absolute).
   */
  int compare(KeyValues a, int i, KeyValues b, int j) {
    boolean na = a.isNull(i);
    boolean nb = b.isNull(j);
    if (na || nb) {
      if (na && nb) {
        return 0;
      }
      return (na ? -1 : 1) * (nullsFirst ? 1 : -1);
    }
    int c = a.compare(i, b, j);
    return descending ? -c : c;
  }

  /** Whether row {@code i} holds NaN (only floating-point columns can). */
  static boolean isNaN(KeyValues c, int i) {
    return c.isNaN(i);
  }

  /** Row {@code i} as a message shows it. */
  static String text(KeyValues c, int i) {
    return c.text(i);
  }
}
