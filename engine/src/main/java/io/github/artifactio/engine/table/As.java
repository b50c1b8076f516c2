package io.github.artifactio.engine.table;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType.Leaf;
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
import java.util.Arrays;
import java.util.function.Function;

/**
 * What a column is read as, the one typed accessor of {@link Table#get} and {@link TableFile#get}:
 * {@code t.get("precursor_mz", As.FLOAT64)} is the column's {@code double[]}.
 *
 * <ul>
 *   <li>The required forms ({@link #INT64}, {@link #FLOAT64}, {@link #UTF8}, ...) return the primitive values and
 *       refuse a NULL, naming the column and the (file) row, rather than substituting 0, NaN or an empty string; a
 *       nullable column without a null reads.
 *   <li>The null-aware forms ({@link #OPT_INT64}, ...) return the {@code Opt*} record for either nullability, nulls
 *       kept distinct.
 *   <li>The list forms read {@code List} and {@code LargeList} alike ({@link #LIST_FLOAT32}); a null row stays null.
 * </ul>
 *
 * The string forms read {@code Utf8} and {@code LargeUtf8} alike (the Rust engine refuses the latter; the Maven plugin
 * reports it). A column of another type is a {@code ColumnTypeException} naming both types.
 *
 * @param <T> the type the column is read as
 */
public final class As<T> {
  /** Where a required read reports a null: the table, which knows the column and how to name the row. */
  @FunctionalInterface
  interface Nulls {
    /** Throws for the first false in {@code valid}. */
    void refuse(boolean[] valid);
  }

