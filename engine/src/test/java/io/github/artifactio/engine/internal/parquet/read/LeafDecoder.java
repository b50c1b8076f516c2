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
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.table.ColumnSpec;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Pulls one leaf's values out of parquet-java's {@link ColumnReader}, row group after row group, into the primitive
 * arrays of a {@link Column} record. One subclass per value type; nullability is the leaf's definition level.
 */
abstract class LeafDecoder {
  final String name;
  final int maxDef;
  final boolean optional;
  /** Rows decoded so far, which is also the file row of the next one. */
  int rows;

  LeafDecoder(String name, int maxDef) {
    this.name = name;
    this.maxDef = maxDef;
    this.optional = maxDef > 0;
  }

  /** Decodes the {@code rowCount} rows of one row group. */
  abstract void decode(ColumnReader r, long rowCount);

  abstract Column build();

  /** The decoder for a spec the engine supports; sizes are exact for scalars and an upper bound for list items. */
  static LeafDecoder create(ColumnSpec spec, ColumnDescriptor leaf, MessageType schema, int totalRows, long values) {
    ColumnType kind = spec.decodedAs();
    int maxDef = leaf.getMaxDefinitionLevel();
    if (kind.isList()) {
      int repeatedDef = Schemas.repeatedDefinitionLevel(schema, leaf);
      if (values > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("more list items than a Java array holds: " + values);
      }
      if (kind == ColumnType.LIST_FLOAT64) {
        return new ListF64(spec.name(), maxDef, repeatedDef, totalRows, (int) values);
      }
      return new ListF32(spec.name(), maxDef, repeatedDef, totalRows, (int) values,
          kind == ColumnType.LARGE_LIST_FLOAT32);
    }
    switch (kind.leaf()) {
      case INT64:
        return new I64(spec.name(), maxDef, totalRows);
      case INT32:
        return new I32(spec.name(), maxDef, totalRows, false);
      case UINT32:
        return new I32(spec.name(), maxDef, totalRows, true);
      case FLOAT64:
        return new F64(spec.name(), maxDef, totalRows);
      case FLOAT32:
        return new F32(spec.name(), maxDef, totalRows);
      case BOOL:
        return new Bool(spec.name(), maxDef, totalRows);
      default:
        return new Utf8(spec.name(), maxDef, totalRows);
    }
  }

  private static boolean[] validity(boolean optional, int n) {
    return optional ? new boolean[n] : null;
  }

  static final class I64 extends LeafDecoder {
    private final long[] values;
    private final boolean[] valid;

    I64(String name, int maxDef, int n) {
      super(name, maxDef);
      values = new long[n];
      valid = validity(optional, n);
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      if (!optional) {
        for (int i = rows; i < end; i++) {
          values[i] = r.getLong();
          r.consume();
        }
      } else {
        for (int i = rows; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            values[i] = r.getLong();
            valid[i] = true;
          }
          r.consume();
        }
      }
      rows = end;
    }

