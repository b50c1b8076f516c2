package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
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
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Generators of the engine's model: column kinds and declarations, values of every kind with their edge cases, whole
 * tables, row counts around the page, write-chunk and row-group boundaries, chunkings, thread counts and writer
 * options. Everything shrinks: towards fewer and simpler columns, fewer rows, non-null values, one chunk, one thread
 * and the default options.
 *
 * <pre>{@code
 * Property.forAll(Tables.tables()).tries(100).check(t -> ...);
 * Property.forAll(Tables.writeCases(TableShape.small())).check(c -> ...);
 * }</pre>
 */
public final class Tables {
  /** The page row limit of the uncapped layout: row counts around it are edge cases. */
  public static final int PAGE_ROWS = WriteOptions.DEFAULT_PAGE_ROWS;
  /** The chunk size of {@link TableWriter#writeTableChunked}: row counts around it are edge cases. */
  public static final int CHUNK_ROWS = TableWriter.WRITE_TABLE_CHUNK_ROWS;
  /** The length past which a string counts as huge. */
  public static final int HUGE = 1 << 20;

  private static final String[] NAMES = {"c", "naïve_", "列", "with space ", "UPPER_"};

  private Tables() {}

  // ---- columns and schemas

  /** One of {@code kinds}, shrinking towards the first. */
  public static Gen<ColumnType> kinds(List<ColumnType> kinds) {
    return Gens.elements(kinds);
  }

  /** How many rows of a column of {@code kind} are null: never for required kinds, else never, some or all. */
  public static Gen<Nulls> nulls(ColumnType kind) {
    if (!kind.nullable()) {
      return Gens.constant(Nulls.NEVER);
    }
    return Gens.frequency(
        Gens.weighted(4, Gens.constant(Nulls.NEVER)),
        Gens.weighted(5, Gens.constant(Nulls.SOMETIMES)),
        Gens.weighted(1, Gens.constant(Nulls.ALWAYS)));
  }

  /** 1 to {@code shape.maxColumns()} declarations with distinct names (now and then unicode or spaces in them). */
  public static Gen<List<ColumnDecl>> schemas(TableShape shape) {
    Gen<ColumnType> kinds = kinds(shape.kinds());
    Gen<String> names = Gens.frequency(
        Gens.weighted(9, Gens.constant(NAMES[0])), Gens.weighted(1, Gens.elements(NAMES)));
    Gen<ColumnDecl> decl = s -> {
      String base = s.draw(names);
      ColumnType kind = s.draw(kinds);
      return new ColumnDecl(base, kind, s.draw(nulls(kind)));
    };
    return Gens.lists(decl, 1, shape.maxColumns()).map(ds -> {
      List<ColumnDecl> out = new ArrayList<>();
      for (int i = 0; i < ds.size(); i++) {
        ColumnDecl d = ds.get(i);
        out.add(new ColumnDecl(d.name() + i, d.kind(), d.nulls()));
      }
      return List.copyOf(out);
    });
  }

  /**
   * Row counts up to {@code maxRows}: mostly 0 to 10, often up to 500, and the edge cases 0, 1, 2, the page limit
   * ({@value #PAGE_ROWS}) and the write chunk ({@value #CHUNK_ROWS}) plus and minus one, and for a capped writer
   * ({@code cap > 0}) one, two and three row groups plus and minus one row.
   */
  public static Gen<Integer> rowCounts(int maxRows, int cap) {
    TreeSet<Integer> edges = new TreeSet<>(List.of(0, 1, 2));
    for (int b : new int[] {PAGE_ROWS, CHUNK_ROWS}) {
      edges.addAll(List.of(b - 1, b, b + 1));
    }
    if (cap > 0) {
      for (long k = 1; k <= 3; k++) {
        for (long d = -1; d <= 1; d++) {
          long v = k * cap + d;
          if (v >= 0 && v <= Integer.MAX_VALUE) {
            edges.add((int) v);
          }
        }
      }
    }
    List<Integer> inRange = edges.stream().filter(v -> v <= maxRows).toList();
    return Gens.frequency(
        Gens.weighted(50, Gens.integers(0, Math.min(10, maxRows))),
        Gens.weighted(25, Gens.integers(0, Math.min(500, maxRows))),
        Gens.weighted(20, Gens.elements(inRange)),
        Gens.weighted(5, Gens.integers(0, Math.min(5000, maxRows))));
  }

