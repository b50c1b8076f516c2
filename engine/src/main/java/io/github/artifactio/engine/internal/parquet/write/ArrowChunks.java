package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.BoolColumn;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ColumnType.Leaf;
import io.github.artifactio.engine.column.ColumnType.Shape;
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
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Arrow batches as the model's columns: each supported vector is copied into the primitive arrays of its
 * {@link Column} record (the batch stays the caller's). Only {@code ArrowBuf} index reads are used, never
 * {@code nioBuffer()}, which needs {@code --add-opens} on JDK 17.
 */
public final class ArrowChunks {
  private ArrowChunks() {}

  public static List<Column> toColumns(Path path, VectorSchemaRoot root) {
    List<Column> out = new ArrayList<>();
    for (FieldVector v : root.getFieldVectors()) {
      out.add(toColumn(path, v, root.getRowCount()));
    }
    return out;
  }

  private static Column toColumn(Path path, FieldVector v, int n) {
    String name = v.getName();
    boolean nullable = v.getField().isNullable();
    boolean[] valid = new boolean[n];
    for (int i = 0; i < n; i++) {
      valid[i] = !v.isNull(i);
      if (!nullable && !valid[i]) {
        throw new ArtifactException(
            path, name, null, (long) i,
            "the Arrow batch's column is not nullable but the row is null");
      }
    }
    ColumnType kind = kindOf(path, v, nullable);
    return switch (kind) {
      case INT64, OPT_INT64 -> {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] ? ((BigIntVector) v).get(i) : 0;
        }
        yield nullable ? new OptInt64Column(name, a, valid) : new Int64Column(name, a);
      }
      case INT32, OPT_INT32 -> {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] ? ((IntVector) v).get(i) : 0;
        }
        yield nullable ? new OptInt32Column(name, a, valid) : new Int32Column(name, a);
      }
      case UINT32, OPT_UINT32 -> {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] ? ((UInt4Vector) v).get(i) : 0;
        }
        yield nullable ? new OptUInt32Column(name, a, valid) : new UInt32Column(name, a);
      }
      case FLOAT64, OPT_FLOAT64 -> {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] ? ((Float8Vector) v).get(i) : 0;
        }
        yield nullable ? new OptFloat64Column(name, a, valid) : new Float64Column(name, a);
      }
      case FLOAT32, OPT_FLOAT32 -> {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] ? ((Float4Vector) v).get(i) : 0;
        }
        yield nullable ? new OptFloat32Column(name, a, valid) : new Float32Column(name, a);
      }
      case BOOL, OPT_BOOL -> {
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
          a[i] = valid[i] && ((BitVector) v).get(i) != 0;
        }
        yield nullable ? new OptBoolColumn(name, a, valid) : new BoolColumn(name, a);
      }
      case UTF8, OPT_UTF8 -> strings(name, (VarCharVector) v, n, valid, nullable);
      case LIST_FLOAT32, LARGE_LIST_FLOAT32 -> floatList(path, name, v, n, valid);
      case LIST_FLOAT64 -> doubleList(path, name, v, n, valid);
    };
  }

  /**
   * The model kind of a vector: its Arrow type and nullability (a list's by its item type; lists are always nullable);
   * a type outside the model is an error naming it.
   */
  private static ColumnType kindOf(Path path, FieldVector v, boolean nullable) {
    String name = v.getName();
    if (v instanceof ListVector || v instanceof LargeListVector) {
      boolean large = v instanceof LargeListVector;
      FieldVector child = child(v);
      Leaf item = child instanceof Float4Vector ? Leaf.FLOAT32 : child instanceof Float8Vector ? Leaf.FLOAT64 : null;
      Optional<ColumnType> kind = item == null
          ? Optional.empty()
          : ColumnType.of(item, large ? Shape.LARGE_LIST : Shape.LIST, true);
      return kind.orElseThrow(() -> new ArtifactException(
          path, name, null, null,
          "the Arrow batch's column is a " + (large ? "large list" : "list") + " of " + child.getField().getType()
              + ", which the engine does not write"));
    }
    Leaf leaf = v instanceof BigIntVector ? Leaf.INT64
        : v instanceof IntVector ? Leaf.INT32
        : v instanceof UInt4Vector ? Leaf.UINT32
        : v instanceof Float8Vector ? Leaf.FLOAT64
        : v instanceof Float4Vector ? Leaf.FLOAT32
        : v instanceof BitVector ? Leaf.BOOL
        : v instanceof VarCharVector ? Leaf.UTF8
        : null;
    if (leaf == null) {
      throw new ArtifactException(
          path, name, null, null,
          "the Arrow batch's column has type " + v.getField().getType() + ", which the engine does not write");
    }
    return ColumnType.scalar(leaf, nullable);
  }

  private static Column strings(String name, VarCharVector s, int n, boolean[] valid, boolean nullable) {
    int[] offsets = new int[n + 1];
    int base = n == 0 ? 0 : s.getOffsetBuffer().getInt(0);
    for (int i = 0; i < n; i++) {
      int end = s.getOffsetBuffer().getInt((long) (i + 1) * 4) - base;
      offsets[i + 1] = valid[i] ? end : offsets[i];
      if (!valid[i] && end != offsets[i]) {
        // a null slot with bytes behind it: copy the valid rows one by one below
        offsets = null;
        break;
      }
    }
    if (offsets != null) {
      byte[] data = new byte[offsets[n]];
      s.getDataBuffer().getBytes(base, data, 0, data.length);
      return nullable ? new OptUtf8Column(name, data, offsets, valid) : new Utf8Column(name, data, offsets);
    }
    String[] strings = new String[n];
    for (int i = 0; i < n; i++) {
      strings[i] = valid[i] ? new String(s.get(i), java.nio.charset.StandardCharsets.UTF_8) : null;
    }
    return nullable ? OptUtf8Column.of(name, strings) : Utf8Column.of(name, strings);
  }

  /** A list (or large list) of float32 items as its list column: a large list stays large. */
  private static Column floatList(Path path, String name, FieldVector v, int n, boolean[] valid) {
    boolean large = v instanceof LargeListVector;
    Float4Vector child = (Float4Vector) child(v);
    long[] offsets = rowOffsets(v, n, valid);
    float[] values = new float[(int) offsets[n]];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (valid[i]) {
        for (long j = offset(v, large, i); j < offset(v, large, i + 1); j++) {
          if (child.isNull((int) j)) {
            throw nullItem(path, name, i);
          }
          values[k++] = child.get((int) j);
        }
      }
    }
    if (large) {
      return new LargeListFloat32Column(name, offsets, values, valid);
    }
    return new ListFloat32Column(name, ints(offsets), values, valid);
  }

  /** A list of float64 items as its list column. */
  private static Column doubleList(Path path, String name, FieldVector v, int n, boolean[] valid) {
    Float8Vector child = (Float8Vector) child(v);
    long[] offsets = rowOffsets(v, n, valid);
    double[] values = new double[(int) offsets[n]];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (valid[i]) {
        for (long j = offset(v, false, i); j < offset(v, false, i + 1); j++) {
          if (child.isNull((int) j)) {
            throw nullItem(path, name, i);
          }
          values[k++] = child.get((int) j);
        }
      }
    }
    return new ListFloat64Column(name, ints(offsets), values, valid);
  }

  private static FieldVector child(FieldVector v) {
    return v instanceof LargeListVector ? (FieldVector) ((LargeListVector) v).getDataVector()
        : ((ListVector) v).getDataVector();
  }

  /** The model's offsets of a list vector's rows: a null row is empty, whatever the vector's offsets say. */
  private static long[] rowOffsets(FieldVector v, int n, boolean[] valid) {
    boolean large = v instanceof LargeListVector;
    long[] offsets = new long[n + 1];
    int total = 0;
    for (int i = 0; i < n; i++) {
      long lo = offset(v, large, i);
      long hi = offset(v, large, i + 1);
      total += valid[i] ? (int) (hi - lo) : 0;
      offsets[i + 1] = total;
    }
    return offsets;
  }

  private static long offset(FieldVector v, boolean large, int i) {
    return large ? v.getOffsetBuffer().getLong((long) i * 8) : v.getOffsetBuffer().getInt((long) i * 4);
  }

  private static int[] ints(long[] offsets) {
    int[] o = new int[offsets.length];
    for (int i = 0; i < o.length; i++) {
      o[i] = (int) offsets[i];
    }
    return o;
  }

  private static ArtifactException nullItem(Path path, String name, int row) {
    return new ArtifactException(
        path, name, null, (long) row,
        "the Arrow batch's column has a null list item; the engine's list columns hold no null items");
  }
}
