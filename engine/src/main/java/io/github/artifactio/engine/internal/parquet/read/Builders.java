package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
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

/**
 * One batch of one column being decoded: the primitive arrays a {@link Column} record is built from. Scalar builders
 * are sized to the batch exactly; strings and list items grow. Each batch gets fresh arrays, because a record holds
 * its arrays without copying.
 */
final class Builders {
  private Builders() {}

  /** A builder for {@code rows} rows of {@code kind}; the column is nullable when the file's leaf is optional. */
  static Base create(String name, ColumnType kind, boolean optional, int rows) {
    return create(name, kind, optional, rows, -1);
  }

  /**
   * A builder for {@code rows} rows; {@code itemsHint} (or -1) is the expected number of list items, which a scan takes
   * from the column's previous batch: growing the items array by doubling copied it once or twice per batch (reading
   * the read benchmark's list column: best of 25 runs 101.7-105.0 ms with the hint, 107.5-114.9 ms without).
   */
  static Base create(String name, ColumnType kind, boolean optional, int rows, int itemsHint) {
    return switch (kind) {
      case INT64, OPT_INT64 -> new I64(name, optional, rows);
      case INT32, OPT_INT32 -> new I32(name, optional, rows, false);
      case UINT32, OPT_UINT32 -> new I32(name, optional, rows, true);
      case FLOAT64, OPT_FLOAT64 -> new F64(name, optional, rows);
      case FLOAT32, OPT_FLOAT32 -> new F32(name, optional, rows);
      case BOOL, OPT_BOOL -> new Bool(name, optional, rows);
      case UTF8, OPT_UTF8 -> new Utf8(name, optional, rows);
      case LIST_FLOAT32 -> new ListF32(name, rows, false, itemsHint);
      case LARGE_LIST_FLOAT32 -> new ListF32(name, rows, true, itemsHint);
      case LIST_FLOAT64 -> new ListF64(name, rows, itemsHint);
    };
  }

  abstract static class Base {
    final String name;
    final boolean optional;
    final boolean[] valid;
    /** Rows filled so far. */
    int size;

    Base(String name, boolean optional, int rows) {
      this.name = name;
      this.optional = optional;
      this.valid = optional ? new boolean[rows] : null;
    }

    abstract Column build();

    /**
     * Moves the rows of {@code tail}, a builder of the same kind that read the rows after these ({@link Scan}'s
     * second part of a column), after this builder's rows; this builder was made for both parts' rows.
     */
    abstract void append(Base tail);

    /** The validity of {@code tail}'s rows after this builder's. */
    void appendValid(Base tail) {
      if (valid != null) {
        System.arraycopy(tail.valid, 0, valid, size, tail.size);
      }
    }

    /**
     * {@link #build()}, for rows read from a file: levels that decode but do not describe rows (a null list with
     * items) are the file's fault, said in the one wording both the readers and the structure scan use.
     */
    Column buildRows() {
      try {
        return build();
      } catch (IllegalArgumentException e) {
        throw new LevelsException("its levels do not describe rows: " + e.getMessage(), e);
      }
    }
  }

  /** Levels that decode but do not describe rows; the caller adds the file, column and row group. */
  static final class LevelsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LevelsException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * A builder of a flat (non-list) column, filled page slice by page slice: {@link #take} moves {@code k} rows from a
   * decoded page, whose levels {@code defs[from, from + k)} say which rows are present ({@code maxDef}; every row when
   * it is 0) and whose decoder holds the {@code nn} present values next. The values are read compacted and then moved
   * to their rows, last first, with the null rows zeroed (the value under a null is not data, but the same file must
   * give the same arrays).
   */
  abstract static class Flat extends Base {
    Flat(String name, boolean optional, int rows) {
      super(name, optional, rows);
    }

    abstract void take(ValueDecoder values, int k, int nn, int[] defs, int from, int maxDef);
  }

  static final class I64 extends Flat {
    final long[] values;

    I64(String name, boolean optional, int rows) {
      super(name, optional, rows);
      values = new long[rows];
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      d.readLongs(values, size, nn);
      if (nn < k) {
        int src = size + nn;
        for (int i = k - 1; i >= 0; i--) {
          values[size + i] = defs[from + i] == maxDef ? values[--src] : 0;
        }
      }
    }

    @Override
    void append(Base tail) {
      appendValid(tail);
      System.arraycopy(((I64) tail).values, 0, values, size, tail.size);
      size += tail.size;
    }

    @Override
    Column build() {
      return optional ? new OptInt64Column(name, values, valid) : new Int64Column(name, values);
    }
  }

  static final class I32 extends Flat {
    final int[] values;
    final boolean unsigned;

    I32(String name, boolean optional, int rows, boolean unsigned) {
      super(name, optional, rows);
      values = new int[rows];
      this.unsigned = unsigned;
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      d.readInts(values, size, nn);
      if (nn < k) {
        int src = size + nn;
        for (int i = k - 1; i >= 0; i--) {
          values[size + i] = defs[from + i] == maxDef ? values[--src] : 0;
        }
      }
    }

