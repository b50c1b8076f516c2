package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.UInt32Column;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrowBatchWriteTest {
  @TempDir Path dir;

  @Test
  void arrow_batches_write_the_file_the_equivalent_columns_write() {
    List<Column> cols =
        List.of(
            UInt32Column.of("id", 0, 1, -1),
            Float64Column.of("mz", 1.5, -0.0, Double.NaN),
            OptInt32Column.of("charge", 2, null, 3),
            OptUtf8Column.of("note", "ä", null, ""),
            ListFloat32Column.of("trace", new float[] {1, 2}, null, new float[0]));
    Path fromColumns = dir.resolve("cols.parquet");
    TableWriter.writeTable(fromColumns, cols);
    Path fromArrow = dir.resolve("arrow.parquet");
    try (BufferAllocator alloc = new RootAllocator();
        UInt4Vector id =
            new UInt4Vector(new Field("id", FieldType.notNullable(new ArrowType.Int(32, false)), null), alloc);
        Float8Vector mz = new Float8Vector(
            new Field("mz", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            alloc);
        IntVector charge = new IntVector("charge", alloc);
        VarCharVector note = new VarCharVector("note", alloc);
        ListVector trace = ListVector.empty("trace", alloc)) {
      id.allocateNew(3);
      id.set(0, 0);
      id.set(1, 1);
      id.set(2, -1);
      mz.allocateNew(3);
      mz.set(0, 1.5);
      mz.set(1, -0.0);
      mz.set(2, Double.NaN);
      charge.allocateNew(3);
      charge.set(0, 2);
      charge.setNull(1);
      charge.set(2, 3);
      note.allocateNew(3);
      note.set(0, "ä".getBytes(StandardCharsets.UTF_8));
      note.setNull(1);
      note.set(2, new byte[0]);
      UnionListWriter w = trace.getWriter();
      w.setPosition(0);
      w.startList();
      w.float4().writeFloat4(1);
      w.float4().writeFloat4(2);
      w.endList();
      w.setPosition(2);
      w.startList();
      w.endList();
      trace.setNull(1);
      for (var v : List.of(id, mz, charge, note)) {
        v.setValueCount(3);
      }
      trace.setValueCount(3);
      VectorSchemaRoot root = VectorSchemaRoot.of(id, mz, charge, note, trace);
      try (TableWriter tw = TableWriter.open(fromArrow, WriteOptions.defaults());
          VectorSchemaRoot empty = root.slice(0, 0)) {
        tw.write(empty);
        tw.write(root);
        tw.finish();
      }
    }
    assertArrayEquals(Layouts.bytes(fromColumns), Layouts.bytes(fromArrow));
  }

  @Test
  void a_null_in_a_non_nullable_arrow_field_is_refused_with_its_row() {
    Path p = dir.resolve("t.parquet");
    try (BufferAllocator alloc = new RootAllocator();
        Float8Vector mz = new Float8Vector(
            new Field("mz", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            alloc);
        TableWriter tw = TableWriter.open(p, WriteOptions.defaults())) {
      mz.allocateNew(2);
      mz.set(0, 1);
      mz.setNull(1);
      mz.setValueCount(2);
      ArtifactException e = assertThrows(ArtifactException.class, () -> tw.write(VectorSchemaRoot.of(mz)));
      assertEquals(p + ", column 'mz', row 1: the Arrow batch's column is not nullable but the row is null",
          e.getMessage());
      assertEquals(1L, e.row().getAsLong());
    }
  }
}
