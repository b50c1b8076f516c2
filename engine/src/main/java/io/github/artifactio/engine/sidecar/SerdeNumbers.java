package io.github.artifactio.engine.sidecar;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Prints an f64 the way serde_json does (it uses the {@code ryu} crate's {@code format_finite}), so a float inside
 * {@code params} or {@code stats} has the same bytes whichever engine wrote the file.
 *
 * <p>The digits are the shortest that read back to the same double, and of those the nearest to it (what ryu
 * computes). They are found here with BigDecimal rather than taken from {@link Double#toString}, because before JDK
 * 19 that method sometimes prints a digit more than needed (JDK-4511638), and this engine runs on 17. The layout is
 * ryu's: plain decimal with at least one fractional digit for 1e-5 <= |v| < 1e16 ({@code 12345678.0},
 * {@code 0.001234}), otherwise {@code 1e30}, {@code 1.234e-7} (lower-case e, no plus sign, no padding).
 */
final class SerdeNumbers {
  private SerdeNumbers() {}

  static String formatDouble(double value) {
    if (!Double.isFinite(value)) {
      // serde_json's Value cannot hold NaN or infinity; refusing beats writing a null that reads back as something else
      throw new IllegalArgumentException("a non-finite number (" + value + ") cannot be written as JSON");
    }
    if (value == 0.0) {
      return (Double.doubleToRawLongBits(value) < 0) ? "-0.0" : "0.0";
    }
    BigDecimal shortest = shortest(value).stripTrailingZeros();
    String digits = shortest.unscaledValue().abs().toString();
    int length = digits.length();
    int k = -shortest.scale(); // |value| = digits * 10^k
    int kk = length + k; // 10^(kk-1) <= |value| < 10^kk
    StringBuilder out = new StringBuilder(24);
    if (value < 0) {
      out.append('-');
    }
    if (0 <= k && kk <= 16) {
      out.append(digits).append("0".repeat(k)).append(".0");
    } else if (0 < kk && kk <= 16) {
      out.append(digits, 0, kk).append('.').append(digits, kk, length);
    } else if (-5 < kk && kk <= 0) {
      out.append("0.").append("0".repeat(-kk)).append(digits);
    } else if (length == 1) {
      out.append(digits).append('e').append(kk - 1);
    } else {
      out.append(digits, 0, 1).append('.').append(digits, 1, length).append('e').append(kk - 1);
    }
    return out.toString();
  }

  /** The shortest decimal that parses back to {@code value}; of two candidates the nearer, of a tie the even one. */
  private static BigDecimal shortest(double value) {
    BigDecimal exact = new BigDecimal(value);
    for (int precision = 1; precision < 17; precision++) {
      BigDecimal down = exact.round(new MathContext(precision, RoundingMode.DOWN));
      BigDecimal up = exact.round(new MathContext(precision, RoundingMode.UP));
      boolean downOk = down.doubleValue() == value;
      boolean upOk = up.doubleValue() == value;
      if (downOk && upOk) {
        int cmp = exact.subtract(down).abs().compareTo(up.subtract(exact).abs());
        if (cmp != 0) {
          return cmp < 0 ? down : up;
        }
        return down.unscaledValue().testBit(0) ? up : down;
      }
      if (downOk) {
        return down;
      }
      if (upOk) {
        return up;
      }
    }
    return exact.round(new MathContext(17, RoundingMode.HALF_EVEN)); // 17 significant digits always round-trip
  }
}
