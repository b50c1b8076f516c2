package io.github.artifactio.engine.internal.parquet.encode;

/**
 * Whether a dictionary pays for a column chunk, judged from a sample of its first values before a dictionary is
 * built: the chunk's first {@value #SAMPLE} non-null values (or its whole first page, when that ends sooner).
 *
 * <p>The sample's distinct count {@code d} of {@code n} values is extrapolated to the page the sample starts, of
 * {@code N} values: with the values drawn from {@code K} equally likely ones, {@code d = K (1 - e^(-n/K))}; {@code K}
 * is solved from the sample and gives the page's expected distinct count {@code K (1 - e^(-N/K))}. A sample without a
 * repeat extrapolates to a page without one. The dictionary pays when the page's dictionary-encoded size (the
 * dictionary page plus the bit-packed ids) is under its PLAIN size and the dictionary fits its limit: the rule
 * parquet-java applied to a whole first page after building its dictionary, applied here to the sample before any is
 * built, so a near-unique column never builds one. Computed with {@link StrictMath}, so any JVM decides alike.
 */
public final class DictionaryChoice {
  /** The sample: non-null values at the start of each column chunk. */
  public static final int SAMPLE = 4096;

  private DictionaryChoice() {}

  /**
   * @param n sampled values
   * @param d distinct among them
   * @param plainBytes their PLAIN size
   * @param distinctBytes the PLAIN size of the distinct ones (the dictionary page they would make)
   * @param pageValues the values the page is expected to hold ({@code >= n}; {@code n} when the sample is the page)
   * @param limit the dictionary page's byte limit
   */
  static boolean pays(int n, int d, long plainBytes, long distinctBytes, long pageValues, long limit) {
    if (n == 0) {
      return false;
    }
    long big = Math.max(n, pageValues);
    double expected = d == n ? big : distinct(n, d, big);
    double dictionary = expected * ((double) distinctBytes / d);
    double ids = 1 + Math.ceil(big * (double) HybridEncoder.bitWidth((int) Math.ceil(expected) - 1) / 8);
    double plain = big * ((double) plainBytes / n);
    return dictionary <= limit && dictionary + ids < plain;
  }

  /** The expected distinct count among {@code big} values, given {@code d} distinct among the first {@code n}. */
  static double distinct(int n, int d, long big) {
    if (big == n) {
      return d;
    }
    // d(K) = K (1 - e^(-n/K)) grows with K from ~n/... to n: bisect on K in [d, 2^50]
    double lo = d;
    double hi = 0x1p50;
    for (int i = 0; i < 200 && hi - lo > 1e-6 * lo; i++) {
      double mid = StrictMath.sqrt(lo * hi);
      if (mid * -StrictMath.expm1(-n / mid) < d) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double k = StrictMath.sqrt(lo * hi);
    return Math.min(big, k * -StrictMath.expm1(-big / k));
  }
}