  /** Values of a string column: ASCII, empty, multi-byte, astral, combining marks, U+0000, and mixtures. */
  public static Gen<String> strings() {
    return Gens.frequency(
        Gens.weighted(30, Gens.integers('a', 'z').list(0, 8).map(Tables::text)),
        Gens.weighted(8, Gens.constant("")),
        Gens.weighted(20, Gens.strings(0, 12)),
        Gens.weighted(5, Gens.elements("é", "ß∂ƒ", "日本語", "Ωμέγα", "ℝ²")),
        Gens.weighted(5, Gens.elements("😀", "a😀b", "𝄞", "\uD83D\uDC68\u200D\uD83D\uDC69")),
        Gens.weighted(5, Gens.elements("e\u0301", "a\u0308\u0304", "\u0301")),
        Gens.weighted(4, Gens.elements("\u0000", "a\u0000b", "\u0000\u0000")));
  }

  /** A string of {@value #HUGE} plus 1 to 101 characters: a short pattern repeated. */
  public static Gen<String> hugeStrings() {
    return Gens.strings(1, 5).zip(Gens.integers(0, 100), (p, extra) -> {
      StringBuilder b = new StringBuilder(HUGE + extra + p.length());
      while (b.length() <= HUGE + extra) {
        b.append(p);
      }
      return b.toString();
    });
  }

  private static String text(List<Integer> cps) {
    StringBuilder b = new StringBuilder();
    cps.forEach(b::appendCodePoint);
    return b.toString();
  }

  /** Lengths of a list row: mostly 0 to 8, often empty, rarely 1,000 to 3,000 items. */
  public static Gen<Integer> listLengths() {
    return Gens.frequency(
        Gens.weighted(70, Gens.integers(0, 8)),
        Gens.weighted(15, Gens.constant(0)),
        Gens.weighted(2, Gens.integers(1000, 3000)));
  }

  /** A column for {@code decl} with {@code rows} rows. */
  public static Gen<Column> column(ColumnDecl decl, int rows, TableShape shape) {
    return s -> generateColumn(s, decl, rows, shape);
  }

