package io.github.artifactio.testkit.golden;

/**
 * How far a float value may be from the golden one: within {@code abs} absolutely, or {@code rel} relative to the
 * golden value, or {@code ulps} units in the last place; any one suffices. NaN and the sign of zero are governed by
 * {@link GoldenFiles#nanEqualsNaN()} and {@link GoldenFiles#signedZerosEqual()}, not by a tolerance.
 */
public record Tolerance(double abs, double rel, long ulps) {
  /** Exact: the same bits. */
  public static final Tolerance EXACT = new Tolerance(0, 0, 0);

  public Tolerance {
    if (abs < 0 || rel < 0 || ulps < 0) {
      throw new IllegalArgumentException("tolerances must be at least 0: " + abs + ", " + rel + ", " + ulps);
    }
  }

  public static Tolerance abs(double abs) {
    return new Tolerance(abs, 0, 0);
  }

  public static Tolerance rel(double rel) {
    return new Tolerance(0, rel, 0);
  }

  public static Tolerance ulps(long ulps) {
    return new Tolerance(0, 0, ulps);
  }

  /** Whether {@code actual} is within this tolerance of {@code expected} (both finite or infinite, not NaN). */
  boolean accepts(double expected, double actual, boolean single) {
    if (expected == actual) {
      return true;
    }
    if (Double.isInfinite(expected) || Double.isInfinite(actual)) {
      return false;
    }
    double d = Math.abs(actual - expected);
    if (d <= abs || d <= rel * Math.abs(expected)) {
      return true;
    }
    return ulps > 0 && ulpDistance(expected, actual, single) <= ulps;
  }

  static long ulpDistance(double a, double b, boolean single) {
    if (single) {
      int x = Float.floatToIntBits((float) a);
      int y = Float.floatToIntBits((float) b);
      x = x < 0 ? Integer.MIN_VALUE - x : x;
      y = y < 0 ? Integer.MIN_VALUE - y : y;
      return Math.abs((long) x - y);
    }
    long x = Double.doubleToLongBits(a);
    long y = Double.doubleToLongBits(b);
    x = x < 0 ? Long.MIN_VALUE - x : x;
    y = y < 0 ? Long.MIN_VALUE - y : y;
    long d = x - y;
    return d == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(d);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    if (abs > 0) {
      b.append("abs ").append(abs);
    }
    if (rel > 0) {
      b.append(b.length() > 0 ? ", " : "").append("rel ").append(rel);
    }
    if (ulps > 0) {
      b.append(b.length() > 0 ? ", " : "").append(ulps).append(" ulps");
    }
    return b.length() == 0 ? "exact" : b.toString();
  }
}
