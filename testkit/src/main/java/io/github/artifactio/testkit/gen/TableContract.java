package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.column.ValueVisitor;
import io.github.artifactio.testkit.property.Gen;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a stage expects of its input table, declared once: column names, kinds (a nullable kind for a nullable column),
 * how many nulls, and the invariants {@code contiguous-ids} (an integer column holding 0, 1, ..., n-1 in row order)
 * and {@code ascending} (a required column whose values never decrease: numbers by value with -0.0 before 0.0 and no
 * NaN, strings by their UTF-8 bytes). {@link #tables} generates inputs that satisfy it, so a property tests the stage
 * on the inputs it is written for.
 *
 * <pre>{@code
 * TableContract contract = TableContract.builder()
 *     .column("id", ColumnType.UINT32).contiguousIds()
 *     .column("rt", ColumnType.FLOAT64).ascending()
 *     .column("name", ColumnType.OPT_UTF8)
 *     .build();
 * Property.forAll(contract.tables(1000)).check(t -> ...);
 * }</pre>
 */
public final class TableContract {
  /** An invariant of one column. */
  public enum Invariant {
    NONE,
    CONTIGUOUS_IDS,
    ASCENDING
  }

  /** One declared column. {@code nulls} is null where the generator chooses (never, some or all). */
  public record Declared(String name, ColumnType kind, Nulls nulls, Invariant invariant) {}

  private final List<Declared> columns;

  private TableContract(List<Declared> columns) {
    this.columns = List.copyOf(columns);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The declared columns, in order. */
  public List<Declared> columns() {
    return columns;
  }

  /** Tables that satisfy the contract, with up to {@code maxRows} rows and no huge strings. */
  public Gen<TableCase> tables(int maxRows) {
    return tables(TableShape.DEFAULT.withMaxRows(maxRows).withHugeStrings(false));
  }

  /** Tables that satisfy the contract, with the row counts and string sizes of {@code shape}. */
  public Gen<TableCase> tables(TableShape shape) {
    Gen<Integer> rows = Tables.rowCounts(shape.maxRows(), 0);
    return s -> {
      int n = s.draw(rows);
      List<Column> cols = new ArrayList<>();
      for (Declared d : columns) {
        Nulls nulls = d.nulls() != null ? d.nulls() : s.draw(Tables.nulls(d.kind()));
        ColumnDecl decl = new ColumnDecl(d.name(), d.kind(), nulls);
        cols.add(s.draw(column(decl, d.invariant(), n, shape)));
      }
      return new TableCase(cols);
    };
  }

  private static Gen<Column> column(ColumnDecl d, Invariant inv, int n, TableShape shape) {
    return switch (inv) {
      case CONTIGUOUS_IDS -> s -> ids(d, n);
      case ASCENDING -> s -> ascending(s.draw(Tables.column(d, n, shape)));
      case NONE -> Tables.column(d, n, shape);
    };
  }

  /** The ids {@code 0..n-1} in a column of the declared integer kind (the builder allows no other). */
  private static Column ids(ColumnDecl d, int n) {
    return switch (d.kind()) {
      case INT64 -> {
        long[] v = new long[n];
        Arrays.setAll(v, i -> i);
        yield new Int64Column(d.name(), v);
      }
      case INT32 -> new Int32Column(d.name(), upTo(n));
      case UINT32 -> new UInt32Column(d.name(), upTo(n));
      default -> throw new IllegalStateException("contiguous ids are not defined for " + d.kind());
    };
  }

  private static int[] upTo(int n) {
    int[] v = new int[n];
    Arrays.setAll(v, i -> i);
    return v;
  }

  /**
   * {@code c} sorted as the ascending rule reads it: numbers numerically (NaN replaced by 0, UInt32 unsigned), strings
   * by their UTF-8 bytes. The builder allows ascending on required columns other than booleans.
   */
  private static Column ascending(Column c) {
    if (c.type().nullable()) {
      throw new IllegalStateException("ascending is not defined for " + c.type());
    }
    String name = c.name();
    return c.acceptValues(new ValueVisitor<>() {
      @Override
      public Column int64(long[] values, boolean[] valid) {
        long[] v = values.clone();
        Arrays.sort(v);
        return new Int64Column(name, v);
      }

      @Override
      public Column int32(int[] values, boolean[] valid) {
        int[] v = values.clone();
        Arrays.sort(v);
        return new Int32Column(name, v);
      }

      @Override
      public Column uint32(int[] values, boolean[] valid) {
        int[] v = values.clone();
        long[] u = new long[v.length];
        for (int i = 0; i < v.length; i++) {
          u[i] = Integer.toUnsignedLong(v[i]);
        }
        Arrays.sort(u);
        for (int i = 0; i < v.length; i++) {
          v[i] = (int) u[i];
        }
        return new UInt32Column(name, v);
      }

      @Override
      public Column float64(double[] values, boolean[] valid) {
        double[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
          v[i] = Double.isNaN(v[i]) ? 0.0 : v[i];
        }
        Arrays.sort(v); // total order: -Inf .. -0.0, 0.0 .. +Inf
        return new Float64Column(name, v);
      }

      @Override
      public Column float32(float[] values, boolean[] valid) {
        float[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
          v[i] = Float.isNaN(v[i]) ? 0f : v[i];
        }
        Arrays.sort(v);
        return new Float32Column(name, v);
      }

      @Override
      public Column bool(boolean[] values, boolean[] valid) {
        throw new IllegalStateException("ascending is not defined for " + c.type());
      }

      @Override
      public Column utf8(byte[] data, int[] offsets, boolean[] valid) {
        String[] v = new Utf8Column(name, data, offsets).toStrings();
        Arrays.sort(v, Comparator.comparing(
            (String s) -> s.getBytes(StandardCharsets.UTF_8), Arrays::compareUnsigned));
        return Utf8Column.of(name, v);
      }
    });
  }

  /** Declares a contract column by column; an invariant applies to the column declared last. */
  public static final class Builder {
    private final List<Declared> columns = new ArrayList<>();
    private final Set<String> names = new LinkedHashSet<>();

    private Builder() {}

    /** A column; a nullable kind gets never, some or all nulls as the generator chooses. */
    public Builder column(String name, ColumnType kind) {
      return add(name, kind, null);
    }

    /** A column with a fixed null policy ({@link Nulls#NEVER} for a nullable column that is always full). */
    public Builder column(String name, ColumnType kind, Nulls nulls) {
      return add(name, kind, Objects.requireNonNull(nulls, "nulls"));
    }

    private Builder add(String name, ColumnType kind, Nulls nulls) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
      if (name.isEmpty()) {
        throw new IllegalArgumentException("a column name must not be empty");
      }
      if (!names.add(name)) {
        throw new IllegalArgumentException("column '" + name + "' is declared twice");
      }
      new ColumnDecl(name, kind, nulls == null ? Nulls.NEVER : nulls); // validates nulls against the kind
      columns.add(new Declared(name, kind, nulls, Invariant.NONE));
      return this;
    }

    /** The last column holds 0, 1, ..., n-1: it must be a required INT64, INT32 or UINT32 column. */
    public Builder contiguousIds() {
      Declared d = last("contiguousIds");
      if (d.kind() != ColumnType.INT64 && d.kind() != ColumnType.INT32 && d.kind() != ColumnType.UINT32) {
        throw new IllegalArgumentException(
            "contiguous-ids needs a required integer column, but '" + d.name() + "' is " + d.kind());
      }
      return replaceLast(Invariant.CONTIGUOUS_IDS);
    }

    /** The last column's values never decrease: it must be a required numeric or string column. */
    public Builder ascending() {
      Declared d = last("ascending");
      if (d.kind().nullable() || d.kind() == ColumnType.BOOL) {
        throw new IllegalArgumentException(
            "ascending needs a required numeric or string column, but '" + d.name() + "' is " + d.kind());
      }
      return replaceLast(Invariant.ASCENDING);
    }

    private Declared last(String what) {
      if (columns.isEmpty()) {
        throw new IllegalStateException(what + "(): declare a column first");
      }
      Declared d = columns.get(columns.size() - 1);
      if (d.invariant() != Invariant.NONE) {
        throw new IllegalStateException("column '" + d.name() + "' already has the invariant " + d.invariant());
      }
      return d;
    }

    private Builder replaceLast(Invariant inv) {
      Declared d = columns.remove(columns.size() - 1);
      columns.add(new Declared(d.name(), d.kind(), d.nulls(), inv));
      return this;
    }

    public TableContract build() {
      if (columns.isEmpty()) {
        throw new IllegalStateException("a contract needs at least one column");
      }
      return new TableContract(columns);
    }
  }
}
