package io.github.artifactio.engine.table;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptBoolColumn;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Deterministic tables over every column kind, with the edge cases a round trip must keep. */
public final class Fixtures {
  /** A NaN with a payload that is not Java's canonical one. */
  public static final double ODD_NAN = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);

  public static final float ODD_NAN_F = Float.intBitsToFloat(0x7fc0_1234);

  private static final String[] WORDS = {"", "a", "é", "ß∂ƒ", "日本語", "emoji 😀", "tab\tnew\nline", "x".repeat(40)};

  private Fixtures() {}

  /** Every kind of the model, {@code n} rows, with nulls, NaNs, -0.0, empty strings and lists. */
  public static List<Column> everyKind(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] i64 = new long[n];
    int[] i32 = new int[n];
    int[] u32 = new int[n];
    double[] f64 = new double[n];
    float[] f32 = new float[n];
    boolean[] b = new boolean[n];
    String[] s = new String[n];
    Long[] oi64 = new Long[n];
    Integer[] oi32 = new Integer[n];
    Integer[] ou32 = new Integer[n];
    Double[] of64 = new Double[n];
    Float[] of32 = new Float[n];
    Boolean[] ob = new Boolean[n];
    String[] os = new String[n];
    float[][] lf32 = new float[n][];
    double[][] lf64 = new double[n][];
    float[][] llf32 = new float[n][];
    for (int i = 0; i < n; i++) {
      i64[i] = i % 7 == 0 ? Long.MIN_VALUE + i : r.nextLong();
      i32[i] = i % 5 == 0 ? Integer.MAX_VALUE - i : r.nextInt();
      u32[i] = i % 3 == 0 ? -1 - i : r.nextInt(); // high bit set: above 2^31 unsigned
      f64[i] = special(i, r.nextDouble() * 1e6);
      f32[i] = specialF(i, (float) r.nextDouble());
      b[i] = r.nextBoolean();
      s[i] = WORDS[r.nextInt(WORDS.length)] + (i % 4 == 0 ? "" : Integer.toString(i));
      oi64[i] = i % 4 == 1 ? null : r.nextLong();
      oi32[i] = i % 4 == 2 ? null : r.nextInt();
      ou32[i] = i % 4 == 3 ? null : -r.nextInt(1000) - 1;
      of64[i] = i % 3 == 1 ? null : special(i, r.nextDouble());
      of32[i] = i % 3 == 2 ? null : specialF(i, (float) r.nextDouble());
      ob[i] = i % 5 == 1 ? null : r.nextBoolean();
      os[i] = i % 6 == 1 ? null : WORDS[r.nextInt(WORDS.length)];
      lf32[i] = i % 9 == 4 ? null : floats(r, r.nextInt(17), i);
      lf64[i] = i % 8 == 3 ? null : doubles(r, r.nextInt(5), i);
      llf32[i] = i % 10 == 7 ? null : floats(r, r.nextInt(4), i + 1);
    }
    List<Column> cols = new ArrayList<>();
    cols.add(new Int64Column("i64", i64));
    cols.add(new Int32Column("i32", i32));
    cols.add(new UInt32Column("u32", u32));
    cols.add(new Float64Column("f64", f64));
    cols.add(new Float32Column("f32", f32));
    cols.add(new BoolColumn("flag", b));
    cols.add(Utf8Column.of("name", s));
    cols.add(OptInt64Column.of("opt_i64", oi64));
    cols.add(OptInt32Column.of("opt_i32", oi32));
    cols.add(OptUInt32Column.of("opt_u32", ou32));
    cols.add(OptFloat64Column.of("opt_f64", of64));
    cols.add(OptFloat32Column.of("opt_f32", of32));
    cols.add(OptBoolColumn.of("opt_flag", ob));
    cols.add(OptUtf8Column.of("opt_name", os));
    cols.add(ListFloat32Column.of("trace", lf32));
    cols.add(ListFloat64Column.of("trace64", lf64));
    cols.add(LargeListFloat32Column.of("big_trace", llf32));
    return cols;
  }

  static double special(int i, double otherwise) {
    switch (i % 11) {
      case 1:
        return -0.0;
      case 2:
        return Double.NaN;
      case 3:
        return ODD_NAN;
      case 4:
        return Double.NEGATIVE_INFINITY;
      case 5:
        return Double.MIN_VALUE;
      default:
        return otherwise;
    }
  }

  static float specialF(int i, float otherwise) {
    switch (i % 13) {
      case 1:
        return -0.0f;
      case 2:
        return ODD_NAN_F;
      case 3:
        return Float.POSITIVE_INFINITY;
      case 4:
        return Float.MIN_VALUE;
      default:
        return otherwise;
    }
  }

  private static float[] floats(SplittableRandom r, int len, int i) {
    float[] f = new float[len];
    for (int k = 0; k < len; k++) {
      f[k] = k == 1 && i % 2 == 0 ? -0.0f : (float) r.nextDouble();
    }
    return f;
  }

  private static double[] doubles(SplittableRandom r, int len, int i) {
    double[] d = new double[len];
    for (int k = 0; k < len; k++) {
      d[k] = k == 0 && i % 5 == 0 ? ODD_NAN : r.nextDouble();
    }
    return d;
  }
}
