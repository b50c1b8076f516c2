package io.github.artifactio.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.testkit.Ci;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class PropertyTest {
  @Test
  void a_list_holding_a_value_over_100_shrinks_to_the_list_of_101() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Gens.integers(0, 10_000).list(0, 30)).seed(42).tries(500)
            .check(l -> assertTrue(l.stream().allMatch(x -> x <= 100))));
    assertEquals(List.of(101), e.counterexample());
  }

  @Test
  void a_pair_whose_first_is_greater_shrinks_to_neighbours_next_to_zero() {
    Gen<int[]> pairs = Gens.integers(-1000, 1000).zip(Gens.integers(-1000, 1000), (a, b) -> new int[] {a, b});
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(pairs).seed(7).describedBy(p -> "(" + p[0] + ", " + p[1] + ")")
            .check(p -> assertTrue(p[0] <= p[1], "a > b")));
    int[] p = (int[]) e.counterexample();
    // (0, -1) is the simplest choice sequence: both magnitudes 0, only the second sign set
    assertEquals("(0, -1)", "(" + p[0] + ", " + p[1] + ")");
  }

  @Test
  void a_string_with_a_non_ascii_character_shrinks_to_that_one_character() {
    PropertyFailedError e =
        assertThrows(PropertyFailedError.class, () -> Property.forAll(Gens.strings(0, 40)).seed(3).tries(300)
            .check(s -> assertTrue(s.chars().allMatch(c -> c < 128 && c > 0), s)));
    String shrunk = (String) e.counterexample();
    assertTrue(shrunk.equals("\u0000") || shrunk.equals("\u00a0"), "shrunk to " + shrunk.codePoints().boxed().toList());
  }

  @Test
  void a_list_with_a_minimum_size_shrinks_to_that_many_zeros() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Gens.longs(-50, 50).list(3, 40)).seed(11).check(l -> {
          throw new IllegalStateException("always");
        }));
    assertEquals(List.of(0L, 0L, 0L), e.counterexample());
  }

  @Test
  void a_sum_over_a_bound_shrinks_to_few_elements_summing_just_past_it() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Gens.integers(0, 100).list(0, 50)).seed(5).tries(500)
            .check(l -> assertTrue(l.stream().mapToInt(Integer::intValue).sum() <= 150)));
    @SuppressWarnings("unchecked")
    List<Integer> l = (List<Integer>) e.counterexample();
    assertEquals(151, l.stream().mapToInt(Integer::intValue).sum(), "shrunk to " + l);
    assertTrue(l.size() <= 3, "shrunk to " + l);
  }

  @Test
  void the_failure_message_names_the_shrunk_and_original_values_the_seed_and_how_to_replay() {
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Gens.integers(0, 1_000_000)).named("small").seed(1234).edgeCaseTries(0)
            .check(x -> assertTrue(x < 500, "too big")));
    String m = e.getMessage();
    assertTrue(m.startsWith("property \"small\" failed on try "), m);
    assertTrue(m.contains("shrunk counterexample ("), m);
    assertTrue(m.contains("): 500\n"), m);
    assertTrue(m.contains("original counterexample: " + e.original() + "\n"), m);
    assertTrue(m.contains("failure: org.opentest4j.AssertionFailedError: too big"), m);
    assertTrue(m.contains("replay: .seed(1234L) or -Dartifact-io.seed=1234"), m);
    assertEquals(1234, e.seed());
    assertEquals(500, e.counterexample());
    assertTrue(e.getCause() instanceof AssertionFailedError);
  }

  @Test
  void the_same_seed_replays_the_same_values_and_the_same_failure() {
    List<List<Double>> first = new ArrayList<>();
    List<List<Double>> second = new ArrayList<>();
    Gen<List<Double>> gen = Gens.doubles().list(0, 10);
    Property.forAll(gen).seed(99).tries(50).check(first::add);
    Property.forAll(gen).seed(99).tries(50).check(second::add);
    assertEquals(first.toString(), second.toString());
    Property.forAll(gen).seed(100).tries(50).check(second::add);
    assertFalse(second.subList(50, 100).toString().equals(first.toString()));

    PropertyFailedError a = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(gen).seed(8).check(l -> assertTrue(l.size() < 4)));
    PropertyFailedError b = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(gen).seed(8).check(l -> assertTrue(l.size() < 4)));
    assertEquals(a.getMessage(), b.getMessage());
  }

  @Test
  void the_seed_system_property_fixes_the_seed_of_a_property_that_sets_none() {
    String old = System.getProperty(Property.SEED_PROPERTY);
    System.setProperty(Property.SEED_PROPERTY, "77");
    try {
      PropertyReport r = Property.forAll(Gens.booleans()).tries(3).check(b -> {});
      assertEquals(77, r.seed());
    } finally {
      if (old == null) {
        System.clearProperty(Property.SEED_PROPERTY);
      } else {
        System.setProperty(Property.SEED_PROPERTY, old);
      }
    }
  }

  @Test
  void the_first_try_is_the_simplest_value_and_edge_cases_dominate_the_next_tries() {
    List<Integer> edges = List.of(-1000, 1000, 0, 1, -1, 2);
    int earlyEdges = 0;
    int lateEdges = 0;
    for (long seed = 0; seed < 20; seed++) {
      List<Integer> seen = new ArrayList<>();
      Property.forAll(Gens.integers(-1000, 1000)).seed(seed).tries(111).check(seen::add);
      assertEquals(0, seen.get(0));
      earlyEdges += (int) seen.subList(1, 11).stream().filter(edges::contains).count();
      lateEdges += (int) seen.subList(11, 111).stream().filter(edges::contains).count();
    }
    assertTrue(earlyEdges >= 0.6 * 200, "edge cases in tries 2-11: " + earlyEdges + " of 200");
    assertTrue(lateEdges <= 0.3 * 2000, "edge cases in tries 12-111: " + lateEdges + " of 2000");
  }

  @Test
  void the_double_generator_produces_nan_payloads_negative_zero_infinities_and_subnormals() {
    Property.forAll(Gens.doubles()).seed(1).tries(2000)
        .cover(0.5, "NaN with a non-canonical payload",
            d -> Double.isNaN(d) && Double.doubleToRawLongBits(d) != 0x7ff8000000000000L)
        .cover(0.5, "canonical NaN", d -> Double.doubleToRawLongBits(d) == 0x7ff8000000000000L)
        .cover(0.5, "-0.0", d -> Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(-0.0))
        .cover(0.5, "infinite", d -> Double.isInfinite(d))
        .cover(0.5, "subnormal", d -> d != 0 && Math.abs(d) < Double.MIN_NORMAL)
        .cover(0.5, "extreme", d -> Math.abs(d) == Double.MAX_VALUE)
        .cover(20, "ordinary finite", d -> Double.isFinite(d) && Math.abs(d) > 1e-300)
        .check(d -> {});
    Property.forAll(Gens.floats()).seed(1).tries(2000)
        .cover(0.5, "NaN with a non-canonical payload",
            f -> Float.isNaN(f) && Float.floatToRawIntBits(f) != 0x7fc00000)
        .cover(0.5, "-0.0f", f -> Float.floatToRawIntBits(f) == 0x80000000)
        .cover(0.5, "subnormal", f -> f != 0 && Math.abs(f) < Float.MIN_NORMAL)
        .check(f -> {});
  }

  @Test
  void a_coverage_requirement_that_is_not_met_fails_the_run_and_reports_the_rates() {
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> Property.forAll(Gens.integers(0, 1000)).seed(2).tries(200)
            .cover(50, "over 900", x -> x > 900)
            .check(x -> {}));
    assertFalse(e instanceof PropertyFailedError);
    assertTrue(e.getMessage().contains("\"over 900\" was "), e.getMessage());
    assertTrue(e.getMessage().contains("required at least 50.00%"), e.getMessage());
  }

  @Test
  void collect_counts_each_label_and_the_report_gives_percentages() {
    PropertyReport r = Property.forAll(Gens.integers(0, 1)).seed(4).tries(400).edgeCaseTries(0)
        .collect(x -> x == 0 ? "zero" : "one")
        .cover(30, "one")
        .check(x -> {});
    assertEquals(400, r.tries());
    assertEquals(100.0, r.percent("zero") + r.percent("one"), 1e-9);
    assertTrue(r.render().contains("%  zero"), r.render());
  }

  @Test
  void frequency_follows_the_weights_and_shrinks_to_the_first_alternative() {
    Gen<String> g = Gens.frequency(Gens.weighted(1, Gens.constant("a")), Gens.weighted(9, Gens.constant("b")));
    PropertyReport r = Property.forAll(g).seed(5).tries(1000).collect(x -> x).check(x -> {});
    assertTrue(r.percent("b") > 80, r.render());
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(g.zip(Gens.integers(0, 9), (x, i) -> x + i)).seed(5)
            .check(x -> assertTrue(x.endsWith("0"))));
    assertEquals("a1", e.counterexample());
  }

  @Test
  void a_filter_that_rejects_everything_fails_with_a_discard_message() {
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> Property.forAll(Gens.integers(0, 10).filter(x -> x > 10, 5)).seed(1).tries(20).check(x -> {}));
    assertTrue(e.getMessage().contains("discarded"), e.getMessage());
  }

  @Test
  void assume_discards_a_try_without_failing_it() {
    PropertyReport r = Property.forAll(Gens.integers(0, 9)).seed(1).tries(50).check(x -> {
      Property.assume(x % 2 == 0);
      assertEquals(0, x % 2);
    });
    assertEquals(50, r.tries());
    assertTrue(r.discarded() > 0);
  }

  @Test
  void flat_map_and_filter_shrink_through_the_choices() {
    Gen<List<Integer>> sized = Gens.integers(1, 20).flatMap(n -> Gens.integers(0, 1000).list(n, n));
    PropertyFailedError e =
        assertThrows(PropertyFailedError.class, () -> Property.forAll(sized.filter(l -> l.get(0) % 2 == 0)).seed(9)
            .check(l -> assertTrue(l.size() < 3)));
    assertEquals(List.of(0, 0, 0), e.counterexample());
  }

  @Test
  void holds_fails_on_a_false_predicate_and_passes_on_a_true_one() {
    Property.forAll(Gens.longs(Long.MIN_VALUE, Long.MAX_VALUE)).seed(1).tries(500).holds(x -> x >= Long.MIN_VALUE);
    PropertyFailedError e = assertThrows(PropertyFailedError.class,
        () -> Property.forAll(Gens.longs(Long.MIN_VALUE, Long.MAX_VALUE)).seed(1).holds(x -> x > -5));
    assertEquals(-5L, e.counterexample());
  }

  @Test
  void long_ranges_at_the_extremes_stay_in_range() {
    Property.forAll(Gens.longs(Long.MIN_VALUE, -3)).seed(1).tries(500).holds(x -> x <= -3);
    Property.forAll(Gens.longs(5, Long.MAX_VALUE)).seed(1).tries(500).holds(x -> x >= 5);
    Property.forAll(Gens.integers(-7, -7)).seed(1).tries(20).holds(x -> x == -7);
  }

  @Test
  void sample_draws_the_same_values_for_the_same_seed() {
    assertEquals(Gens.strings(0, 8).sample(3, 20), Gens.strings(0, 8).sample(3, 20));
  }

  @Test
  void in_ci_a_property_that_sets_no_seed_runs_on_the_ci_seed_every_time() {
    Map<String, String> ci = new HashMap<>();
    ci.put(Ci.PROPERTY, "true");
    ci.put(Property.SEED_PROPERTY, null);
    withSystemProperties(ci, () -> {
      List<Integer> first = new ArrayList<>();
      List<Integer> second = new ArrayList<>();
      assertEquals(Property.CI_SEED, Property.forAll(Gens.integers(0, 1 << 30)).tries(20).check(first::add).seed());
      Property.forAll(Gens.integers(0, 1 << 30)).tries(20).check(second::add);
      assertEquals(first, second);
    });
  }

  @Test
  void outside_ci_a_property_that_sets_no_seed_prints_its_random_seed_before_it_runs() {
    Map<String, String> local = new HashMap<>();
    local.put(Ci.PROPERTY, "false");
    local.put(Property.SEED_PROPERTY, null);
    withSystemProperties(local, () -> {
      PrintStream out = System.out;
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      long a;
      long b;
      try {
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        a = Property.forAll(Gens.booleans()).named("coin").tries(3).check(x -> {}).seed();
        b = Property.forAll(Gens.booleans()).named("coin").tries(3).check(x -> {}).seed();
      } finally {
        System.setOut(out);
      }
      assertTrue(a != b, "two runs drew the same seed " + a);
      assertEquals("property \"coin\": random seed " + a + " (replay: -Dartifact-io.seed=" + a + ")\n"
          + "property \"coin\": random seed " + b + " (replay: -Dartifact-io.seed=" + b + ")\n",
          printed.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    });
  }

  /** Runs {@code body} with the system properties set (null: cleared), then restores them. */
  private static void withSystemProperties(Map<String, String> values, Runnable body) {
    Map<String, String> before = new HashMap<>();
    values.keySet().forEach(k -> before.put(k, System.getProperty(k)));
    try {
      values.forEach(PropertyTest::set);
      body.run();
    } finally {
      before.forEach(PropertyTest::set);
    }
  }

  private static void set(String key, String value) {
    if (value == null) {
      System.clearProperty(key);
    } else {
      System.setProperty(key, value);
    }
  }
}
