package io.github.artifactio.engine.table;


import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.NullValueException;
import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType.Leaf;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A Parquet artifact read into memory: its columns as {@link Column} records, with typed getters that return the
 * primitive arrays.
 *
 * <p>Required getters ({@link #int64}, {@link #float64}, {@link #utf8}, ...) refuse a NULL, naming the column and the
 * absolute file row, rather than substituting 0, NaN or an empty string. The {@code opt*} getters keep nulls distinct
 * for every type. List getters read {@code List} and {@code LargeList} alike; the string getters read {@code Utf8} and
 * {@code LargeUtf8} alike (the Rust engine refuses the latter; the Maven plugin reports it).
 */
public final class Table {
  private static final int LISTED_NAMES = 24;

  private final Path path;
  private final long rows;
  private final List<ColumnSpec> specs;
  private final Map<String, Column> columns;

  private Table(Path path, long rows, List<ColumnSpec> specs, List<Column> columns) {
    this.path = path;
    this.rows = rows;
    this.specs = List.copyOf(specs);
    this.columns = new LinkedHashMap<>();
    for (Column c : columns) {
      this.columns.put(c.name(), c);
    }
  }

  /** A table over columns already read (the handle's getters read one column this way). */
  static Table of(Path path, long rows, List<ColumnSpec> specs, List<Column> columns) {
    return new Table(path, rows, specs, columns);
  }

  /** Reads every column of {@code path}; a column of a type outside the model is an error naming it. */
  public static Table read(Path path) {
    return read(TableFile.open(path), null);
  }

  /** Reads the named columns, in file order; an unknown name is an error listing the columns present. */
  public static Table read(Path path, List<String> columns) {
    return read(TableFile.open(path), columns);
  }

  public static Table read(Path path, String... columns) {
    return read(TableFile.open(path), List.of(columns));
  }

  static Table read(TableFile file, List<String> names) {
    List<ColumnSpec> projection = file.projection(names);
    return new Table(file.path(), file.rows(), projection, file.readColumns(projection));
  }

  public Path path() {
    return path;
  }

  public long rows() {
    return rows;
  }

  /** Column names, in file order. */
  public List<String> columnNames() {
    return specs.stream().map(ColumnSpec::name).collect(Collectors.toList());
  }

  /** The columns as the file declares them. */
  public List<ColumnSpec> specs() {
    return specs;
  }

  /** Every column read, in file order. */
  public List<Column> columns() {
    return List.copyOf(columns.values());
  }

  public boolean hasColumn(String name) {
    return columns.containsKey(name);
  }

  /** The column {@code name} as its record. */
  public Column column(String name) {
    Column c = columns.get(name);
    if (c == null) {
      throw notFound(path, name, columnNames());
    }
    return c;
  }

  public ColumnSpec spec(String name) {
    for (ColumnSpec s : specs) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw notFound(path, name, columnNames());
  }

  // ---- required getters: a NULL is an error naming the column and the row

  public long[] int64(String name) {
    Column c = column(name);
    if (c instanceof Int64Column) {
      return ((Int64Column) c).values();
    }
    if (c instanceof OptInt64Column) {
      OptInt64Column o = (OptInt64Column) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.INT64);
  }

  public int[] int32(String name) {
    Column c = column(name);
    if (c instanceof Int32Column) {
      return ((Int32Column) c).values();
    }
    if (c instanceof OptInt32Column) {
      OptInt32Column o = (OptInt32Column) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.INT32);
  }

  /** A UInt32 column as {@code int} bit patterns; read a value with {@link Integer#toUnsignedLong}. */
  public int[] uint32(String name) {
    Column c = column(name);
    if (c instanceof UInt32Column) {
      return ((UInt32Column) c).values();
    }
    if (c instanceof OptUInt32Column) {
      OptUInt32Column o = (OptUInt32Column) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.UINT32);
  }

  public double[] float64(String name) {
    Column c = column(name);
    if (c instanceof Float64Column) {
      return ((Float64Column) c).values();
    }
    if (c instanceof OptFloat64Column) {
      OptFloat64Column o = (OptFloat64Column) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.FLOAT64);
  }

  public float[] float32(String name) {
    Column c = column(name);
    if (c instanceof Float32Column) {
      return ((Float32Column) c).values();
    }
    if (c instanceof OptFloat32Column) {
      OptFloat32Column o = (OptFloat32Column) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.FLOAT32);
  }

  public boolean[] bool(String name) {
    Column c = column(name);
    if (c instanceof BoolColumn) {
      return ((BoolColumn) c).values();
    }
    if (c instanceof OptBoolColumn) {
      OptBoolColumn o = (OptBoolColumn) c;
      requireNoNulls(name, o.valid());
      return o.values();
    }
    throw notOfType(name, Leaf.BOOL);
  }

  /** A string column as strings. */
  public String[] utf8(String name) {
    return utf8Column(name).toStrings();
  }

  /** A string column as one UTF-8 arena plus offsets, without building a string per row. */
  public Utf8Column utf8Column(String name) {
    Column c = column(name);
    if (c instanceof Utf8Column) {
      return (Utf8Column) c;
    }
    if (c instanceof OptUtf8Column) {
      OptUtf8Column o = (OptUtf8Column) c;
      requireNoNulls(name, o.valid());
      return new Utf8Column(name, o.data(), o.offsets());
    }
    throw notOfType(name, Leaf.UTF8);
  }

  // ---- null-aware getters: every type, nulls kept distinct

  public OptInt64Column optInt64(String name) {
    Column c = column(name);
    if (c instanceof OptInt64Column) {
      return (OptInt64Column) c;
    }
    if (c instanceof Int64Column) {
      return OptInt64Column.allValid(name, ((Int64Column) c).values());
    }
    throw notOfType(name, Leaf.INT64);
  }

  public OptInt32Column optInt32(String name) {
    Column c = column(name);
    if (c instanceof OptInt32Column) {
      return (OptInt32Column) c;
    }
    if (c instanceof Int32Column) {
      return OptInt32Column.allValid(name, ((Int32Column) c).values());
    }
    throw notOfType(name, Leaf.INT32);
  }

  public OptUInt32Column optUInt32(String name) {
    Column c = column(name);
    if (c instanceof OptUInt32Column) {
      return (OptUInt32Column) c;
    }
    if (c instanceof UInt32Column) {
      return OptUInt32Column.allValid(name, ((UInt32Column) c).values());
    }
    throw notOfType(name, Leaf.UINT32);
  }

  public OptFloat64Column optFloat64(String name) {
    Column c = column(name);
    if (c instanceof OptFloat64Column) {
      return (OptFloat64Column) c;
    }
    if (c instanceof Float64Column) {
      return OptFloat64Column.allValid(name, ((Float64Column) c).values());
    }
    throw notOfType(name, Leaf.FLOAT64);
  }

  public OptFloat32Column optFloat32(String name) {
    Column c = column(name);
    if (c instanceof OptFloat32Column) {
      return (OptFloat32Column) c;
    }
    if (c instanceof Float32Column) {
      return OptFloat32Column.allValid(name, ((Float32Column) c).values());
    }
    throw notOfType(name, Leaf.FLOAT32);
  }

  public OptBoolColumn optBool(String name) {
    Column c = column(name);
    if (c instanceof OptBoolColumn) {
      return (OptBoolColumn) c;
    }
    if (c instanceof BoolColumn) {
      return OptBoolColumn.allValid(name, ((BoolColumn) c).values());
    }
    throw notOfType(name, Leaf.BOOL);
  }

  public OptUtf8Column optUtf8(String name) {
    Column c = column(name);
    if (c instanceof OptUtf8Column) {
      return (OptUtf8Column) c;
    }
    if (c instanceof Utf8Column) {
      Utf8Column u = (Utf8Column) c;
      boolean[] valid = new boolean[u.length()];
      java.util.Arrays.fill(valid, true);
      return new OptUtf8Column(name, u.data(), u.offsets(), valid);
    }
    throw notOfType(name, Leaf.UTF8);
  }

  // ---- lists: List and LargeList alike; a null row stays null (valid[i] false)

  public ListFloat32Column listFloat32(String name) {
    Column c = column(name);
    if (c instanceof ListFloat32Column) {
      return (ListFloat32Column) c;
    }
    if (c instanceof LargeListFloat32Column) {
      LargeListFloat32Column l = (LargeListFloat32Column) c;
      int[] offsets = new int[l.offsets().length];
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] = (int) l.offsets()[i]; // a Java array bounds the values below 2^31
      }
      return new ListFloat32Column(name, offsets, l.values(), l.valid());
    }
    throw notOfList(name, "f32");
  }

  public ListFloat64Column listFloat64(String name) {
    Column c = column(name);
    if (c instanceof ListFloat64Column) {
      return (ListFloat64Column) c;
    }
    throw notOfList(name, "f64");
  }

  private void requireNoNulls(String name, boolean[] valid) {
    for (int i = 0; i < valid.length; i++) {
      if (!valid[i]) {
        throw rejectNull(path, name, i);
      }
    }
  }

  /** The Rust engine's {@code reject_null} wording, with the file. */
  static NullValueException rejectNull(Path path, String name, long row) {
    return new NullValueException(
        path,
        name,
        row,
        "column '" + name + "' has a NULL at row " + row + ", but it is a required column. Nullable columns are"
            + " written through the Opt* variants and read through the opt* getters; a NULL here would otherwise be"
            + " substituted with 0 or an empty string. Fix or drop the row (in " + path + ")");
  }

  private ColumnTypeException notOfType(String name, Leaf leaf) {
    return new ColumnTypeException(
        path, name, null, "column '" + name + "' is not " + leaf.shortName() + ": it is " + spec(name).describe()
            + " in " + path);
  }

  private ColumnTypeException notOfList(String name, String item) {
    Column c = column(name);
    String why = c.type().isList()
        ? "list '" + name + "' inner is not " + item
        : "column '" + name + "' is not a list";
    return new ColumnTypeException(path, name, null, why + ": it is " + spec(name).describe() + " in " + path);
  }

  /** The Rust engine's missing-column wording: the first 24 names, then how many more. */
  static ColumnNotFoundException notFound(Path path, String name, List<String> present) {
    StringBuilder names = new StringBuilder("[");
    for (int i = 0; i < Math.min(LISTED_NAMES, present.size()); i++) {
      names.append(i == 0 ? "" : ", ").append('"').append(present.get(i)).append('"');
    }
    names.append(']');
    if (present.size() > LISTED_NAMES) {
      names.append(" ... and ").append(present.size() - LISTED_NAMES).append(" more");
    }
    return new ColumnNotFoundException(
        path,
        name,
        null,
        "column '" + name + "' not found in " + path + " (" + present.size() + " columns: " + names + ")");
  }

  @Override
  public String toString() {
    return "Table[" + path + ", " + rows + " rows, " + columnNames() + "]";
  }

}
