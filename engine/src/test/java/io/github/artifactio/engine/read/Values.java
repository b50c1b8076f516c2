package io.github.artifactio.engine.read;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ValueSink;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/** Row values of columns and batches as plain objects (floats as bit patterns), so any two reads compare. */
final class Values {
  private Values() {}

  /** Each row of {@code c} as an object: null, a Long/Integer/bits/Boolean/String, or a list of float bits. */
  static List<Object> rows(Column c) {
    List<Object> out = new ArrayList<>(c.length());
    c.emit(new ValueSink() {
      @Override
      public void int64(long v) {
        out.add(v);
      }

      @Override
      public void int32(int v) {
        out.add(v);
      }

      @Override
      public void float64(double v) {
        out.add("d" + Double.doubleToRawLongBits(v));
      }

      @Override
      public void float32(float v) {
        out.add("f" + Float.floatToRawIntBits(v));
      }

      @Override
      public void bool(boolean v) {
        out.add(v);
      }

      @Override
      public void utf8(byte[] data, int off, int len) {
        out.add(new String(data, off, len, java.nio.charset.StandardCharsets.UTF_8));
      }

      @Override
      public void nullValue() {
        out.add(null);
      }

      @Override
      public void nullList() {
        out.add(null);
      }

      @Override
      public void float32List(float[] v, int from, int to) {
        List<Object> l = new ArrayList<>();
        for (int i = from; i < to; i++) {
          l.add("f" + Float.floatToRawIntBits(v[i]));
        }
        out.add(l);
      }

      @Override
      public void float64List(double[] v, int from, int to) {
        List<Object> l = new ArrayList<>();
        for (int i = from; i < to; i++) {
          l.add("d" + Double.doubleToRawLongBits(v[i]));
        }
        out.add(l);
      }
    }, 0, c.length());
    return out;
  }

  /** Column name to the row values of every batch, concatenated; closes the reader. */
  static Map<String, List<Object>> drain(BatchReader r) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    try (r) {
      while (r.hasNext()) {
        Batch b = r.next();
        for (Column c : b.columns()) {
          out.computeIfAbsent(c.name(), k -> new ArrayList<>()).addAll(rows(c));
        }
      }
    }
    return out;
  }

  /** The batches as lists of row values, batch by batch (so batch boundaries count too). */
  static List<List<List<Object>>> batches(BatchReader r) {
    List<List<List<Object>>> out = new ArrayList<>();
    try (r) {
      while (r.hasNext()) {
        List<List<Object>> cols = new ArrayList<>();
        for (Column c : r.next().columns()) {
          cols.add(rows(c));
        }
        out.add(cols);
      }
    }
    return out;
  }

  /** Rows {@code rows} of the expected columns. */
  static Map<String, List<Object>> pick(List<Column> cols, List<String> names, long[] rows) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (Column c : cols) {
      if (names == null || names.contains(c.name())) {
        List<Object> all = rows(c);
        List<Object> l = new ArrayList<>(rows.length);
        for (long r : rows) {
          l.add(all.get((int) r));
        }
        out.put(c.name(), l);
      }
    }
    return out;
  }

  static long[] range(long from, long to) {
    long[] r = new long[(int) (to - from)];
    Arrays.setAll(r, i -> from + i);
    return r;
  }

  /** One Arrow vector's rows, in the form {@link #rows} gives. */
  static List<Object> rows(FieldVector v) {
    List<Object> out = new ArrayList<>(v.getValueCount());
    for (int i = 0; i < v.getValueCount(); i++) {
      if (v.isNull(i)) {
        out.add(null);
      } else if (v instanceof Float8Vector f) {
        out.add("d" + Double.doubleToRawLongBits(f.get(i)));
      } else if (v instanceof Float4Vector f) {
        out.add("f" + Float.floatToRawIntBits(f.get(i)));
      } else if (v instanceof BitVector b) {
        out.add(b.get(i) != 0);
      } else if (v instanceof VarCharVector s) {
        out.add(new String(s.get(i), java.nio.charset.StandardCharsets.UTF_8));
      } else if (v instanceof ListVector || v instanceof LargeListVector) {
        FieldVector child =
            v instanceof ListVector l ? l.getDataVector() : (FieldVector) ((LargeListVector) v).getDataVector();
        long lo = v instanceof ListVector l ? l.getElementStartIndex(i) : ((LargeListVector) v).getElementStartIndex(i);
        long hi = v instanceof ListVector l ? l.getElementEndIndex(i) : ((LargeListVector) v).getElementEndIndex(i);
        List<Object> l = new ArrayList<>();
        for (long k = lo; k < hi; k++) {
          l.add(child instanceof Float4Vector f4
              ? "f" + Float.floatToRawIntBits(f4.get((int) k))
              : "d" + Double.doubleToRawLongBits(((Float8Vector) child).get((int) k)));
        }
        out.add(l);
      } else if (v instanceof org.apache.arrow.vector.UInt4Vector u) {
        out.add(u.get(i));
      } else {
        out.add(v.getObject(i)); // Long for BigInt, Integer for Int
      }
    }
    return out;
  }

  static Map<String, List<Object>> rows(VectorSchemaRoot root) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (FieldVector v : root.getFieldVectors()) {
      out.put(v.getName(), rows(v));
    }
    return out;
  }
}
