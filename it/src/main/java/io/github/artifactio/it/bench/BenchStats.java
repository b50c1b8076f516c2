package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;

/**
 * The statistics every benchmark reports, computed one way: medians, percentiles and extremes of one arm's timings,
 * and the ratios of two arms measured in the same rounds.
 *
 * <p>Percentiles interpolate linearly between the two nearest ranks (the rule of numpy's and R's default, "type 7"),
 * so the median of an even count is the mean of the middle two. A paired ratio divides each round's time of one arm
 * by the same round's time of the other before taking the median: on a shared machine a disturbance lasts seconds
 * and slows both arms of a round alike, so the ratio within a round cancels what the ratio of two medians only
 * averages.
 */
public final class BenchStats {
  private BenchStats() {}

  /**
   * Order statistics of some values.
   *
   * @param n how many values
   * @param min the smallest
   * @param p10 the 10th percentile
   * @param median the 50th percentile
   * @param p90 the 90th percentile
   * @param max the largest
   */
  public record Summary(int n, double min, double p10, double median, double p90, double max) {
    /** The summary of {@code values}, which must not be empty. */
    public static Summary of(double[] values) {
      double[] s = sorted(values);
      return new Summary(s.length, s[0], rank(s, 10), rank(s, 50), rank(s, 90), s[s.length - 1]);
    }

    /** The width of the 10-90 percentile band relative to the median: 0.1 means the middle 80 % lie within 10 %. */
    public double spread() {
      return (p90 - p10) / median;
    }

    /** The summary as a JSON object, each figure rounded to 4 decimals. */
    public ObjectNode json() {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("n", n);
      o.put("min", round(min));
      o.put("p10", round(p10));
      o.put("median", round(median));
      o.put("p90", round(p90));
      o.put("max", round(max));
      return o;
    }
  }

  /** The median of {@code values}, which must not be empty. */
  public static double median(double[] values) {
    return percentile(values, 50);
  }

  /** The median of {@code values}, which must not be empty. */
  public static double median(List<Double> values) {
    return median(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The {@code p}th percentile (0 to 100) of {@code values}, which must not be empty. */
  public static double percentile(double[] values, double p) {
    if (!(p >= 0 && p <= 100)) {
      throw new IllegalArgumentException("percentile must be within 0 and 100 but was " + p);
    }
    return rank(sorted(values), p);
  }

  /** The smallest of {@code values}, which must not be empty. */
  public static double min(double[] values) {
    return sorted(values)[0];
  }

  /** The largest of {@code values}, which must not be empty. */
  public static double max(double[] values) {
    double[] s = sorted(values);
    return s[s.length - 1];
  }

  /** Each round's {@code a[i] / b[i]}: the two arms must have been measured in the same rounds. */
  public static double[] ratios(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "paired ratios need the same rounds of both arms but there are " + a.length + " and " + b.length);
    }
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = a[i] / b[i];
    }
    return r;
  }

  /** The summary of each round's {@code a[i] / b[i]}: its median is the paired ratio, p10 to p90 its spread. */
  public static Summary paired(double[] a, double[] b) {
    return Summary.of(ratios(a, b));
  }

  /** The summary of each round's {@code a.get(i) / b.get(i)}. */
  public static Summary paired(List<Double> a, List<Double> b) {
    return paired(array(a), array(b));
  }

  /** The values as an array. */
  public static double[] array(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** {@code v} rounded to 4 decimals, as the JSON files carry ratios and seconds. */
  public static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }

  private static double[] sorted(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values: a statistic of an arm that never ran");
    }
    double[] s = values.clone();
    Arrays.sort(s);
    return s;
  }

  /** Linear interpolation between the closest ranks of sorted {@code s}. */
  private static double rank(double[] s, double p) {
    double h = (s.length - 1) * p / 100;
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, s.length - 1);
    return s[lo] + (h - lo) * (s[hi] - s[lo]);
  }
}