  public static final As<long[]> INT64 = scalar(Leaf.INT64, nulls -> new Only<>() {
    @Override
    public long[] int64(Int64Column c) {
      return c.values();
    }

    @Override
    public long[] optInt64(OptInt64Column c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  public static final As<int[]> INT32 = scalar(Leaf.INT32, nulls -> new Only<>() {
    @Override
    public int[] int32(Int32Column c) {
      return c.values();
    }

    @Override
    public int[] optInt32(OptInt32Column c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  /** A UInt32 column as {@code int} bit patterns; read a value with {@link Integer#toUnsignedLong}. */
  public static final As<int[]> UINT32 = scalar(Leaf.UINT32, nulls -> new Only<>() {
    @Override
    public int[] uint32(UInt32Column c) {
      return c.values();
    }

    @Override
    public int[] optUInt32(OptUInt32Column c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  public static final As<double[]> FLOAT64 = scalar(Leaf.FLOAT64, nulls -> new Only<>() {
    @Override
    public double[] float64(Float64Column c) {
      return c.values();
    }

    @Override
    public double[] optFloat64(OptFloat64Column c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  public static final As<float[]> FLOAT32 = scalar(Leaf.FLOAT32, nulls -> new Only<>() {
    @Override
    public float[] float32(Float32Column c) {
      return c.values();
    }

    @Override
    public float[] optFloat32(OptFloat32Column c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  public static final As<boolean[]> BOOL = scalar(Leaf.BOOL, nulls -> new Only<>() {
    @Override
    public boolean[] bool(BoolColumn c) {
      return c.values();
    }

    @Override
    public boolean[] optBool(OptBoolColumn c) {
      nulls.refuse(c.valid());
      return c.values();
    }
  });

  /**
   * A string column as one UTF-8 arena plus {@code rows + 1} offsets, without a string per row (upstream
   * {@code str_flat}).
   */
  public static final As<Utf8Column> UTF8_FLAT = scalar(Leaf.UTF8, nulls -> new Only<>() {
    @Override
    public Utf8Column utf8(Utf8Column c) {
      return c;
    }

    @Override
    public Utf8Column optUtf8(OptUtf8Column c) {
      nulls.refuse(c.valid());
      return new Utf8Column(c.name(), c.data(), c.offsets());
    }
  });

  /** A string column as strings. */
  public static final As<String[]> UTF8 = new As<>(Leaf.UTF8, false, nulls -> {
    ColumnVisitor<Utf8Column> flat = UTF8_FLAT.visitor.apply(nulls);
    return new Only<>() {
      @Override
      public String[] utf8(Utf8Column c) {
        return flat.utf8(c).toStrings();
      }

      @Override
      public String[] optUtf8(OptUtf8Column c) {
        return flat.optUtf8(c).toStrings();
      }
    };
  });

  public static final As<OptInt64Column> OPT_INT64 = scalar(Leaf.INT64, nulls -> new Only<>() {
    @Override
    public OptInt64Column int64(Int64Column c) {
      return OptInt64Column.allValid(c.name(), c.values());
    }

    @Override
    public OptInt64Column optInt64(OptInt64Column c) {
      return c;
    }
  });

  public static final As<OptInt32Column> OPT_INT32 = scalar(Leaf.INT32, nulls -> new Only<>() {
    @Override
    public OptInt32Column int32(Int32Column c) {
      return OptInt32Column.allValid(c.name(), c.values());
    }

    @Override
    public OptInt32Column optInt32(OptInt32Column c) {
      return c;
    }
  });

  public static final As<OptUInt32Column> OPT_UINT32 = scalar(Leaf.UINT32, nulls -> new Only<>() {
    @Override
    public OptUInt32Column uint32(UInt32Column c) {
      return OptUInt32Column.allValid(c.name(), c.values());
    }

    @Override
    public OptUInt32Column optUInt32(OptUInt32Column c) {
      return c;
    }
  });

  public static final As<OptFloat64Column> OPT_FLOAT64 = scalar(Leaf.FLOAT64, nulls -> new Only<>() {
    @Override
    public OptFloat64Column float64(Float64Column c) {
      return OptFloat64Column.allValid(c.name(), c.values());
    }

    @Override
    public OptFloat64Column optFloat64(OptFloat64Column c) {
      return c;
    }
  });

  public static final As<OptFloat32Column> OPT_FLOAT32 = scalar(Leaf.FLOAT32, nulls -> new Only<>() {
    @Override
    public OptFloat32Column float32(Float32Column c) {
      return OptFloat32Column.allValid(c.name(), c.values());
    }

    @Override
    public OptFloat32Column optFloat32(OptFloat32Column c) {
      return c;
    }
  });

  public static final As<OptBoolColumn> OPT_BOOL = scalar(Leaf.BOOL, nulls -> new Only<>() {
    @Override
    public OptBoolColumn bool(BoolColumn c) {
      return OptBoolColumn.allValid(c.name(), c.values());
    }

    @Override
    public OptBoolColumn optBool(OptBoolColumn c) {
      return c;
    }
  });

  public static final As<OptUtf8Column> OPT_UTF8 = scalar(Leaf.UTF8, nulls -> new Only<>() {
    @Override
    public OptUtf8Column utf8(Utf8Column c) {
      boolean[] valid = new boolean[c.length()];
      Arrays.fill(valid, true);
      return new OptUtf8Column(c.name(), c.data(), c.offsets(), valid);
    }

    @Override
    public OptUtf8Column optUtf8(OptUtf8Column c) {
      return c;
    }
  });

  /** {@code List(Float32)} and {@code LargeList(Float32)} alike, with 32-bit offsets (a Java array holds < 2^31). */
  public static final As<ListFloat32Column> LIST_FLOAT32 = list(Leaf.FLOAT32, nulls -> new Only<>() {
    @Override
    public ListFloat32Column listFloat32(ListFloat32Column c) {
      return c;
    }

    @Override
    public ListFloat32Column largeListFloat32(LargeListFloat32Column c) {
      int[] offsets = new int[c.offsets().length];
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] = (int) c.offsets()[i]; // a Java array bounds the values below 2^31
      }
      return new ListFloat32Column(c.name(), offsets, c.values(), c.valid());
    }
  });

  public static final As<ListFloat64Column> LIST_FLOAT64 = list(Leaf.FLOAT64, nulls -> new Only<>() {
    @Override
    public ListFloat64Column listFloat64(ListFloat64Column c) {
      return c;
    }
  });

  private final Leaf leaf;
  private final boolean list;
  private final Function<Nulls, ColumnVisitor<T>> visitor;

  private As(Leaf leaf, boolean list, Function<Nulls, ColumnVisitor<T>> visitor) {
    this.leaf = leaf;
    this.list = list;
    this.visitor = visitor;
  }

  private static <T> As<T> scalar(Leaf leaf, Function<Nulls, ColumnVisitor<T>> visitor) {
    return new As<>(leaf, false, visitor);
  }

  private static <T> As<T> list(Leaf item, Function<Nulls, ColumnVisitor<T>> visitor) {
    return new As<>(item, true, visitor);
  }

  /** {@code c} read this way, or null where its kind is not one this form reads. */
  T read(Column c, Nulls nulls) {
    return c.accept(visitor.apply(nulls));
  }

  /** The value type this form reads (the item type of a list form). */
  Leaf leaf() {
    return leaf;
  }

  /** Whether this form reads list columns. */
  boolean isList() {
    return list;
  }

  @Override
  public String toString() {
    return "As[" + (list ? "list of " : "") + leaf.shortName() + "]";
  }

  /**
   * Reads no kind: a form overrides the kinds it reads, and every other kind, present or added later, is a type
   * error for it.
   */
  private abstract static class Only<T> implements ColumnVisitor<T> {
    @Override
    public T int64(Int64Column c) {
      return null;
    }

    @Override
    public T int32(Int32Column c) {
      return null;
    }

    @Override
    public T uint32(UInt32Column c) {
      return null;
    }

    @Override
    public T float64(Float64Column c) {
      return null;
    }

    @Override
    public T float32(Float32Column c) {
      return null;
    }

    @Override
    public T bool(BoolColumn c) {
      return null;
    }

    @Override
    public T utf8(Utf8Column c) {
      return null;
    }

    @Override
    public T optInt64(OptInt64Column c) {
      return null;
    }

    @Override
    public T optInt32(OptInt32Column c) {
      return null;
    }

    @Override
    public T optUInt32(OptUInt32Column c) {
      return null;
    }

    @Override
    public T optFloat64(OptFloat64Column c) {
      return null;
    }

    @Override
    public T optFloat32(OptFloat32Column c) {
      return null;
    }

    @Override
    public T optBool(OptBoolColumn c) {
      return null;
    }

    @Override
    public T optUtf8(OptUtf8Column c) {
      return null;
    }

    @Override
    public T listFloat32(ListFloat32Column c) {
      return null;
    }

    @Override
    public T listFloat64(ListFloat64Column c) {
      return null;
    }

    @Override
    public T largeListFloat32(LargeListFloat32Column c) {
      return null;
    }
  }
}
