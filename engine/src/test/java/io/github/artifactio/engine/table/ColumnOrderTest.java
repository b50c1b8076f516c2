package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The footer's column orders: every leaf declares {@code TypeDefinedOrder}, the one variant every reader knows (Polars
 * 0.25 refused files whose float leaves declared {@code IEEE_754_TOTAL_ORDER}), and float statistics stay truthful
 * about NaN under it.
 */
class ColumnOrderTest {
  @TempDir Path dir;

  static FileMetaData footer(Path p) throws IOException {
    byte[] all = Files.readAllBytes(p);
    int len = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Util.readFileMetaData(new ByteArrayInputStream(all, all.length - 8 - len, len));
  }

  @Test
  void every_leaf_of_every_kind_declares_the_type_defined_order() throws IOException {
    Path p = dir.resolve("every.parquet");
    List<Column> cols = Fixtures.everyKind(300, 7);
    TableWriter.writeTable(p, cols);
    FileMetaData f = footer(p);
    long leaves = f.getSchema().stream().filter(e -> e.isSetType()).count();
    assertEquals(leaves, f.getColumn_orders().size());
    for (ColumnOrder o : f.getColumn_orders()) {
      assertTrue(o.isSetTYPE_ORDER(), o.toString());
    }
  }

  @Test
  void float_statistics_leave_nan_out_of_the_range_and_count_it() throws IOException {
    Path p = dir.resolve("nan.parquet");
    double[] withNan = {3.0, Double.NaN, -1.0};
    TableWriter.writeTable(p, List.of(
        new Float64Column("nan", withNan),
        new Float64Column("plain", new double[] {3.0, 0.5, -1.0}),
        new Float32Column("zero", new float[] {0.0f, 2.0f, 1.0f}),
        new Float64Column("all_nan", new double[] {Double.NaN, Double.NaN, Double.NaN})));
    FileMetaData f = footer(p);
    // the range of the values that have a place in the order, and how many NaNs lie outside it (as arrow-rs writes)
    Statistics s = f.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
    assertEquals(-1.0, le64(s.getMin_value()));
    assertEquals(3.0, le64(s.getMax_value()));
    assertEquals(1, s.getNan_count());
    assertEquals(0, s.getNull_count());
    // nothing but NaN: no range at all
    Statistics allNan = f.getRow_groups().get(0).getColumns().get(3).getMeta_data().getStatistics();
    assertFalse(allNan.isSetMin_value() || allNan.isSetMax_value(), allNan.toString());
    assertEquals(3, allNan.getNan_count());
    Statistics plain = f.getRow_groups().get(0).getColumns().get(1).getMeta_data().getStatistics();
    assertEquals(-1.0, le64(plain.getMin_value()));
    assertEquals(3.0, le64(plain.getMax_value()));
    // a zero bound is widened to -0.0: under the type-defined order -0.0 and +0.0 are the same value
    Statistics zero = f.getRow_groups().get(0).getColumns().get(2).getMeta_data().getStatistics();
    assertEquals(Float.floatToIntBits(-0.0f), Float.floatToIntBits(le32(zero.getMin_value())));
    assertEquals(2.0f, le32(zero.getMax_value()));
    // what is read is unchanged: the NaN stays where it was
    assertEquals(Arrays.toString(withNan), Arrays.toString(TableFile.open(p).get("nan", As.FLOAT64)));
  }

  private static double le64(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getDouble();
  }

  private static float le32(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getFloat();
  }
}
