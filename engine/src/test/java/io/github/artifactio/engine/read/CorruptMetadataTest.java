package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metadata outside the page bodies, which no CRC covers, changed by one field as the campaign changed it: each
 * read refuses the file with the engine's typed error instead of returning other values (a row group's rows
 * 200 -> 199 dropped a row and shifted the rest; a page's count 400 -> 401 shifted the rest of its row group).
 */
class CorruptMetadataTest {
  @TempDir Path dir;

  /** Three row groups of 200 rows; PLAIN doubles (distinct, so the float plan writes them PLAIN), ids, nullable ids. */
  private Path table(String name, int rows, int groupRows) {
    SplittableRandom r = new SplittableRandom(1);
    long[] id = new long[rows];
    double[] x = new double[rows];
    Long[] opt = new Long[rows];
    for (int i = 0; i < rows; i++) {
      id[i] = i;
      x[i] = r.nextDouble();
      opt[i] = i % 3 == 0 ? null : (long) i;
    }
    List<Column> cols = List.of(new Int64Column("id", id), new Float64Column("x", x), OptInt64Column.of("opt", opt));
    Path p = dir.resolve(name);
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(groupRows).pageRows(400).build());
    return p;
  }

  /** Every way of reading refuses the file with an error naming it; the message of {@code Table.read} is returned. */
  private static String refused(Path p) {
    ArtifactException whole = assertThrows(ArtifactException.class, () -> Table.read(p));
    assertEquals(p, whole.file().orElseThrow());
    assertTrue(whole.getMessage().contains(p.toString()), whole.getMessage());
    assertThrows(ArtifactException.class, () -> drain(TableFile.open(p), ScanOptions.builder().build()));
    assertThrows(ArtifactException.class, () -> drain(TableFile.openWithOffsetIndex(p), ScanOptions.coalesced()));
    return whole.getMessage();
  }

  private static void drain(TableFile f, ScanOptions options) {
    try (BatchReader r = f.batches(null, 64, options)) {
      while (r.hasNext()) {
        Batch b = r.next();
        assertTrue(b.rows() > 0);
      }
    }
  }

  @Test
  void a_row_group_declaring_one_row_fewer_is_refused_instead_of_dropping_a_row() {
    Path p = TestFiles.rewriteFooter(table("rows.parquet", 600, 200), md -> md.getRow_groups().get(1).setNum_rows(199));
    assertEquals(p + ", column 'id', row group 1: the footer declares 199 rows for the row group but 200 values for"
        + " its column chunk, not one per row; the file is corrupt", refused(p));
  }

  @Test
  void row_groups_that_do_not_add_up_to_the_files_rows_are_refused() {
    Path p = TestFiles.rewriteFooter(table("total.parquet", 600, 200), md -> md.setNum_rows(601));
    assertEquals(p + ": the row groups hold 600 rows but the footer declares 601; the file is corrupt", refused(p));
  }

  @Test
  void a_page_declaring_one_value_more_is_refused_instead_of_shifting_the_row_group() {
    Path p = table("values.parquet", 1000, 1000);
    PageLayout page = TestFiles.firstDataPage(p, "x");
    assertEquals(400, page.values());
    TestFiles.rewritePageHeader(p, page, h -> h.getData_page_header().setNum_values(401));
    assertEquals(p + ", column \'x', row group 0: its data pages hold 1001 values, more than the"
        + " 1000 the column chunk declares", refused(p));
  }

  @Test
  void a_page_declaring_one_value_fewer_is_refused() {
    Path p = table("fewer.parquet", 1000, 1000);
    TestFiles.rewritePageHeader(p, TestFiles.firstDataPage(p, "opt"),
        h -> h.getData_page_header().setNum_values(399));
    assertEquals(p + ", column \'opt', row group 0: its data pages hold 999 values, fewer than the"
        + " 1000 the column chunk declares", refused(p));
  }

  @Test
  void a_page_whose_encoding_changed_to_one_its_chunk_does_not_declare_is_refused() {
    Path p = table("encoding.parquet", 1000, 1000);
    // PLAIN and BYTE_STREAM_SPLIT doubles take the same bytes: only the footer's list of encodings tells them apart
    TestFiles.rewritePageHeader(p, TestFiles.firstDataPage(p, "x"), h -> h.getData_page_header()
        .setEncoding(Encoding.BYTE_STREAM_SPLIT));
    assertEquals(p + ", column \'x', row group 0: data page 0 is BYTE_STREAM_SPLIT-encoded, an"
        + " encoding its column chunk does not declare (PLAIN, RLE)", refused(p));
  }

  @Test
  void a_required_column_made_optional_contradicts_the_arrow_schema_and_is_refused() {
    Path p = TestFiles.rewriteFooter(table("optional.parquet", 600, 200), md -> leaf(md.getSchema(), "id")
        .setRepetition_type(FieldRepetitionType.OPTIONAL));
    assertEquals(p + ", column 'id': it is OPTIONAL in the footer's Parquet schema but not nullable in"
        + " ARROW:schema; the file is corrupt", refused(p));
  }

  @Test
  void an_optional_column_made_required_is_refused_with_or_without_an_arrow_schema() {
    Path p = TestFiles.rewriteFooter(table("required.parquet", 600, 200), md -> leaf(md.getSchema(), "opt")
        .setRepetition_type(FieldRepetitionType.REQUIRED));
    assertEquals(p + ", column 'opt': it is REQUIRED in the footer's Parquet schema but nullable in"
        + " ARROW:schema; the file is corrupt", refused(p));
    // without ARROW:schema (as DuckDB writes): the levels read as values leave bytes over in the page
    Path bare = TestFiles.rewriteFooter(table("bare.parquet", 600, 200), md -> {
      md.getKey_value_metadata().removeIf(kv -> kv.getKey().equals("ARROW:schema"));
      leaf(md.getSchema(), "opt").setRepetition_type(FieldRepetitionType.REQUIRED);
    });
    assertTrue(refused(bare).startsWith(bare + ", column \'opt', row group 0: "), refused(bare));
  }

  @Test
  void a_changed_physical_type_contradicts_the_arrow_schema_and_is_refused() {
    Path p = TestFiles.rewriteFooter(table("type.parquet", 600, 200), md -> {
      leaf(md.getSchema(), "x").setType(Type.INT64);
      md.getRow_groups().forEach(g -> g.getColumns().get(1).getMeta_data().setType(Type.INT64));
    });
    assertEquals(p + ", column 'x': it is INT64 in the footer's Parquet schema but Float64 in"
        + " ARROW:schema, which is stored as DOUBLE; the file is corrupt", refused(p));
  }

  @Test
  void without_an_arrow_schema_a_physical_type_of_another_width_is_refused_by_the_chunks_type_or_its_statistics() {
    Path schemaOnly = TestFiles.rewriteFooter(table("schema-only.parquet", 600, 200), md -> {
      md.getKey_value_metadata().removeIf(kv -> kv.getKey().equals("ARROW:schema"));
      leaf(md.getSchema(), "x").setType(Type.INT32);
    });
    assertEquals(schemaOnly + ", column 'x', row group 0: the footer's column chunk is DOUBLE but the schema's"
        + " leaf is INT32; the file is corrupt", refused(schemaOnly));
    Path both = TestFiles.rewriteFooter(table("both.parquet", 600, 200), md -> {
      md.getKey_value_metadata().removeIf(kv -> kv.getKey().equals("ARROW:schema"));
      leaf(md.getSchema(), "x").setType(Type.FLOAT);
      md.getRow_groups().forEach(g -> g.getColumns().get(1).getMeta_data().setType(Type.FLOAT));
    });
    assertEquals(both + ", column 'x', row group 0: the footer's statistics of the column chunk have 8 bytes a value,"
        + " but its physical type FLOAT takes 4; the file is corrupt", refused(both));
  }

  @Test
  void a_dictionary_read_as_a_narrower_type_leaves_bytes_over_and_is_refused() {
    long[] k = new long[600];
    for (int i = 0; i < k.length; i++) {
      k[i] = i % 5;
    }
    Path p = dir.resolve("dictionary.parquet");
    TableWriter.writeTable(p, List.of(new Int64Column("k", k)), WriteOptions.builder().rowGroupRows(200).build());
    // five 8-byte values in the dictionary; as INT32 (statistics gone, which would tell first) they leave 20 bytes
    TestFiles.rewriteFooter(p, md -> {
      md.getKey_value_metadata().removeIf(kv -> kv.getKey().equals("ARROW:schema"));
      leaf(md.getSchema(), "k").setType(Type.INT32);
      md.getRow_groups().forEach(g -> {
        g.getColumns().get(0).getMeta_data().setType(Type.INT32);
        g.getColumns().get(0).getMeta_data().unsetStatistics();
      });
    });
    assertEquals(p + ", column \'k', row group 0: the dictionary page: it holds more bytes than"
        + " its 5 INT32 values take", refused(p));
  }

  @Test
  void definition_levels_whose_encoding_changed_leave_dictionary_ids_over_and_are_refused() {
    Path p = table("levels.parquet", 1000, 1000);
    TestFiles.rewritePageHeader(p, TestFiles.firstDataPage(p, "opt"),
        h -> h.getData_page_header().setDefinition_level_encoding(Encoding.BIT_PACKED));
    String m = refused(p);
    assertTrue(m.startsWith(p + ", column \'opt', row group 0: data page 0: "), m);
    Path plain = table("plain-levels.parquet", 1000, 1000);
    TestFiles.rewritePageHeader(plain, TestFiles.firstDataPage(plain, "opt"),
        h -> h.getData_page_header().setDefinition_level_encoding(Encoding.PLAIN));
    assertEquals(plain + ", column \'opt', row group 0: data page 0: its definition levels are"
        + " declared PLAIN-encoded; levels are RLE or BIT_PACKED", refused(plain));
  }

  @Test
  void a_column_chunk_reaching_into_the_footer_is_refused_before_it_is_read() {
    Path p = TestFiles.rewriteFooter(table("chunk.parquet", 600, 200), md -> md.getRow_groups().get(2).getColumns()
        .get(2).getMeta_data().setTotal_compressed_size(1L << 31));
    String m = refused(p);
    assertTrue(m.startsWith(p + ", column 'opt', row group 2: the footer's column chunk spans bytes "), m);
    assertTrue(m.endsWith(", outside the data region 4.." + FileLayout.read(p).footerStart() + "; the file is corrupt"),
        m);
  }

  @Test
  void a_renamed_column_reads_under_its_new_name_which_only_the_content_hash_can_tell() {
    Path p = table("renamed.parquet", 600, 200);
    List<Column> before = Table.read(p).columns();
    TestFiles.rewriteFooter(p, md -> {
      leaf(md.getSchema(), "id").setName("ident");
      md.getRow_groups().forEach(g -> g.getColumns().get(0).getMeta_data().setPath_in_schema(List.of("ident")));
    });
    Table after = Table.read(p);
    assertEquals(List.of("ident", "x", "opt"), after.columnNames());
    assertEquals(before.get(0).length(), after.column("ident").length());
    assertEquals(before.get(1), after.column("x"));
  }

  private static SchemaElement leaf(List<SchemaElement> schema, String name) {
    return schema.stream().filter(e -> name.equals(e.getName())).findFirst().orElseThrow();
  }
}
