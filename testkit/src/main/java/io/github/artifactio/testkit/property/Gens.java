package io.github.artifactio.testkit.property;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Factories of {@link Gen}erators. Numbers shrink towards 0 (or the bound nearest to it), lists towards shorter and
 * earlier-shrunk elements, choices towards their first alternative. The numeric generators mix in edge cases (bounds,
 * 0, -1, 1; for floats NaN with several payloads, -0.0, infinities, subnormals, extremes), more of them in a
 * property's first tries.
 */
public final class Gens {
  private Gens() {}

  /** Kinds of a numeric draw: 0..11 anywhere in range, 12..13 small, 14..15 an edge case. */
  private static final int KINDS = 15;

  /** Always {@code value}. */
  public static <T> Gen<T> constant(T value) {
    return s -> value;
  }

  /** true or false, shrinking to false. */
  public static Gen<Boolean> booleans() {
    return s -> s.draw(1) == 1;
  }

  /** Longs in {@code [min, max]}. */
  public static Gen<Long> longs(long min, long max) {
    if (min > max) {
      throw new IllegalArgumentException("longs: min " + min + " > max " + max);
    }
    long target = Math.max(min, Math.min(max, 0));
    long[] edges = distinct(target, min, max, target + 1, target - 1, target + 2, Long.MIN_VALUE, Long.MAX_VALUE)
        .stream().filter(v -> v >= min && v <= max).mapToLong(Long::longValue).toArray();
    long up = max - target; // >= 0: target is 0 or the bound nearest to it
    long down = target == min ? -1 : target - min - 1; // one less than the distance, so that 0 - Long.MIN_VALUE fits
    return s -> {
      long kind = s.draw(KINDS, KINDS);
      long edge = kind >= 14 ? edges[s.unrecorded(edges.length)] : target;
      boolean negative = false;
      if (down >= 0) {
        negative = pick(s, 1, kind >= 14, edge < target ? 1 : 0) == 1;
      }
      boolean small = kind >= 12 && kind < 14;
      if (negative) {
        long m = pick(s, small ? Math.min(down, 99) : down, kind >= 14, target - 1 - edge);
        return target - 1 - m;
      }
      return target + pick(s, small ? Math.min(up, 100) : up, kind >= 14, edge - target);
    };
  }

  /** Ints in {@code [min, max]}. */
  public static Gen<Integer> integers(int min, int max) {
    return longs(min, max).map(Long::intValue);
  }

  /** Every double: finite ones near 0 and anywhere, and the edge cases of {@link #doubleEdgeCases()}. */
  public static Gen<Double> doubles() {
    long[] edges = doubleEdgeCases();
    return s -> {
      long kind = s.draw(KINDS, KINDS);
      if (kind < 7) {
        boolean negative = s.draw(1) == 1;
        double magnitude = s.draw(1 << 20) + s.draw(1023) / 1024.0;
        return negative ? -magnitude : magnitude;
      }
      // bit patterns: any double (NaNs too, rarely) or, from kind 13, an edge case recorded as its bits
      long edge = kind >= 13 ? edges[s.unrecorded(edges.length)] : 0;
      long sign = pick(s, 1, kind >= 13, edge >>> 63);
      long bits = pick(s, Long.MAX_VALUE, kind >= 13, edge & Long.MAX_VALUE);
      return Double.longBitsToDouble(sign << 63 | bits);
    };
  }

  /** Every float, as {@link #doubles()} for 32 bits ({@link #floatEdgeCases()}). */
  public static Gen<Float> floats() {
    int[] edges = floatEdgeCases();
    return s -> {
      long kind = s.draw(KINDS, KINDS);
      if (kind < 7) {
        boolean negative = s.draw(1) == 1;
        float magnitude = s.draw(1 << 16) + s.draw(255) / 256f;
        return negative ? -magnitude : magnitude;
      }
      int edge = kind >= 13 ? edges[s.unrecorded(edges.length)] : 0;
      long sign = pick(s, 1, kind >= 13, edge >>> 31);
      long bits = pick(s, 0x7fffffffL, kind >= 13, edge & 0x7fffffffL);
      return Float.intBitsToFloat((int) (sign << 31 | bits));
    };
  }