    @Override
    void append(Base tail) {
      appendValid(tail);
      System.arraycopy(((I32) tail).values, 0, values, size, tail.size);
      size += tail.size;
    }

    @Override
    Column build() {
      if (unsigned) {
        return optional ? new OptUInt32Column(name, values, valid) : new UInt32Column(name, values);
      }
      return optional ? new OptInt32Column(name, values, valid) : new Int32Column(name, values);
    }
  }

  static final class F64 extends Flat {
    final double[] values;

    F64(String name, boolean optional, int rows) {
      super(name, optional, rows);
      values = new double[rows];
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      d.readDoubles(values, size, nn);
      if (nn < k) {
        int src = size + nn;
        for (int i = k - 1; i >= 0; i--) {
          values[size + i] = defs[from + i] == maxDef ? values[--src] : 0;
        }
      }
    }

    @Override
    void append(Base tail) {
      appendValid(tail);
      System.arraycopy(((F64) tail).values, 0, values, size, tail.size);
      size += tail.size;
    }

    @Override
    Column build() {
      return optional ? new OptFloat64Column(name, values, valid) : new Float64Column(name, values);
    }
  }

  static final class F32 extends Flat {
    final float[] values;

    F32(String name, boolean optional, int rows) {
      super(name, optional, rows);
      values = new float[rows];
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      d.readFloats(values, size, nn);
      if (nn < k) {
        int src = size + nn;
        for (int i = k - 1; i >= 0; i--) {
          values[size + i] = defs[from + i] == maxDef ? values[--src] : 0;
        }
      }
    }

    @Override
    void append(Base tail) {
      appendValid(tail);
      System.arraycopy(((F32) tail).values, 0, values, size, tail.size);
      size += tail.size;
    }

    @Override
    Column build() {
      return optional ? new OptFloat32Column(name, values, valid) : new Float32Column(name, values);
    }
  }

  static final class Bool extends Flat {
    final boolean[] values;

    Bool(String name, boolean optional, int rows) {
      super(name, optional, rows);
      values = new boolean[rows];
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      d.readBooleans(values, size, nn);
      if (nn < k) {
        int src = size + nn;
        for (int i = k - 1; i >= 0; i--) {
          values[size + i] = defs[from + i] == maxDef && values[--src];
        }
      }
    }

    @Override
    void append(Base tail) {
      appendValid(tail);
      System.arraycopy(((Bool) tail).values, 0, values, size, tail.size);
      size += tail.size;
    }

    @Override
    Column build() {
      return optional ? new OptBoolColumn(name, values, valid) : new BoolColumn(name, values);
    }
  }

  static final class Utf8 extends Flat {
    final int[] offsets;
    byte[] data;
    int used;

    Utf8(String name, boolean optional, int rows) {
      super(name, optional, rows);
      offsets = new int[rows + 1];
      data = new byte[Math.max(64, Math.min(rows * 16, 1 << 20))];
    }

    void append(byte[] src, int off, int len) {
      reserve(len);
      System.arraycopy(src, off, data, used, len);
      used += len;
    }

    /** Room for {@code more} bytes after those used. */
    void reserve(int more) {
      if (used + more > data.length) {
        long grown = Math.max((long) data.length * 2, (long) used + more);
        if (grown > Integer.MAX_VALUE - 8) {
          throw new PageFormatException("column '" + name + "' holds more than 2 GiB of UTF-8 in one batch");
        }
        data = Arrays.copyOf(data, (int) grown);
      }
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      if (nn == k) {
        d.readBinaries(this, k, size);
        return;
      }
      for (int i = 0; i < k; i++) {
        if (maxDef == 0 || defs[from + i] == maxDef) {
          d.readBinary(this);
        }
        offsets[size + i + 1] = used;
      }
    }

    @Override
    void append(Base tail) {
      Utf8 t = (Utf8) tail;
      appendValid(t);
      // both parts' bytes into an array of their exact size, which build() then keeps: each byte copied once, as a
      // single reader's bytes are copied once, into the exact array
      long total = (long) used + t.used;
      if (total > Integer.MAX_VALUE - 8) {
        throw new PageFormatException("column '" + name + "' holds more than 2 GiB of UTF-8 in one batch");
      }
      data = Arrays.copyOf(data, (int) total);
      System.arraycopy(t.data, 0, data, used, t.used);
      for (int r = 1; r <= t.size; r++) {
        offsets[size + r] = used + t.offsets[r];
      }
      used += t.used;
      size += t.size;
    }

    @Override
    Column build() {
      byte[] exact = used == data.length ? data : Arrays.copyOf(data, used);
      return optional ? new OptUtf8Column(name, exact, offsets, valid) : new Utf8Column(name, exact, offsets);
    }
  }

  /**
   * A string column read as interned ids ({@link StringInterner}): one id a row, built as an OptInt32 column whatever
   * the leaf (every row valid when it is required), so the caller finds a null row without asking for the kind.
   */
  static final class Interned extends Flat {
    final StringInterner interner;
    final int[] ids;
    /** One value's bytes, for decoders that have no byte range to hand over. */
    final Utf8 scratch;

