package io.github.artifactio.testkit.golden;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnVisitor;
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
import io.github.artifactio.testkit.gen.TableCase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/** The row-level layer: golden and actual rows compared column by column, with tolerances, keyed or by position. */
final class RowDiff {
  /** One differing cell. */
  record Cell(int row, String key, String column, String expected, String actual, String delta, String tolerance) {}

  final List<Cell> first = new ArrayList<>();
  final Map<String, Integer> counts = new LinkedHashMap<>();
  final Map<String, Double> maxDelta = new LinkedHashMap<>();
  final List<String> keyProblems = new ArrayList<>();
  static final int SHOWN = 10;

  static RowDiff compare(List<Column> golden, List<Column> actual, String key, Map<String, Tolerance> tolerances,
      boolean nanEqualsNaN, boolean signedZerosEqual) {
    RowDiff d = new RowDiff();
    Map<String, Column> byName = new HashMap<>();
    actual.forEach(c -> byName.put(c.name(), c));
    int n = golden.isEmpty() ? 0 : golden.get(0).length();
    int[] match = new int[n];
    String[] keys = new String[n];
    if (key != null) {
      Column gk = golden.stream().filter(c -> c.name().equals(key)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("no key column '" + key + "' in the golden"));
      Column ak = byName.get(key);
      if (ak == null) {
        d.keyProblems.add("the actual artifact has no key column '" + key + "'");
        return d;
      }
      Map<String, Integer> actualRows = new HashMap<>();
      IntFunction<String> actualKeys = TableCase.values(ak);
      for (int r = 0; r < ak.length(); r++) {
        actualRows.put(actualKeys.apply(r), r);
      }
      IntFunction<String> goldenKeys = TableCase.values(gk);
      for (int r = 0; r < n; r++) {
        keys[r] = goldenKeys.apply(r);
        Integer m = actualRows.remove(keys[r]);
        match[r] = m == null ? -1 : m;
        if (m == null && d.keyProblems.size() < SHOWN) {
          d.keyProblems.add("key " + key + "=" + keys[r] + " (golden row " + r + ") is missing from the actual");
        }
      }
      for (Map.Entry<String, Integer> extra : actualRows.entrySet()) {
        if (d.keyProblems.size() < SHOWN) {
          d.keyProblems.add("key " + key + "=" + extra.getKey() + " (actual row " + extra.getValue() + ") is new");
        }
      }
    } else {
      for (int r = 0; r < n; r++) {
        match[r] = r;
      }
    }
    for (Column g : golden) {
      Column a = byName.get(g.name());
      if (a == null || a.type() != g.type()) {
        continue; // the structure layer reports it
      }
      Tolerance t = tolerances.getOrDefault(g.name(), Tolerance.EXACT);
      Cells cells = new Cells(g, a);
      for (int r = 0; r < n; r++) {
        if (match[r] < 0 || match[r] >= a.length()) {
          continue;
        }
        String delta = cellDelta(cells, r, match[r], t, nanEqualsNaN, signedZerosEqual, d, g.name());
        if (delta != null) {
          d.counts.merge(g.name(), 1, Integer::sum);
          if (d.first.size() < SHOWN) {
            d.first.add(new Cell(r, key == null ? "" : keys[r], g.name(), cells.goldenText().apply(r),
                cells.actualText().apply(match[r]), delta, t.toString()));
          }
        }
      }
    }
    return d;
  }

  boolean empty() {
    return counts.isEmpty() && keyProblems.isEmpty();
  }

  /** A golden column and its actual counterpart (of the same kind), with their per-row readers made once. */
  private record Cells(Column golden, Column actual, IntFunction<String> goldenText, IntFunction<String> actualText,
      IntFunction<double[]> goldenFloats, IntFunction<double[]> actualFloats) {
    Cells(Column golden, Column actual) {
      this(golden, actual, TableCase.values(golden), TableCase.values(actual), golden.accept(FLOATS),
          actual.accept(FLOATS));
    }
  }