  private static Column generateColumn(Source s, ColumnDecl d, int n, TableShape shape) {
    boolean[] valid = validity(s, d.nulls(), n);
    String name = d.name();
    ColumnType kind = d.kind();
    return switch (kind) {
      case INT64, OPT_INT64 -> {
        long[] v = new long[n];
        Gen<Long> g = Gens.longs(Long.MIN_VALUE, Long.MAX_VALUE);
        for (int i = 0; i < n; i++) {
          v[i] = valid[i] ? s.draw(g) : 0;
        }
        yield kind == ColumnType.INT64 ? new Int64Column(name, v) : new OptInt64Column(name, v, valid);
      }
      case INT32, OPT_INT32 -> {
        int[] v = ints(s, n, valid, Gens.longs(Integer.MIN_VALUE, Integer.MAX_VALUE));
        yield kind == ColumnType.INT32 ? new Int32Column(name, v) : new OptInt32Column(name, v, valid);
      }
      case UINT32, OPT_UINT32 -> {
        int[] v = ints(s, n, valid, Gens.longs(0, 0xffffffffL));
        yield kind == ColumnType.UINT32 ? new UInt32Column(name, v) : new OptUInt32Column(name, v, valid);
      }
      case FLOAT64, OPT_FLOAT64 -> {
        double[] v = new double[n];
        Gen<Double> g = Gens.doubles();
        for (int i = 0; i < n; i++) {
          v[i] = valid[i] ? s.draw(g) : 0;
        }
        yield kind == ColumnType.FLOAT64 ? new Float64Column(name, v) : new OptFloat64Column(name, v, valid);
      }
      case FLOAT32, OPT_FLOAT32 -> {
        float[] v = new float[n];
        Gen<Float> g = Gens.floats();
        for (int i = 0; i < n; i++) {
          v[i] = valid[i] ? s.draw(g) : 0;
        }
        yield kind == ColumnType.FLOAT32 ? new Float32Column(name, v) : new OptFloat32Column(name, v, valid);
      }
      case BOOL, OPT_BOOL -> {
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
          v[i] = valid[i] && s.draw(1) == 1;
        }
        yield kind == ColumnType.BOOL ? new BoolColumn(name, v) : new OptBoolColumn(name, v, valid);
      }
      case UTF8, OPT_UTF8 -> {
        String[] v = new String[n];
        Gen<String> g = strings();
        for (int i = 0; i < n; i++) {
          v[i] = valid[i] ? s.draw(g) : null;
        }
        // now and then one huge value, at a drawn row
        if (shape.hugeStrings() && n > 0 && s.weighted(0.03)) {
          int at = s.choose(n);
          if (valid[at]) {
            v[at] = s.draw(hugeStrings());
          }
        }
        yield kind == ColumnType.UTF8 ? Utf8Column.of(name, v) : OptUtf8Column.of(name, v);
      }
      case LIST_FLOAT64 -> {
        double[][] rows = new double[n][];
        Gen<Double> g = Gens.doubles();
        for (int i = 0; i < n; i++) {
          if (valid[i]) {
            rows[i] = new double[s.draw(listLengths())];
            for (int j = 0; j < rows[i].length; j++) {
              rows[i][j] = s.draw(g);
            }
          }
        }
        yield ListFloat64Column.of(name, rows);
      }
      case LIST_FLOAT32, LARGE_LIST_FLOAT32 -> {
        float[][] rows = new float[n][];
        Gen<Float> g = Gens.floats();
        for (int i = 0; i < n; i++) {
          if (valid[i]) {
            rows[i] = new float[s.draw(listLengths())];
            for (int j = 0; j < rows[i].length; j++) {
              rows[i][j] = s.draw(g);
            }
          }
        }
        yield kind == ColumnType.LIST_FLOAT32
            ? ListFloat32Column.of(name, rows)
            : LargeListFloat32Column.of(name, rows);
      }
    };
  }

  /** 32-bit values drawn from {@code g} where the row is valid, 0 under a null. */
  private static int[] ints(Source s, int n, boolean[] valid, Gen<Long> g) {
    int[] v = new int[n];
    for (int i = 0; i < n; i++) {
      v[i] = valid[i] ? (int) (long) s.draw(g) : 0;
    }
    return v;
  }

  private static boolean[] validity(Source s, Nulls nulls, int n) {
    boolean[] valid = new boolean[n];
    switch (nulls) {
      case NEVER:
        Arrays.fill(valid, true);
        break;
      case ALWAYS:
        break;
      default:
        double p = new double[] {0.1, 0.5, 0.9}[s.choose(3)];
        for (int i = 0; i < n; i++) {
          valid[i] = !s.weighted(p);
        }
    }
    return valid;
  }

  // ---- tables

  /** Tables of the {@link TableShape#DEFAULT} shape. */
  public static Gen<TableCase> tables() {
    return tables(TableShape.DEFAULT);
  }

  /**
   * Tables of {@code shape}: a row count from {@link #rowCounts}, then 1 to {@code maxColumns} columns, each drawn
   * with its declaration, so that the shrinker removes a column whole.
   */
  public static Gen<TableCase> tables(TableShape shape) {
    return s -> {
      int n = s.draw(rowCounts(shape.maxRows(), 0));
      return new TableCase(s.draw(columns(n, shape)));
    };
  }

  /** 1 to {@code shape.maxColumns()} columns of {@code rows} rows, named {@code c0, c1, ...} (now and then oddly). */
  public static Gen<List<Column>> columns(int rows, TableShape shape) {
    Gen<ColumnType> kinds = kinds(shape.kinds());
    Gen<String> names = Gens.frequency(
        Gens.weighted(9, Gens.constant(NAMES[0])), Gens.weighted(1, Gens.elements(NAMES)));
    Gen<Column> one = s -> {
      String base = s.draw(names);
      ColumnType kind = s.draw(kinds);
      // the name gets its index later; draw the values under a placeholder
      return s.draw(column(new ColumnDecl(base, kind, s.draw(nulls(kind))), rows, shape));
    };
    return Gens.lists(one, 1, shape.maxColumns()).map(cs -> {
      List<Column> out = new ArrayList<>();
      for (int i = 0; i < cs.size(); i++) {
        out.add(renamed(cs.get(i), cs.get(i).name() + i));
      }
      return List.copyOf(out);
    });
  }

  /** {@code c} under another name (the arrays are shared). */
  public static Column renamed(Column c, String name) {
    return c.accept(new ColumnVisitor<>() {
      @Override
      public Column int64(Int64Column x) {
        return new Int64Column(name, x.values());
      }

      @Override
      public Column int32(Int32Column x) {
        return new Int32Column(name, x.values());
      }

      @Override
      public Column uint32(UInt32Column x) {
        return new UInt32Column(name, x.values());
      }

      @Override
      public Column float64(Float64Column x) {
        return new Float64Column(name, x.values());
      }

      @Override
      public Column float32(Float32Column x) {
        return new Float32Column(name, x.values());
      }

      @Override
      public Column bool(BoolColumn x) {
        return new BoolColumn(name, x.values());
      }

      @Override
      public Column utf8(Utf8Column x) {
        return new Utf8Column(name, x.data(), x.offsets());
      }

      @Override
      public Column optInt64(OptInt64Column x) {
        return new OptInt64Column(name, x.values(), x.valid());
      }

      @Override
      public Column optInt32(OptInt32Column x) {
        return new OptInt32Column(name, x.values(), x.valid());
      }

      @Override
      public Column optUInt32(OptUInt32Column x) {
        return new OptUInt32Column(name, x.values(), x.valid());
      }

      @Override
      public Column optFloat64(OptFloat64Column x) {
        return new OptFloat64Column(name, x.values(), x.valid());
      }

      @Override
      public Column optFloat32(OptFloat32Column x) {
        return new OptFloat32Column(name, x.values(), x.valid());
      }

      @Override
      public Column optBool(OptBoolColumn x) {
        return new OptBoolColumn(name, x.values(), x.valid());
      }

      @Override
      public Column optUtf8(OptUtf8Column x) {
        return new OptUtf8Column(name, x.data(), x.offsets(), x.valid());
      }

      @Override
      public Column listFloat32(ListFloat32Column x) {
        return new ListFloat32Column(name, x.offsets(), x.values(), x.valid());
      }

      @Override
      public Column listFloat64(ListFloat64Column x) {
        return new ListFloat64Column(name, x.offsets(), x.values(), x.valid());
      }

      @Override
      public Column largeListFloat32(LargeListFloat32Column x) {
        return new LargeListFloat32Column(name, x.offsets(), x.values(), x.valid());
      }
    });
  }

  /** Tables of the given columns, with row counts from {@code rows}. */
  public static Gen<TableCase> tables(List<ColumnDecl> decls, Gen<Integer> rows, TableShape shape) {
    List<ColumnDecl> copy = List.copyOf(decls);
    return s -> {
      int n = s.draw(rows);
      List<Column> cols = new ArrayList<>();
      for (ColumnDecl d : copy) {
        cols.add(s.draw(column(d, n, shape)));
      }
      return new TableCase(cols);
    };
  }

  // ---- how a table is written

  /**
   * Chunkings of {@code rows} rows: sizes adding up to {@code rows}, as one chunk, one row per chunk (up to 2,000
   * rows), or cut at drawn places, where equal cuts make empty chunks; an empty chunk now and then comes first or
   * last. Shrinks towards one chunk.
   */
  public static Gen<int[]> chunkings(int rows) {
    Gen<int[]> one = Gens.constant(new int[] {rows});
    Gen<int[]> perRow = s -> {
      if (rows == 0) {
        return new int[] {0}; // a writer needs one chunk, even an empty one, to fix the schema
      }
      int[] c = new int[rows];
      Arrays.fill(c, 1);
      return c;
    };
    Gen<int[]> cuts = s -> {
      List<Integer> at = s.draw(Gens.integers(0, rows).list(1, 8));
      int[] points = at.stream().mapToInt(Integer::intValue).sorted().toArray();
      List<Integer> sizes = new ArrayList<>();
      if (s.weighted(0.2)) {
        sizes.add(0);
      }
      int prev = 0;
      for (int p : points) {
        sizes.add(p - prev);
        prev = p;
      }
      sizes.add(rows - prev);
      if (s.weighted(0.2)) {
        sizes.add(0);
      }
      return sizes.stream().mapToInt(Integer::intValue).toArray();
    };
    return Gens.frequency(
        Gens.weighted(2, one), Gens.weighted(rows <= 2000 ? 1 : 0, perRow), Gens.weighted(6, cuts));
  }

  /** Codec-pool thread counts: 1, 2, the core count and one more, and anything up to 8. */
  public static Gen<Integer> threadCounts() {
    int cores = Runtime.getRuntime().availableProcessors();
    return Gens.frequency(
        Gens.weighted(2, Gens.constant(1)),
        Gens.weighted(4, Gens.elements(2, cores, cores + 1)),
        Gens.weighted(2, Gens.integers(1, 8)));
  }

  /** Row-group caps: none (0, the uncapped layout), small and round ones, and anything up to 5,000. */
  public static Gen<Integer> rowGroupCaps() {
    return Gens.frequency(
        Gens.weighted(4, Gens.constant(0)),
        Gens.weighted(4, Gens.elements(1, 2, 3, 7, 100, 1000, 4096, 65_536)),
        Gens.weighted(2, Gens.integers(1, 5000)));
  }

  /**
   * Writer options for a table with {@code columns} and the row-group cap {@code cap} (0: uncapped): the float plan on
   * or off, some plain columns, the codec, and now and then a metadata entry.
   */
  public static Gen<WriteOptions> writeOptions(List<String> columns, int cap) {
    List<String> names = List.copyOf(columns);
    return s -> {
      WriteOptions.Builder b = WriteOptions.builder();
      if (cap > 0) {
        b.rowGroupRows(cap);
      }
      b.floatPlan(s.draw(1) == 0);
      for (String n : names) {
        if (s.weighted(0.15)) {
          b.plainColumn(n);
        }
      }
      b.codec(s.draw(1) == 0 ? Codec.SNAPPY : Codec.UNCOMPRESSED);
      if (s.weighted(0.1)) {
        b.metadata("testkit.stage", s.draw(strings()));
      }
      return b.build();
    };
  }

  /**
   * Write cases of {@code shape}: a row-group cap (or none), a row count around its boundaries (at most 64 row
   * groups, so a cap of 1 keeps the table small), the columns, the other writer options, a chunking and a thread
   * count.
   */
  public static Gen<WriteCase> writeCases(TableShape shape) {
    return s -> {
      int cap = s.draw(rowGroupCaps());
      int maxRows = cap > 0 ? (int) Math.min(shape.maxRows(), 64L * cap) : shape.maxRows();
      int n = s.draw(rowCounts(maxRows, cap));
      TableCase table = new TableCase(s.draw(columns(n, shape)));
      WriteOptions options =
          s.draw(writeOptions(table.columns().stream().map(Column::name).toList(), cap));
      int[] chunks = s.draw(chunkings(n));
      int threads = s.draw(threadCounts());
      return new WriteCase(table, options, chunks, threads);
    };
  }
}