  /**
   * The bit patterns of the double edge cases: zeros, ±1, NaNs with five payloads, infinities, subnormals, extremes.
   */
  public static long[] doubleEdgeCases() {
    return new long[] {
      Double.doubleToRawLongBits(0.0),
      Double.doubleToRawLongBits(-0.0),
      Double.doubleToRawLongBits(1.0),
      Double.doubleToRawLongBits(-1.0),
      0x7ff8000000000000L, // canonical quiet NaN
      0x7ff8_0000_dead_beefL, // quiet NaN, payload
      0x7ff0000000000001L, // signalling NaN
      0xfff8000000000000L, // negative NaN
      0x7fffffffffffffffL, // all-ones NaN
      Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
      Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
      Double.doubleToRawLongBits(Double.MIN_VALUE),
      Double.doubleToRawLongBits(-Double.MIN_VALUE),
      0x000fffffffffffffL, // largest subnormal
      Double.doubleToRawLongBits(Double.MIN_NORMAL),
      Double.doubleToRawLongBits(Double.MAX_VALUE),
      Double.doubleToRawLongBits(-Double.MAX_VALUE),
      Double.doubleToRawLongBits(Math.nextUp(1.0)),
    };
  }

  /** The bit patterns of the float edge cases, as {@link #doubleEdgeCases()}. */
  public static int[] floatEdgeCases() {
    return new int[] {
      Float.floatToRawIntBits(0f),
      Float.floatToRawIntBits(-0f),
      Float.floatToRawIntBits(1f),
      Float.floatToRawIntBits(-1f),
      0x7fc00000, // canonical quiet NaN
      0x7fc01234, // quiet NaN, payload
      0x7f800001, // signalling NaN
      0xffc00000, // negative NaN
      0x7fffffff, // all-ones NaN
      Float.floatToRawIntBits(Float.POSITIVE_INFINITY),
      Float.floatToRawIntBits(Float.NEGATIVE_INFINITY),
      Float.floatToRawIntBits(Float.MIN_VALUE),
      Float.floatToRawIntBits(-Float.MIN_VALUE),
      0x007fffff, // largest subnormal
      Float.floatToRawIntBits(Float.MIN_NORMAL),
      Float.floatToRawIntBits(Float.MAX_VALUE),
      Float.floatToRawIntBits(-Float.MAX_VALUE),
      Float.floatToRawIntBits(Math.nextUp(1f)),
    };
  }

  /** One of {@code values}, shrinking towards the first. */
  @SafeVarargs
  public static <T> Gen<T> elements(T... values) {
    List<T> copy = List.of(values);
    return elements(copy);
  }

