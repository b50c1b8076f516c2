package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableFileTest {
  @TempDir Path dir;

  @Test
  void the_footer_handle_describes_rows_columns_types_metadata_and_row_groups() {
    Path p = dir.resolve("t.parquet");
    List<Column> cols = Fixtures.everyKind(2500, 9);
    TableWriter.writeTable(p, cols,
        WriteOptions.builder().rowGroupRows(1000).metadata("z.note", "last").metadata("a.note", "first").build());
    TableFile f = TableFile.open(p);
    assertEquals(2500, f.rows());
    assertEquals(cols.stream().map(Column::name).toList(), f.columnNames());
    assertArrayEquals(new long[] {1000, 1000, 500}, f.rowGroupRows());
    assertEquals(List.of(0L, 1000L, 2000L), f.rowGroups().stream().map(RowGroupInfo::firstRow).toList());
    assertTrue(f.rowGroups().get(0).compressedByteSize() > 0);
    assertEquals(List.of("ARROW:schema", "a.note", "artifact_io.writer", "z.note"), List.copyOf(f.metadata().keySet()));
    assertEquals("first", f.metadataValue("a.note").orElseThrow());
    assertEquals(ColumnType.OPT_UTF8, f.column("opt_name").decodedAs());
    assertEquals("UInt32", f.column("u32").arrowType());
    assertEquals("LargeList(Float32)", f.column("big_trace").arrowType());
  }

  @Test
  void a_row_group_read_decodes_that_row_group_only_and_the_row_groups_together_are_the_whole_column() {
    Path p = dir.resolve("t.parquet");
    long[] ids = ids(2500);
    TableWriter.writeTable(
        p,
        List.of(new io.github.artifactio.engine.column.Int64Column("id", ids), Fixtures.everyKind(2500, 3).get(0)),
        WriteOptions.builder().rowGroupRows(1000).build());
    TableFile f = TableFile.open(p);
    long[] joined = new long[ids.length];
    for (RowGroupInfo g : f.rowGroups()) {
      Table t = f.readRowGroup(g.index(), "id");
      assertEquals(g.rows(), t.rows());
      assertEquals(List.of("id"), t.columnNames());
      System.arraycopy(t.get("id", As.INT64), 0, joined, (int) g.firstRow(), (int) g.rows());
    }
    assertArrayEquals(ids, joined);
    assertThrows(IndexOutOfBoundsException.class, () -> f.readRowGroup(3, "id"));
  }

  @Test
  void row_group_batches_end_where_row_groups_do_and_hold_the_rows_of_plain_batches() {
    Path p = dir.resolve("t.parquet");
    long[] ids = ids(2500);
    TableWriter.writeTable(p, List.of(new io.github.artifactio.engine.column.Int64Column("id", ids)),
        WriteOptions.builder().rowGroupRows(1000).pageRows(128).build());
    TableFile f = TableFile.open(p);
    // the whole file: each row group's 1,000 rows in batches of 300, the last of each 100
    assertEquals(List.of(300L, 300L, 300L, 100L, 300L, 300L, 300L, 100L, 300L, 200L), batchRows(f, 300));
    // a span from inside row group 0 to inside row group 2: its first and last batches end at its borders
    TableFile span = f.span(950, 1200);
    assertEquals(List.of(50L, 300L, 300L, 300L, 100L, 150L), batchRows(span, 300));
    long[] got = new long[1200];
    int at = 0;
    try (BatchReader r = span.rowGroupBatches(List.of("id"), 300, ScanOptions.defaults())) {
      while (r.hasNext()) {
        long[] v = ((io.github.artifactio.engine.column.Int64Column) r.next().column("id")).values();
        System.arraycopy(v, 0, got, at, v.length);
        at += v.length;
      }
    }
    assertArrayEquals(java.util.Arrays.copyOfRange(ids, 950, 2150), got, "the rows of the span, in order");
  }

  /** {@code n} ids, 7 apart: each row's value is its own. */
  private static long[] ids(int n) {
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = 7L * i;
    }
    return ids;
  }

  private static List<Long> batchRows(TableFile f, int batchRows) {
    List<Long> out = new java.util.ArrayList<>();
    try (BatchReader r = f.rowGroupBatches(List.of("id"), batchRows, ScanOptions.defaults())) {
      while (r.hasNext()) {
        out.add((long) r.next().rows());
      }
    }
    return out;
  }

  @Test
  void the_arrow_schema_in_the_footer_gives_arrow_readers_our_exact_types() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(3, 1));
    Schema s = TableFile.open(p).arrowSchema().orElseThrow();
    assertEquals(new ArrowType.Int(32, false), s.findField("u32").getType());
    assertEquals(ArrowType.LargeList.INSTANCE, s.findField("big_trace").getType());
    assertEquals(ArrowType.List.INSTANCE, s.findField("trace").getType());
    assertEquals("item", s.findField("trace").getChildren().get(0).getName());
    assertTrue(s.findField("trace").getChildren().get(0).isNullable());
    assertEquals(false, s.findField("i64").isNullable());
    assertEquals(true, s.findField("opt_i64").isNullable());
  }

  @Test
  void every_chunk_has_statistics_an_offset_index_snappy_and_a_column_index_unless_a_page_holds_only_nan() {
    Path p = dir.resolve("t.parquet");
    List<Column> cols = Fixtures.everyKind(5000, 2);
    TableWriter.writeTable(p, cols);
    List<RowGroupInfo> groups = TableFile.open(p).rowGroups();
    assertEquals(1, groups.size());
    int withNan = 0;
    for (ColumnChunkInfo c : groups.get(0).chunks()) {
      assertEquals("SNAPPY", c.codec(), c.path());
      assertTrue(c.hasOffsetIndex(), c.path());
      assertTrue(c.statistics().isPresent(), c.path());
      // under the type-defined column order a page's NaN has no place in its bounds: they are the other values',
      // and the index's nan_counts say the NaN is there (PageEncodingTest); only a page whose values are all NaN has
      // no bounds, and then the chunk has no column index. The fixture's pages of 20,000 rows all hold other values.
      String top = c.path().split("\\.")[0];
      withNan += holdsNaN(cols.stream().filter(x -> x.name().equals(top)).findFirst().orElseThrow()) ? 1 : 0;
      assertTrue(c.hasColumnIndex(), c.path());
    }
    assertTrue(withNan > 0, "the fixture has float columns with NaN");
  }

  static boolean holdsNaN(Column c) {
    if (c instanceof Float64Column f) {
      return java.util.Arrays.stream(f.values()).anyMatch(Double::isNaN);
    }
    if (c instanceof OptFloat64Column f) {
      return java.util.stream.IntStream.range(0, f.length()).anyMatch(i -> f.valid()[i] && Double.isNaN(f.values()[i]));
    }
    if (c instanceof Float32Column f) {
      return java.util.stream.IntStream.range(0, f.length()).anyMatch(i -> Float.isNaN(f.values()[i]));
    }
    if (c instanceof OptFloat32Column f) {
      return java.util.stream.IntStream.range(0, f.length()).anyMatch(i -> f.valid()[i] && Float.isNaN(f.values()[i]));
    }
    if (c instanceof ListFloat32Column f) {
      return java.util.stream.IntStream.range(0, f.offsets()[f.length()]).anyMatch(i -> Float.isNaN(f.values()[i]));
    }
    if (c instanceof LargeListFloat32Column f) {
      return java.util.stream.IntStream.range(0, (int) f.offsets()[f.length()])
          .anyMatch(i -> Float.isNaN(f.values()[i]));
    }
    if (c instanceof ListFloat64Column f) {
      return java.util.stream.IntStream.range(0, f.offsets()[f.length()]).anyMatch(i -> Double.isNaN(f.values()[i]));
    }
    return false;
  }

  @Test
  void uncompressed_is_an_explicit_option() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(100, 2), WriteOptions.builder().codec(Codec.UNCOMPRESSED).build());
    assertEquals("UNCOMPRESSED", TableFile.open(p).rowGroups().get(0).chunks().get(0).codec());
    assertEquals(Fixtures.everyKind(100, 2).get(3), Table.read(p).column("f64"));
  }

  @Test
  void a_schema_identifier_given_to_the_writer_is_recorded_in_the_footer() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(3, 1),
        WriteOptions.builder().schema(SchemaRegistry.Upstream.PEPTIDES).build());
    TableFile f = TableFile.open(p);
    assertEquals(SchemaRegistry.Upstream.PEPTIDES, f.schemaId().orElseThrow());
    assertEquals("peptides", f.metadataValue("artifact_io.schema_name").orElseThrow());
    Path q = dir.resolve("q.parquet");
    TableWriter.writeTable(q, Fixtures.everyKind(3, 1));
    assertTrue(TableFile.open(q).schemaId().isEmpty());
  }

  @Test
  void a_missing_file_is_an_error_naming_it() {
    Path p = dir.resolve("nope.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> TableFile.open(p));
    assertTrue(e.getMessage().startsWith(p + ": opening the file: "), e.getMessage());
  }

  @Test
  void a_file_that_is_not_parquet_is_an_error_naming_it() throws IOException {
    Path p = dir.resolve("bad.parquet");
    Files.writeString(p, "this is not a parquet file at all");
    ArtifactException e = assertThrows(ArtifactException.class, () -> TableFile.open(p));
    assertTrue(e instanceof FooterException && e.getMessage().startsWith(p + ": the "), e.getMessage());
  }

  @Test
  void user_metadata_may_not_overwrite_the_arrow_schema() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WriteOptions.builder().metadata("ARROW:schema", "x"));
    assertEquals("the footer key 'ARROW:schema' is written by the engine", e.getMessage());
  }
}
