package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchStatsTest {
  // sums and products of these values are exact in binary, so the expected figures are exact too
  private static final double[] ODD = {5, 1, 4, 2, 3};
  private static final double[] EVEN = {8, 1, 4, 2};

  @Test
  void the_median_of_an_odd_count_is_the_middle_value_whatever_the_order() {
    assertEquals(3.0, BenchStats.median(ODD));
    assertEquals(3.0, BenchStats.median(List.of(5.0, 1.0, 4.0, 2.0, 3.0)));
  }

  @Test
  void the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
    assertEquals(3.0, BenchStats.median(EVEN));
  }

  @Test
  void percentiles_interpolate_between_the_nearest_ranks() {
    assertEquals(1.0, BenchStats.percentile(ODD, 0));
    assertEquals(2.0, BenchStats.percentile(ODD, 25));
    assertEquals(4.0, BenchStats.percentile(ODD, 75));
    assertEquals(5.0, BenchStats.percentile(ODD, 100));
    assertEquals(1.5, BenchStats.percentile(ODD, 12.5));
    // rank (4 - 1) * 0.5 = 1.5 of 1, 2, 4, 8: halfway from 2 to 4
    assertEquals(3.0, BenchStats.percentile(EVEN, 50));
    // rank 3 * 0.25 = 0.75: three quarters of the way from 1 to 2
    assertEquals(1.75, BenchStats.percentile(EVEN, 25));
  }

  @Test
  void the_summary_carries_count_extremes_and_the_ten_fifty_ninety_percentiles() {
    double[] tenths = {90, 0, 10, 20, 30, 40, 50, 60, 70, 80, 100};
    assertEquals(new BenchStats.Summary(11, 0, 10, 50, 90, 100), BenchStats.Summary.of(tenths));
    assertEquals(1.6, BenchStats.Summary.of(tenths).spread());
    assertEquals(1.0, BenchStats.min(EVEN));
    assertEquals(8.0, BenchStats.max(EVEN));
  }

  @Test
  void the_summary_as_json_names_each_figure_rounded_to_four_decimals() {
    assertEquals(
        "{\"n\":3,\"min\":0.3333,\"p10\":0.4667,\"median\":1.0,\"p90\":1.8,\"max\":2.0}",
        BenchStats.Summary.of(new double[] {1.0 / 3, 1, 2}).json().toString());
  }

  @Test
  void paired_ratios_divide_each_round_by_the_same_round_of_the_other_arm() {
    double[] a = {2, 6, 1, 12};
    double[] b = {1, 3, 4, 4};
    assertArrayEquals(new double[] {2, 2, 0.25, 3}, BenchStats.ratios(a, b));
    // the median of the round ratios (2) is not the ratio of the medians (4 / 3.5)
    BenchStats.Summary paired = BenchStats.paired(a, b);
    assertEquals(2.0, paired.median());
    assertEquals(0.25, paired.min());
    assertEquals(3.0, paired.max());
    assertEquals(paired, BenchStats.paired(List.of(2.0, 6.0, 1.0, 12.0), List.of(1.0, 3.0, 4.0, 4.0)));
  }

  @Test
  void arms_of_different_round_counts_cannot_be_paired() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BenchStats.ratios(new double[2], new double[3]));
    assertEquals("paired ratios need the same rounds of both arms but there are 2 and 3", e.getMessage());
  }

  @Test
  void an_arm_without_values_or_a_percentile_outside_zero_to_a_hundred_is_refused() {
    assertEquals(
        "no values: a statistic of an arm that never ran",
        assertThrows(IllegalArgumentException.class, () -> BenchStats.median(new double[0])).getMessage());
    assertEquals(
        "percentile must be within 0 and 100 but was 101.0",
        assertThrows(IllegalArgumentException.class, () -> BenchStats.percentile(ODD, 101)).getMessage());
  }
}
