package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.internal.parquet.read.ColumnReaderOracle;
import io.github.artifactio.engine.internal.parquet.read.ParquetJavaReaders;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.RowSelection;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Independent readers of what a concatenation writes: DuckDB (its own C++ Parquet reader) and parquet-java (its
 * footer, page-index and {@code ColumnReader} paths) read every output to the values of the table it was cut from.
 */
class ConcatInteropTest {
  private static Connection db;

  @TempDir Path dir;

  static final List<Column> TABLE = Fixtures.everyKind(7000, 99);

  @BeforeAll
  static void open() throws SQLException {
    db = DriverManager.getConnection("jdbc:duckdb:");
    Duck.use(db);
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  private List<Path> parts() {
    return Parts.write(dir, TABLE, new int[] {0, 1234, 5000, 7000},
        WriteOptions.builder().rowGroupRows(500).pageRows(100).build(),
        WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(3000).plainColumn("f32").build(),
        WriteOptions.defaults());
  }

  @Test
  void duckdb_reads_a_splice_to_the_values_of_the_table_written_whole() throws SQLException {
    Path whole = dir.resolve("whole.parquet");
    TableWriter.writeTable(whole, TABLE);
    Path out = dir.resolve("spliced.parquet");
    Concat.concat(out, parts(), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(7000, Duck.count(out));
    assertEquals(0, Duck.except(out, whole));
    assertEquals(0, Duck.except(whole, out));
  }

  @Test
  void parquet_javas_column_reader_reads_a_splice_to_the_table() {
    Path out = dir.resolve("spliced.parquet");
    Concat.concat(out, parts(), Axis.ROWS, ConcatOptions.defaults());
    List<Column> read = ColumnReaderOracle.read(out, TableFile.open(out).columns());
    assertEquals(TABLE, read);
  }

  @Test
  void parquet_java_reads_every_offset_index_moved_with_its_chunk_and_every_column_index_unchanged() throws Exception {
    List<Path> parts = parts();
    Path out = dir.resolve("spliced.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    List<Object[]> expected = new ArrayList<>();
    for (Path p : parts) {
      expected.addAll(indexes(p));
    }
    List<Object[]> actual = indexes(out);
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < actual.size(); i++) {
      assertArrayEquals(expected.get(i), actual.get(i), "chunk " + i);
    }
  }

  /** Per chunk: page offsets relative to the chunk, sizes, first rows, the column index as text, the statistics. */
  private static List<Object[]> indexes(Path p) throws Exception {
    List<Object[]> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetJavaReaders.open(p)) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          OffsetIndex oi = r.readOffsetIndex(c);
          assertNotNull(oi, c.getPath() + " has an offset index");
          long[] offsets = new long[oi.getPageCount()];
          long[] sizes = new long[oi.getPageCount()];
          long[] rows = new long[oi.getPageCount()];
          for (int i = 0; i < oi.getPageCount(); i++) {
            offsets[i] = oi.getOffset(i) - c.getStartingPos();
            sizes[i] = oi.getCompressedPageSize(i);
            rows[i] = oi.getFirstRowIndex(i);
          }
          ColumnIndex ci = r.readColumnIndex(c);
          out.add(new Object[] {c.getPath().toDotString(), Arrays.toString(offsets), Arrays.toString(sizes),
            Arrays.toString(rows), String.valueOf(ci), String.valueOf(c.getStatistics()), c.getCodec(),
            c.getEncodings().toString()});
        }
      }
    }
    return out;
  }

  @Test
  void selections_over_the_spliced_page_index_return_the_selected_rows() {
    Path out = dir.resolve("spliced.parquet");
    Concat.concat(out, parts(), Axis.ROWS, ConcatOptions.defaults());
    // rows 1100..1399 straddle the first two inputs (pages of 100 rows, then one row group of 3000)
    RowSelection keep = RowSelection.runs(new long[] {1100, 300, 4000, 50, 1550}, new boolean[] {false, true, false,
      true, false});
    double[] all = ((Float64Column) TABLE.get(3)).values();
    double[] want = new double[350];
    System.arraycopy(all, 1100, want, 0, 300);
    System.arraycopy(all, 5400, want, 300, 50);
    List<Double> got = new ArrayList<>();
    try (BatchReader r = TableFile.openWithOffsetIndex(out).selected(keep, List.of("f64"), 64)) {
      while (r.hasNext()) {
        for (double v : ((Float64Column) r.next().column("f64")).values()) {
          got.add(v);
        }
      }
    }
    assertEquals(350, got.size());
    for (int i = 0; i < want.length; i++) {
      assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(got.get(i)), "row " + i);
    }
  }

  @Test
  void files_duckdb_wrote_with_zstd_and_snappy_splice_and_read_back_in_both_readers() throws SQLException {
    Path whole = dir.resolve("whole.parquet");
    TableWriter.writeTable(whole, Parts.pick(TABLE, "i64", "f64", "name", "opt_f32", "trace"));
    Path a = dir.resolve("duck-a.parquet");
    Path b = dir.resolve("duck-b.parquet");
    try (Statement s = db.createStatement()) {
      s.execute("COPY (SELECT * FROM read_parquet(" + Duck.literal(whole) + ") LIMIT 3000) TO "
          + Duck.literal(a)
          + " (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1024)");
      s.execute("COPY (SELECT * FROM read_parquet(" + Duck.literal(whole) + ") LIMIT 4000 OFFSET 3000) TO "
          + Duck.literal(b)
          + " (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048)");
    }
    Path out = dir.resolve("spliced.parquet");
    ConcatResult r = Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(7000, r.rows());
    assertEquals(0, Duck.except(out, whole));
    assertEquals(0, Duck.except(whole, out));
    // DuckDB declares a LIMIT's columns nullable: the engine reads them with the null-aware kinds, no null among them
    Table t = Table.read(out);
    assertArrayEquals(((io.github.artifactio.engine.column.Int64Column) TABLE.get(0)).values(),
        t.get("i64", io.github.artifactio.engine.table.As.INT64));
    assertEquals(Parts.pick(TABLE, "name").get(0), t.get("name", io.github.artifactio.engine.table.As.UTF8_FLAT));
  }
}
