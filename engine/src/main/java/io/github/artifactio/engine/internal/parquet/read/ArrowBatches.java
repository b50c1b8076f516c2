package io.github.artifactio.engine.internal.parquet.read;

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
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.ColumnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Typed batches to Arrow: each column's arrays are copied into buffers from the caller's allocator and loaded into the
 * vectors with {@code loadFieldBuffers}, the IPC loader's path (no {@code ArrowBuf.nioBuffer()}, which fails on
 * JDK 17 without {@code --add-opens}).
 */
public final class ArrowBatches {
  private ArrowBatches() {}

  /** The Arrow schema of a projection: the model's field for each column's kind, nullability as the file has it. */
  public static Schema schema(List<ColumnSpec> projection, List<Boolean> optionalLeaf) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < projection.size(); i++) {
      ColumnSpec s = projection.get(i);
      ColumnType kind = s.decodedAs();
      if (!kind.isList()) {
        kind = ColumnType.scalar(kind.leaf(), optionalLeaf.get(i));
      }
      fields.add(Schemas.arrowField(s.name(), kind));
    }
    return new Schema(fields);
  }

  public static VectorSchemaRoot toRoot(Schema schema, Batch batch, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      for (int i = 0; i < batch.columns().size(); i++) {
        load(root.getVector(i), batch.columns().get(i), allocator);
      }
      root.setRowCount(batch.rows());
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static void load(FieldVector v, Column c, BufferAllocator a) {
    c.accept(new Loader(v, a));
  }

  /**
   * Loads one column into its vector: a scalar's validity and data buffers, a string's validity, offsets and bytes, a
   * list's validity and offsets and its child's items. The buffers are released after loading (the vector retained
   * what it keeps).
   */
  private record Loader(FieldVector v, BufferAllocator a) implements ColumnVisitor<Void> {
    @Override
    public Void int64(Int64Column c) {
      return scalar(c.length(), null, () -> longs(a, c.values()));
    }

    @Override
    public Void int32(Int32Column c) {
      return scalar(c.length(), null, () -> ints(a, c.values()));
    }

    @Override
    public Void uint32(UInt32Column c) {
      return scalar(c.length(), null, () -> ints(a, c.values()));
    }

    @Override
    public Void float64(Float64Column c) {
      return scalar(c.length(), null, () -> doubles(a, c.values()));
    }

    @Override
    public Void float32(Float32Column c) {
      return scalar(c.length(), null, () -> floats(a, c.values()));
    }

    @Override
    public Void bool(BoolColumn c) {
      return scalar(c.length(), null, () -> bits(a, c.values(), c.length()));
    }

    @Override
    public Void utf8(Utf8Column c) {
      return string(c.length(), null, c.offsets(), c.data());
    }

    @Override
    public Void optInt64(OptInt64Column c) {
      return scalar(c.length(), c.valid(), () -> longs(a, c.values()));
    }

    @Override
    public Void optInt32(OptInt32Column c) {
      return scalar(c.length(), c.valid(), () -> ints(a, c.values()));
    }

    @Override
    public Void optUInt32(OptUInt32Column c) {
      return scalar(c.length(), c.valid(), () -> ints(a, c.values()));
    }

    @Override
    public Void optFloat64(OptFloat64Column c) {
      return scalar(c.length(), c.valid(), () -> doubles(a, c.values()));
    }

    @Override
    public Void optFloat32(OptFloat32Column c) {
      return scalar(c.length(), c.valid(), () -> floats(a, c.values()));
    }

    @Override
    public Void optBool(OptBoolColumn c) {
      return scalar(c.length(), c.valid(), () -> bits(a, c.values(), c.length()));
    }

    @Override
    public Void optUtf8(OptUtf8Column c) {
      return string(c.length(), c.valid(), c.offsets(), c.data());
    }

    @Override
    public Void listFloat32(ListFloat32Column c) {
      return list(c.length(), c.valid(), () -> offsets32(a, c.offsets()), () -> floats(a, c.values()),
          c.values().length);
    }

    @Override
    public Void listFloat64(ListFloat64Column c) {
      return list(c.length(), c.valid(), () -> offsets32(a, c.offsets()), () -> doubles(a, c.values()),
          c.values().length);
    }

    @Override
    public Void largeListFloat32(LargeListFloat32Column c) {
      return list(c.length(), c.valid(), () -> offsets64(a, c.offsets()), () -> floats(a, c.values()),
          c.values().length);
    }

    private Void scalar(int n, boolean[] valid, Supplier<ArrowBuf> data) {
      List<ArrowBuf> bufs = new ArrayList<>(2);
      try {
        bufs.add(bits(a, valid, n));
        bufs.add(data.get());
        v.loadFieldBuffers(new ArrowFieldNode(n, nulls(valid, n)), bufs);
      } finally {
        release(bufs);
      }
      return null;
    }

    private Void string(int n, boolean[] valid, int[] offsets, byte[] data) {
      List<ArrowBuf> bufs = new ArrayList<>(3);
      try {
        bufs.add(bits(a, valid, n));
        bufs.add(offsets32(a, offsets));
        bufs.add(bytes(a, data, offsets[n]));
        v.loadFieldBuffers(new ArrowFieldNode(n, nulls(valid, n)), bufs);
      } finally {
        release(bufs);
      }
      return null;
    }

    private Void list(int n, boolean[] valid, Supplier<ArrowBuf> offsets, Supplier<ArrowBuf> items, int itemCount) {
      List<ArrowBuf> bufs = new ArrayList<>(4);
      try {
        ArrowBuf off = offsets.get();
        bufs.add(off);
        ArrowBuf values = items.get();
        bufs.add(values);
        ArrowBuf validity = bits(a, valid, n);
        bufs.add(validity);
        v.loadFieldBuffers(new ArrowFieldNode(n, nulls(valid, n)), List.of(validity, off));
        FieldVector child = v instanceof ListVector
            ? ((ListVector) v).getDataVector()
            : (FieldVector) ((LargeListVector) v).getDataVector();
        ArrowBuf childValidity = bits(a, null, itemCount);
        bufs.add(childValidity);
        child.loadFieldBuffers(new ArrowFieldNode(itemCount, 0), List.of(childValidity, values));
      } finally {
        release(bufs);
      }
      return null;
    }

    private static void release(List<ArrowBuf> bufs) {
      for (ArrowBuf b : bufs) {
        b.close(); // the vector retained what it keeps
      }
    }
  }

  private static int nulls(boolean[] valid, int n) {
    if (valid == null) {
      return 0;
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (!valid[i]) {
        k++;
      }
    }
    return k;
  }

  /** A validity bitmap; all set where {@code valid} is null. */
  private static ArrowBuf bits(BufferAllocator a, boolean[] valid, int n) {
    int bytes = (n + 7) / 8;
    ArrowBuf b = a.buffer(Math.max(bytes, 1));
    b.setZero(0, b.capacity());
    if (valid == null) {
      b.setOne(0, n / 8);
      for (int i = n / 8 * 8; i < n; i++) {
        b.setByte(i >>> 3, b.getByte(i >>> 3) | (1 << (i & 7)));
      }
      return b;
    }
    for (int i = 0; i < bytes; i++) {
      int v = 0;
      int end = Math.min(8, n - i * 8);
      for (int j = 0; j < end; j++) {
        if (valid[i * 8 + j]) {
          v |= 1 << j;
        }
      }
      b.setByte(i, v);
    }
    return b;
  }

  // the values go to the buffer's memory by address, the buffer having just been allocated at their size, not through
  // one bounds-checked ArrowBuf.set a value: that loop cost Arrow output a fifth more time than the arrays. On a
  // big-endian CPU (Arrow buffers are little-endian) the checked setters, which swap, are used.

  private static ArrowBuf doubles(BufferAllocator a, double[] v) {
    ArrowBuf b = a.buffer(Math.max(8L * v.length, 1));
    long at = b.memoryAddress();
    for (int i = 0; i < v.length; i++) {
      if (MemoryUtil.LITTLE_ENDIAN) {
        MemoryUtil.putLong(at + 8L * i, Double.doubleToRawLongBits(v[i]));
      } else {
        b.setLong(8L * i, Double.doubleToRawLongBits(v[i]));
      }
    }
    return b;
  }

  private static ArrowBuf floats(BufferAllocator a, float[] v) {
    ArrowBuf b = a.buffer(Math.max(4L * v.length, 1));
    long at = b.memoryAddress();
    for (int i = 0; i < v.length; i++) {
      if (MemoryUtil.LITTLE_ENDIAN) {
        MemoryUtil.putInt(at + 4L * i, Float.floatToRawIntBits(v[i]));
      } else {
        b.setInt(4L * i, Float.floatToRawIntBits(v[i]));
      }
    }
    return b;
  }

  private static ArrowBuf longs(BufferAllocator a, long[] v) {
    ArrowBuf b = a.buffer(Math.max(8L * v.length, 1));
    long at = b.memoryAddress();
    for (int i = 0; i < v.length; i++) {
      if (MemoryUtil.LITTLE_ENDIAN) {
        MemoryUtil.putLong(at + 8L * i, v[i]);
      } else {
        b.setLong(8L * i, v[i]);
      }
    }
    return b;
  }

  private static ArrowBuf ints(BufferAllocator a, int[] v) {
    ArrowBuf b = a.buffer(Math.max(4L * v.length, 1));
    long at = b.memoryAddress();
    for (int i = 0; i < v.length; i++) {
      if (MemoryUtil.LITTLE_ENDIAN) {
        MemoryUtil.putInt(at + 4L * i, v[i]);
      } else {
        b.setInt(4L * i, v[i]);
      }
    }
    return b;
  }

  private static ArrowBuf offsets32(BufferAllocator a, int[] offsets) {
    return ints(a, offsets);
  }

  private static ArrowBuf offsets64(BufferAllocator a, long[] offsets) {
    return longs(a, offsets);
  }

  private static ArrowBuf bytes(BufferAllocator a, byte[] data, int len) {
    ArrowBuf b = a.buffer(Math.max(len, 1));
    b.setBytes(0, data, 0, len);
    return b;
  }
}