  /** One of {@code values}, shrinking towards the first. */
  public static <T> Gen<T> elements(List<T> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("elements: no values");
    }
    List<T> copy = new ArrayList<>(values);
    return s -> copy.get(s.choose(copy.size()));
  }

  /** A value of one of {@code gens}, chosen uniformly, shrinking towards the first. */
  @SafeVarargs
  public static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
    if (gens.length == 0) {
      throw new IllegalArgumentException("oneOf: no generators");
    }
    Gen<? extends T>[] copy = gens.clone();
    return s -> s.draw(copy[s.choose(copy.length)]);
  }

  /** A weighted alternative of {@link #frequency}. */
  public record Weighted<T>(int weight, Gen<? extends T> gen) {
    public Weighted {
      if (weight < 0) {
        throw new IllegalArgumentException("weight must be at least 0 but was " + weight);
      }
      Objects.requireNonNull(gen, "gen");
    }
  }

  /** An alternative of weight {@code weight} for {@link #frequency}. */
  public static <T> Weighted<T> weighted(int weight, Gen<? extends T> gen) {
    return new Weighted<>(weight, gen);
  }

  /**
   * A value of one of the alternatives, each chosen in proportion to its weight; shrinks towards the first
   * alternative whatever its weight, so put the simplest first.
   */
  @SafeVarargs
  public static <T> Gen<T> frequency(Weighted<? extends T>... alternatives) {
    List<Weighted<? extends T>> alts = List.of(alternatives);
    long total = alts.stream().mapToLong(Weighted::weight).sum();
    if (total <= 0) {
      throw new IllegalArgumentException("frequency: the weights add up to 0");
    }
    return s -> {
      long c = s.draw(total - 1);
      for (Weighted<? extends T> w : alts) {
        if (c < w.weight()) {
          return s.draw(w.gen());
        }
        c -= w.weight();
      }
      throw new AssertionError("unreachable");
    };
  }

  /**
   * Lists of {@code minSize} to {@code maxSize} elements. The size is drawn first (often small, sometimes the minimum
   * or the maximum), then each element in a span of its own, so the shrinker deletes elements and shortens the list.
   */
  public static <T> Gen<List<T>> lists(Gen<T> element, int minSize, int maxSize) {
    Objects.requireNonNull(element, "element");
    Gen<Integer> sizes = sizes(minSize, maxSize);
    return s -> {
      int n = s.draw(sizes);
      List<T> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(s.draw(element));
      }
      return Collections.unmodifiableList(out);
    };
  }

  /**
   * Sizes in {@code [min, max]}: mostly up to {@code min + 10}, sometimes anywhere, sometimes exactly {@code min} or
   * {@code max} (and always one of those in the edge-case tries); shrinks towards {@code min}.
   */
  public static Gen<Integer> sizes(int min, int max) {
    if (min < 0 || min > max) {
      throw new IllegalArgumentException("sizes: need 0 <= min <= max but got [" + min + ", " + max + "]");
    }
    return s -> {
      long kind = s.draw(KINDS, KINDS);
      long span = (long) max - min;
      if (kind >= 14) {
        return (int) (min + s.forced(span, s.unrecorded(2) == 0 ? 0 : span));
      }
      return (int) (min + s.draw(kind < 11 ? Math.min(span, 10) : span));
    };
  }

  /** Strings of {@code minLength} to {@code maxLength} code points from {@link #codePoints()}. */
  public static Gen<String> strings(int minLength, int maxLength) {
    Gen<List<Integer>> cps = lists(codePoints(), minLength, maxLength);
    return cps.map(l -> {
      StringBuilder b = new StringBuilder();
      l.forEach(b::appendCodePoint);
      return b.toString();
    });
  }

  /**
   * Code points from several alphabets: ASCII letters and printables (the simplest, shrinking to 'a'), multi-byte BMP
   * characters (Latin, Greek, CJK), astral ones (emoji, encoded as surrogate pairs), combining marks, and U+0000.
   */
  public static Gen<Integer> codePoints() {
    int[][] ranges = {
      {'a', 'z'}, {0x20, 0x7e}, {0xa0, 0x24f}, {0x370, 0x3ff}, {0x4e00, 0x9fff}, {0x1f600, 0x1f64f},
      {0x10000, 0x10ffff},
      {0x300, 0x36f}, {0, 0},
    };
    return s -> {
      int[] r = ranges[s.choose(ranges.length)];
      int cp = r[0] + s.choose(r[1] - r[0] + 1);
      return Character.isSurrogate((char) cp) && cp < 0x10000 ? 'a' : cp;
    };
  }

  /** A generator built when first drawn: for recursive definitions. */
  public static <T> Gen<T> lazy(Supplier<Gen<T>> supplier) {
    Objects.requireNonNull(supplier, "supplier");
    return s -> s.draw(supplier.get());
  }

  /** A forced choice for an edge case, a drawn one otherwise: both recorded in the same form. */
  private static long pick(Source s, long max, boolean edge, long value) {
    return edge ? s.forced(max, value) : s.draw(max);
  }

  private static List<Long> distinct(long... values) {
    Set<Long> seen = new LinkedHashSet<>();
    for (long v : values) {
      seen.add(v);
    }
    return new ArrayList<>(seen);
  }

  static long[] copy(long[] a) {
    return Arrays.copyOf(a, a.length);
  }
}