    Interned(String name, boolean optional, int rows, StringInterner interner) {
      super(name, optional, rows);
      this.interner = interner;
      this.ids = new int[rows];
      this.scratch = new Utf8(name, false, 0);
    }

    @Override
    void take(ValueDecoder d, int k, int nn, int[] defs, int from, int maxDef) {
      for (int i = 0; i < k; i++) {
        if (maxDef == 0 || defs[from + i] == maxDef) {
          d.readInterned(this, size + i);
        }
      }
    }

    @Override
    void append(Base tail) {
      throw new IllegalStateException("an interned string column is read whole, never in parts");
    }

    @Override
    Column build() {
      return optional ? new OptInt32Column(name, ids, valid) : OptInt32Column.allValid(name, ids);
    }
  }

  /** List rows: offsets into the item arrays, with the list-level validity (a null row is empty). */
  /** The items array's first size: the hint when there is one, else four items a row, within 16 .. 1 Mi. */
  static int initialItems(int rows, int itemsHint) {
    if (itemsHint >= 0) {
      return Math.max(16, itemsHint);
    }
    return Math.max(16, Math.min(rows * 4, 1 << 20));
  }

  abstract static class ListBase extends Base {
    final long[] offsets;
    int items;

    ListBase(String name, int rows) {
      super(name, true, rows);
      offsets = new long[rows + 1];
    }

    abstract void ensureItems(int more);

    /**
     * Puts {@code tail}'s items after this builder's {@link #items}, in an array of both parts' exact size, which
     * build() then keeps (each item copied once, as a single reader's are copied once into the exact array).
     */
    abstract void appendItems(ListBase tail);

    /** {@link #items} plus {@code tail}'s, within a Java array. */
    int itemsWith(ListBase tail) {
      long total = (long) items + tail.items;
      if (total > Integer.MAX_VALUE - 8) {
        throw new PageFormatException("column '" + name + "' holds more list items than a Java array in one batch");
      }
      return (int) total;
    }

    @Override
    void append(Base tail) {
      ListBase t = (ListBase) tail;
      appendValid(t);
      appendItems(t);
      for (int r = 1; r <= t.size; r++) {
        offsets[size + r] = items + t.offsets[r];
      }
      items += t.items;
      size += t.size;
    }

    /** Reads the next {@code n} items from {@code values} after the ones read so far. */
    abstract void readItems(ValueDecoder values, int n);

    int[] intOffsets() {
      int[] o = new int[offsets.length];
      for (int i = 0; i < o.length; i++) {
        o[i] = (int) offsets[i];
      }
      return o;
    }
  }

  static final class ListF32 extends ListBase {
    float[] values;
    final boolean large;

    ListF32(String name, int rows, boolean large, int itemsHint) {
      super(name, rows);
      this.large = large;
      values = new float[initialItems(rows, itemsHint)];
    }

    @Override
    void ensureItems(int more) {
      long need = (long) items + more;
      if (need > values.length) {
        long grown = Math.max((long) values.length * 2, need);
        if (grown > Integer.MAX_VALUE - 8) {
          throw new PageFormatException("column '" + name + "' holds more list items than a Java array in one batch");
        }
        values = Arrays.copyOf(values, (int) grown);
      }
    }

    @Override
    void readItems(ValueDecoder d, int n) {
      ensureItems(n);
      d.readFloats(values, items, n);
    }

    @Override
    void appendItems(ListBase tail) {
      values = Arrays.copyOf(values, itemsWith(tail));
      System.arraycopy(((ListF32) tail).values, 0, values, items, tail.items);
    }

    @Override
    Column build() {
      float[] exact = items == values.length ? values : Arrays.copyOf(values, items);
      return large
          ? new LargeListFloat32Column(name, offsets, exact, valid)
          : new ListFloat32Column(name, intOffsets(), exact, valid);
    }
  }

  static final class ListF64 extends ListBase {
    double[] values;

    ListF64(String name, int rows, int itemsHint) {
      super(name, rows);
      values = new double[initialItems(rows, itemsHint)];
    }

    @Override
    void ensureItems(int more) {
      long need = (long) items + more;
      if (need > values.length) {
        long grown = Math.max((long) values.length * 2, need);
        if (grown > Integer.MAX_VALUE - 8) {
          throw new PageFormatException("column '" + name + "' holds more list items than a Java array in one batch");
        }
        values = Arrays.copyOf(values, (int) grown);
      }
    }

    @Override
    void readItems(ValueDecoder d, int n) {
      ensureItems(n);
      d.readDoubles(values, items, n);
    }

    @Override
    void appendItems(ListBase tail) {
      values = Arrays.copyOf(values, itemsWith(tail));
      System.arraycopy(((ListF64) tail).values, 0, values, items, tail.items);
    }

    @Override
    Column build() {
      double[] exact = items == values.length ? values : Arrays.copyOf(values, items);
      return new ListFloat64Column(name, intOffsets(), exact, valid);
    }
  }
}
