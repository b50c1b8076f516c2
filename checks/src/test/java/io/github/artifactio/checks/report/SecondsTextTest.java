package io.github.artifactio.checks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A result's seconds in the JUnit report read as they did when every one went through a {@code BigDecimal} (what
 * {@code String.format("%.3f")} makes of them, but for -0.0, which no rule's time is), fast path or not.
 */
class SecondsTextTest {
  private static String before(double s) {
    return Double.isFinite(s) ? new BigDecimal(Double.toString(s)).setScale(3, RoundingMode.HALF_UP).toPlainString()
        : String.format(Locale.ROOT, "%.3f", s);
  }

  @Test
  void seconds_read_as_the_formatter_writes_them_halves_included() {
    double[] edges = {0, 0.0005, 0.0015, 0.0025, 1.2345, 2.5005, 0.1 + 0.2, 999.9995, 12345.6785, 1e-9, 0.4999999,
      1e6 - 0.0005, 1e6, 3e7, Double.MIN_VALUE, -0.0, -1.0005, Double.NaN, Double.POSITIVE_INFINITY};
    for (double s : edges) {
      assertEquals(before(s), Reports.seconds(s), "seconds " + s);
    }
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 200_000; i++) {
      // times as rules measure them, and millisecond halves with their neighbours
      double s = i % 2 == 0 ? r.nextDouble() * Math.pow(10, r.nextInt(-4, 6))
          : (r.nextInt(0, 2_000_000) + 0.5) / 1000 + (r.nextInt(3) - 1) * Math.ulp(1.0) * r.nextInt(4);
      assertEquals(before(s), Reports.seconds(s), "seconds " + s);
    }
  }
}