  /** null when the cells agree, else the delta as text. */
  private static String cellDelta(Cells cells, int gr, int ar, Tolerance t, boolean nanEq, boolean zeroEq,
      RowDiff d, String name) {
    Column g = cells.golden();
    Column a = cells.actual();
    if (g.isNull(gr) || a.isNull(ar)) {
      return g.isNull(gr) == a.isNull(ar) ? null : "null";
    }
    if (cells.goldenFloats() == null) {
      return cells.goldenText().apply(gr).equals(cells.actualText().apply(ar)) ? null : "";
    }
    double[] ev = cells.goldenFloats().apply(gr);
    double[] av = cells.actualFloats().apply(ar);
    if (ev.length != av.length) {
      return "length " + ev.length + " vs " + av.length;
    }
    boolean single = g.type().leaf() == io.github.artifactio.engine.column.ColumnType.Leaf.FLOAT32;
    String worst = null;
    for (int i = 0; i < ev.length; i++) {
      double e = ev[i];
      double x = av[i];
      long eb = Double.doubleToRawLongBits(e);
      long xb = Double.doubleToRawLongBits(x);
      if (eb == xb) {
        continue;
      }
      if (Double.isNaN(e) || Double.isNaN(x)) {
        if (nanEq && Double.isNaN(e) && Double.isNaN(x)) {
          continue;
        }
        worst = Double.isNaN(e) && Double.isNaN(x) ? "NaN payload" : "NaN";
        continue;
      }
      if (e == 0 && x == 0) { // +0.0 against -0.0
        if (!zeroEq) {
          worst = "sign of zero";
        }
        continue;
      }
      if (!t.accepts(e, x, single)) {
        double delta = Math.abs(x - e);
        d.maxDelta.merge(name, delta, Math::max);
        worst = "|Δ| " + delta;
      }
    }
    return worst;
  }

  /**
   * The float values of a row of a float column (one for a scalar, a row's items for a list), widened to double; null
   * for the other kinds, whose cells compare by their text.
   */
  private static final ColumnVisitor<IntFunction<double[]>> FLOATS = new ColumnVisitor<>() {
    @Override
    public IntFunction<double[]> int64(Int64Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> int32(Int32Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> uint32(UInt32Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> float64(Float64Column c) {
      return r -> new double[] {c.values()[r]};
    }

    @Override
    public IntFunction<double[]> float32(Float32Column c) {
      return r -> new double[] {widen(c.values()[r])};
    }

    @Override
    public IntFunction<double[]> bool(BoolColumn c) {
      return null;
    }

    @Override
    public IntFunction<double[]> utf8(Utf8Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> optInt64(OptInt64Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> optInt32(OptInt32Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> optUInt32(OptUInt32Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> optFloat64(OptFloat64Column c) {
      return r -> new double[] {c.values()[r]};
    }

    @Override
    public IntFunction<double[]> optFloat32(OptFloat32Column c) {
      return r -> new double[] {widen(c.values()[r])};
    }

    @Override
    public IntFunction<double[]> optBool(OptBoolColumn c) {
      return null;
    }

    @Override
    public IntFunction<double[]> optUtf8(OptUtf8Column c) {
      return null;
    }

    @Override
    public IntFunction<double[]> listFloat32(ListFloat32Column c) {
      return r -> widen(c.get(r));
    }

    @Override
    public IntFunction<double[]> listFloat64(ListFloat64Column c) {
      return c::get;
    }

    @Override
    public IntFunction<double[]> largeListFloat32(LargeListFloat32Column c) {
      return r -> widen(c.get(r));
    }
  };

  private static double[] widen(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = widen(v[i]);
    }
    return out;
  }

  /** A float as a double, a NaN keeping its sign and payload bits (a plain widening may quiet a signalling NaN). */
  static double widen(float f) {
    if (!Float.isNaN(f)) {
      return f;
    }
    long bits = Float.floatToRawIntBits(f) & 0xffffffffL;
    return Double.longBitsToDouble((bits >>> 31) << 63 | 0x7ff0000000000000L | (bits & 0x7fffffL) << 29);
  }
}
