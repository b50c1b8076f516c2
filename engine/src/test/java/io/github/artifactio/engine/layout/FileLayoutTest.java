package io.github.artifactio.engine.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.internal.parquet.read.ParquetJavaReaders;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file layout says what the footer says: checked against parquet-java's own reading of the same footers. */
class FileLayoutTest {
  @TempDir Path dir;

  @Test
  void the_layout_of_an_engine_file_agrees_with_parquet_javas_footer() throws IOException {
    Path p = dir.resolve("every.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(5_000, 11), WriteOptions.builder().rowGroupRows(2_000).build());
    FileLayout layout = FileLayout.read(p);
    assertEquals(3, layout.rowGroups().size());
    assertAgrees(p, layout);
  }

  @Test
  void the_layout_of_a_duckdb_file_agrees_with_parquet_javas_footer() throws IOException {
    Path p = TestFiles.duckdb(dir.resolve("duck.parquet"), "SELECT i::BIGINT AS id, (i % 13)::INTEGER AS k,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || (i % 101) END AS s, [i::FLOAT, 0.5] AS l FROM range(300000) t(i)",
        "COMPRESSION zstd, ROW_GROUP_SIZE 100000");
    FileLayout layout = FileLayout.read(p);
    assertTrue(layout.rowGroups().size() >= 3, layout.rowGroups().size() + " row groups");
    assertAgrees(p, layout);
  }

  private static void assertAgrees(Path p, FileLayout layout) throws IOException {
    assertEquals(Files.size(p), layout.fileBytes());
    assertEquals(layout.fileBytes(), layout.footerStart() + layout.footerBytes() + 8);
    try (ParquetFileReader r = ParquetJavaReaders.open(p)) {
      ParquetMetadata md = r.getFooter();
      assertEquals(md.getFileMetaData().getCreatedBy(), layout.createdBy().orElseThrow());
      List<ColumnDescriptor> leaves = md.getFileMetaData().getSchema().getColumns();
      assertEquals(leaves.size(), layout.leaves().size());
      for (int i = 0; i < leaves.size(); i++) {
        LeafLayout l = layout.leaves().get(i);
        assertEquals(new LeafLayout(i, String.join(".", leaves.get(i).getPath()),
            leaves.get(i).getPrimitiveType().getPrimitiveTypeName().name().replace("BINARY", "BYTE_ARRAY"),
            leaves.get(i).getMaxDefinitionLevel(), leaves.get(i).getMaxRepetitionLevel()), l);
      }
      long rows = 0;
      assertEquals(md.getBlocks().size(), layout.rowGroups().size());
      for (int g = 0; g < md.getBlocks().size(); g++) {
        BlockMetaData b = md.getBlocks().get(g);
        RowGroupLayout rg = layout.rowGroups().get(g);
        assertEquals(g, rg.index());
        assertEquals(rows, rg.firstRow());
        assertEquals(b.getRowCount(), rg.rows());
        assertEquals(b.getTotalByteSize(), rg.totalByteSize());
        assertEquals(b.getCompressedSize(), rg.compressedBytes());
        assertEquals(b.getColumns().size(), rg.chunks().size());
        for (int i = 0; i < b.getColumns().size(); i++) {
          assertChunk(b.getColumns().get(i), rg.chunks().get(i), g, i);
        }
        rows += b.getRowCount();
      }
      assertEquals(rows, layout.rows());
    }
  }

  private static void assertChunk(ColumnChunkMetaData c, ColumnChunkLayout l, int g, int leaf) {
    String where = "row group " + g + ", " + l.path();
    assertEquals(g, l.rowGroup());
    assertEquals(leaf, l.leaf());
    assertEquals(c.getPath().toDotString(), l.path());
    assertEquals(c.getCodec().name(), l.codec(), where);
    Set<String> encodings = new TreeSet<>();
    c.getEncodings().forEach(e -> encodings.add(e.name()));
    assertEquals(encodings, new TreeSet<>(l.encodings()), where);
    assertEquals(c.getStartingPos(), l.startOffset(), where);
    assertEquals(c.getFirstDataPageOffset(), l.dataPageOffset(), where);
    assertEquals(c.getTotalSize(), l.compressedBytes(), where);
    assertEquals(c.getStartingPos() + c.getTotalSize(), l.endOffset(), where);
    assertEquals(c.getTotalUncompressedSize(), l.uncompressedBytes(), where);
    assertEquals(c.getValueCount(), l.valueCount(), where);
    assertEquals(c.getStatistics() != null && !c.getStatistics().isEmpty(), l.hasStatistics(), where);
    assertEquals(c.getColumnIndexReference() == null ? null
        : new IndexLocation(c.getColumnIndexReference().getOffset(), c.getColumnIndexReference().getLength()),
        l.columnIndex().orElse(null), where);
    assertEquals(c.getOffsetIndexReference() == null ? null
        : new IndexLocation(c.getOffsetIndexReference().getOffset(), c.getOffsetIndexReference().getLength()),
        l.offsetIndex().orElse(null), where);
  }

  @Test
  void a_declared_sort_order_is_read_with_its_direction_and_null_placement() {
    // parquet-testing's README: "first column with nulls first and descending, second column with nulls last and
    // ascending", in both of its row groups
    FileLayout layout = FileLayout.read(TestData.parquetTesting("data/sort_columns.parquet"));
    assertEquals(2, layout.rowGroups().size());
    for (RowGroupLayout g : layout.rowGroups()) {
      assertEquals(List.of(new SortingColumn(0, true, true), new SortingColumn(1, false, false)), g.sortingColumns());
    }
  }

  @Test
  void an_engine_file_declares_no_sort_order() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(10, 1));
    assertEquals(List.of(), FileLayout.read(p).rowGroups().get(0).sortingColumns());
  }

  @Test
  void a_table_file_has_the_layout_of_its_footer_also_on_a_span() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(3_000, 5), WriteOptions.builder().rowGroupRows(1_000).build());
    FileLayout read = FileLayout.read(p);
    assertEquals(read, TableFile.open(p).layout());
    assertEquals(read, TableFile.open(p).span(1_500, 10).layout());
  }
}