    @Override
    Column build() {
      return optional ? new OptInt64Column(name, values, valid) : new Int64Column(name, values);
    }
  }

  static final class I32 extends LeafDecoder {
    private final int[] values;
    private final boolean[] valid;
    private final boolean unsigned;

    I32(String name, int maxDef, int n, boolean unsigned) {
      super(name, maxDef);
      values = new int[n];
      valid = validity(optional, n);
      this.unsigned = unsigned;
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      if (!optional) {
        for (int i = rows; i < end; i++) {
          values[i] = r.getInteger();
          r.consume();
        }
      } else {
        for (int i = rows; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            values[i] = r.getInteger();
            valid[i] = true;
          }
          r.consume();
        }
      }
      rows = end;
    }

    @Override
    Column build() {
      if (unsigned) {
        return optional ? new OptUInt32Column(name, values, valid) : new UInt32Column(name, values);
      }
      return optional ? new OptInt32Column(name, values, valid) : new Int32Column(name, values);
    }
  }

  static final class F64 extends LeafDecoder {
    private final double[] values;
    private final boolean[] valid;

    F64(String name, int maxDef, int n) {
      super(name, maxDef);
      values = new double[n];
      valid = validity(optional, n);
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      if (!optional) {
        for (int i = rows; i < end; i++) {
          values[i] = r.getDouble();
          r.consume();
        }
      } else {
        for (int i = rows; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            values[i] = r.getDouble();
            valid[i] = true;
          }
          r.consume();
        }
      }
      rows = end;
    }

    @Override
    Column build() {
      return optional ? new OptFloat64Column(name, values, valid) : new Float64Column(name, values);
    }
  }

  static final class F32 extends LeafDecoder {
    private final float[] values;
    private final boolean[] valid;

    F32(String name, int maxDef, int n) {
      super(name, maxDef);
      values = new float[n];
      valid = validity(optional, n);
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      if (!optional) {
        for (int i = rows; i < end; i++) {
          values[i] = r.getFloat();
          r.consume();
        }
      } else {
        for (int i = rows; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            values[i] = r.getFloat();
            valid[i] = true;
          }
          r.consume();
        }
      }
      rows = end;
    }

    @Override
    Column build() {
      return optional ? new OptFloat32Column(name, values, valid) : new Float32Column(name, values);
    }
  }

  static final class Bool extends LeafDecoder {
    private final boolean[] values;
    private final boolean[] valid;

    Bool(String name, int maxDef, int n) {
      super(name, maxDef);
      values = new boolean[n];
      valid = validity(optional, n);
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      for (int i = rows; i < end; i++) {
        if (!optional) {
          values[i] = r.getBoolean();
        } else if (r.getCurrentDefinitionLevel() == maxDef) {
          values[i] = r.getBoolean();
          valid[i] = true;
        }
        r.consume();
      }
      rows = end;
    }

    @Override
    Column build() {
      return optional ? new OptBoolColumn(name, values, valid) : new BoolColumn(name, values);
    }
  }

  static final class Utf8 extends LeafDecoder {
    private final int[] offsets;
    private final boolean[] valid;
    private byte[] data = new byte[1 << 12];
    private int used;

    Utf8(String name, int maxDef, int n) {
      super(name, maxDef);
      offsets = new int[n + 1];
      valid = validity(optional, n);
    }

    @Override
    void decode(ColumnReader r, long rowCount) {
      int end = rows + (int) rowCount;
      for (int i = rows; i < end; i++) {
        if (!optional || r.getCurrentDefinitionLevel() == maxDef) {
          append(r.getBinary());
          if (optional) {
            valid[i] = true;
          }
        }
        offsets[i + 1] = used;
        r.consume();
      }
      rows = end;
    }

    private void append(Binary b) {
      int len = b.length();
      if (used + len > data.length) {
        long grown = Math.max((long) data.length * 2, (long) used + len);
        if (grown > Integer.MAX_VALUE - 8) {
          throw new IllegalStateException("column '" + name + "' holds more than 2 GiB of UTF-8");
        }
        data = Arrays.copyOf(data, (int) grown);
      }
      b.toByteBuffer().get(data, used, len);
      used += len;
    }

    @Override
    Column build() {
      byte[] exact = Arrays.copyOf(data, used);
      return optional ? new OptUtf8Column(name, exact, offsets, valid) : new Utf8Column(name, exact, offsets);
    }
  }

  /** List decoders share the level walk: a new row at repetition level 0; items at or past the repeated level. */
  abstract static class ListDecoder extends LeafDecoder {
    final int repeatedDef;
    final long[] offsets;
    final boolean[] valid;
    int items;

    ListDecoder(String name, int maxDef, int repeatedDef, int n) {
      super(name, maxDef);
      this.repeatedDef = repeatedDef;
      this.offsets = new long[n + 1];
      this.valid = new boolean[n];
    }

    @Override
    @SuppressWarnings("deprecation") // getTotalValueCount is the only way to know where a repeated chunk ends
    void decode(ColumnReader r, long rowCount) {
      long total = r.getTotalValueCount();
      int row = rows - 1;
      for (long v = 0; v < total; v++) {
        int dl = r.getCurrentDefinitionLevel();
        if (r.getCurrentRepetitionLevel() == 0) {
          row++;
          offsets[row] = items;
          valid[row] = dl >= repeatedDef - 1;
        }
        if (dl == maxDef) {
          item(r);
          items++;
        } else if (dl >= repeatedDef) {
          throw new NullItemException(row);
        }
        r.consume();
      }
      int end = rows + (int) rowCount;
      if (row != end - 1) {
        throw new IllegalStateException(
            "the column chunk holds " + (row + 1 - rows) + " rows, the row group says " + rowCount);
      }
      offsets[end] = items;
      rows = end;
    }

    abstract void item(ColumnReader r);

    int[] intOffsets() {
      int[] o = new int[offsets.length];
      for (int i = 0; i < o.length; i++) {
        o[i] = (int) offsets[i];
      }
      return o;
    }
  }

  static final class ListF32 extends ListDecoder {
    private final float[] values;
    private final boolean large;

    ListF32(String name, int maxDef, int repeatedDef, int n, int maxValues, boolean large) {
      super(name, maxDef, repeatedDef, n);
      this.values = new float[maxValues];
      this.large = large;
    }

    @Override
    void item(ColumnReader r) {
      values[items] = r.getFloat();
    }

    @Override
    Column build() {
      float[] exact = Arrays.copyOf(values, items);
      return large
          ? new LargeListFloat32Column(name, offsets, exact, valid)
          : new ListFloat32Column(name, intOffsets(), exact, valid);
    }
  }

  static final class ListF64 extends ListDecoder {
    private final double[] values;

    ListF64(String name, int maxDef, int repeatedDef, int n, int maxValues) {
      super(name, maxDef, repeatedDef, n);
      this.values = new double[maxValues];
    }

    @Override
    void item(ColumnReader r) {
      values[items] = r.getDouble();
    }

    @Override
    Column build() {
      return new ListFloat64Column(name, intOffsets(), Arrays.copyOf(values, items), valid);
    }
  }

  /** A null item inside a list: the model has none, and substituting a value would invent data. */
  static final class NullItemException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final long row;

    NullItemException(long row) {
      super(null, null, false, false);
      this.row = row;
    }
  }
}
