package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.ArtifactException;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
            "column '" + name + "' of an Arrow batch for " + path + " is not nullable but row " + i + " is null");
      }
    }
    if (v instanceof BigIntVector) {
      long[] a = new long[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] ? ((BigIntVector) v).get(i) : 0;
      }
      return nullable ? new OptInt64Column(name, a, valid) : new Int64Column(name, a);
    }
    if (v instanceof IntVector) {
      int[] a = new int[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] ? ((IntVector) v).get(i) : 0;
      }
      return nullable ? new OptInt32Column(name, a, valid) : new Int32Column(name, a);
    }
    if (v instanceof UInt4Vector) {
      int[] a = new int[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] ? ((UInt4Vector) v).get(i) : 0;
      }
      return nullable ? new OptUInt32Column(name, a, valid) : new UInt32Column(name, a);
    }
    if (v instanceof Float8Vector) {
      double[] a = new double[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] ? ((Float8Vector) v).get(i) : 0;
      }
      return nullable ? new OptFloat64Column(name, a, valid) : new Float64Column(name, a);
    }
    if (v instanceof Float4Vector) {
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] ? ((Float4Vector) v).get(i) : 0;
      }
      return nullable ? new OptFloat32Column(name, a, valid) : new Float32Column(name, a);
    }
    if (v instanceof BitVector) {
      boolean[] a = new boolean[n];
      for (int i = 0; i < n; i++) {
        a[i] = valid[i] && ((BitVector) v).get(i) != 0;
      }
      return nullable ? new OptBoolColumn(name, a, valid) : new BoolColumn(name, a);
    }
    if (v instanceof VarCharVector) {
      VarCharVector s = (VarCharVector) v;
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
    if (v instanceof ListVector || v instanceof LargeListVector) {
      return list(path, name, v, n, valid);
    }
    throw new ArtifactException(
        path, name, null, null,
        "column '" + name + "' of an Arrow batch for " + path + " has type " + v.getField().getType()
            + ", which the engine does not write");
  }

  private static Column list(Path path, String name, FieldVector v, int n, boolean[] valid) {
    boolean large = v instanceof LargeListVector;
    FieldVector child = large ? (FieldVector) ((LargeListVector) v).getDataVector() : ((ListVector) v).getDataVector();
    long[] offsets = new long[n + 1];
    int total = 0;
    for (int i = 0; i < n; i++) {
      long lo = offset(v, large, i);
      long hi = offset(v, large, i + 1);
      total += valid[i] ? (int) (hi - lo) : 0;
      offsets[i + 1] = total;
    }
    if (child instanceof Float4Vector) {
      float[] values = new float[total];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (valid[i]) {
          for (long j = offset(v, large, i); j < offset(v, large, i + 1); j++) {
            if (child.isNull((int) j)) {
              throw nullItem(path, name, i);
            }
            values[k++] = ((Float4Vector) child).get((int) j);
          }
        }
      }
      if (large) {
        return new LargeListFloat32Column(name, offsets, values, valid);
      }
      return new ListFloat32Column(name, ints(offsets), values, valid);
    }
    if (child instanceof Float8Vector && !large) {
      double[] values = new double[total];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (valid[i]) {
          for (long j = offset(v, large, i); j < offset(v, large, i + 1); j++) {
            if (child.isNull((int) j)) {
              throw nullItem(path, name, i);
            }
            values[k++] = ((Float8Vector) child).get((int) j);
          }
        }
      }
      return new ListFloat64Column(name, ints(offsets), values, valid);
    }
    throw new ArtifactException(
        path, name, null, null,
        "column '" + name + "' of an Arrow batch for " + path + " is a " + (large ? "large list" : "list") + " of "
            + child.getField().getType() + ", which the engine does not write");
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
        "column '" + name + "' of an Arrow batch for " + path + " has a null list item at row " + row
            + "; the engine's list columns hold no null items");
  }
}
