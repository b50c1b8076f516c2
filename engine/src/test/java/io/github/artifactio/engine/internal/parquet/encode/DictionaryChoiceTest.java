package io.github.artifactio.engine.internal.parquet.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The dictionary decision from a chunk's first values. */
class DictionaryChoiceTest {
  static final long MIB = 1 << 20;

  /** The distinct count of {@code n} longs drawn from {@code domain} equally likely values. */
  static int distinct(long seed, int n, long domain) {
    SplittableRandom r = new SplittableRandom(seed);
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < n; i++) {
      seen.add(r.nextLong(domain));
    }
    return seen.size();
  }

  @Test
  void a_sample_without_a_repeat_never_pays_whatever_the_page() {
    assertFalse(DictionaryChoice.pays(4096, 4096, 4096 * 8, 4096 * 8, 20_000, MIB));
    assertFalse(DictionaryChoice.pays(3, 3, 24, 24, 3, MIB));
  }

  @Test
  void a_constant_or_low_cardinality_sample_pays() {
    assertTrue(DictionaryChoice.pays(4096, 1, 4096 * 8, 8, 20_000, MIB));
    assertTrue(DictionaryChoice.pays(4096, 200, 4096 * 8, 200 * 8, 20_000, MIB));
    assertTrue(DictionaryChoice.pays(30, 20, 240, 160, 30, MIB), "a whole 30-value page with 10 repeats, as today");
  }

  @Test
  void the_sample_is_extrapolated_to_its_page_so_a_bounded_domain_pays_where_the_sample_alone_would_not() {
    // 4096 longs from 10,000 values: about 3,400 distinct, a dictionary the sample alone does not pay for; over a
    // page of 20,000 values from the same 10,000 it does (about 8,650 entries and 14-bit ids against 8-byte values)
    int d = distinct(1, 4096, 10_000);
    assertTrue(d > 3_300 && d < 3_500, "distinct " + d);
    assertFalse(DictionaryChoice.pays(4096, d, 4096 * 8, d * 8L, 4096, MIB), "the sample judged as a page");
    assertTrue(DictionaryChoice.pays(4096, d, 4096 * 8, d * 8L, 20_000, MIB), "extrapolated to its page");
    double expected = DictionaryChoice.distinct(4096, d, 20_000);
    assertEquals(8_650, expected, 300, "the page's expected distinct count");
    // a near-unique domain: a few repeats in the sample extrapolate to a page of mostly new values
    int wide = distinct(2, 4096, 1_000_000);
    assertTrue(wide > 4080, "distinct " + wide);
    assertFalse(DictionaryChoice.pays(4096, wide, 4096 * 8, wide * 8L, 20_000, MIB));
  }

  @Test
  void a_dictionary_that_would_pass_its_limit_never_pays() {
    assertTrue(DictionaryChoice.pays(4096, 200, 4096 * 8, 200 * 8, 20_000, 1601));
    assertFalse(DictionaryChoice.pays(4096, 200, 4096 * 8, 200 * 8, 20_000, 1599));
  }

  @Test
  void the_extrapolation_is_the_same_every_time() {
    double a = DictionaryChoice.distinct(4096, 3391, 131_072);
    double b = DictionaryChoice.distinct(4096, 3391, 131_072);
    assertEquals(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b));
    assertTrue(a > 3391 && a <= 131_072);
  }
}
