package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.FooterException.Problem;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sizes and shapes a footer declares never become allocations or recursion the file cannot back: each is refused
 * first with the engine's typed error (a schema nested 10,000 deep overflowed every reader's stack; an offset index
 * of declared length 2^31-1, a row count beyond the heap and an empty column name escaped as {@code Error}s and
 * parquet-java's {@code IllegalArgumentException}), and a footer or page that does not decode is said in the engine's
 * words, with its page.
 */
class DeclaredSizesTest {
  @TempDir Path dir;

  private Path table(String name) {
    Path p = dir.resolve(name);
    long[] ids = new long[500];
    String[] names = new String[500];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
      names[i] = "n" + (i % 7);
    }
    TableWriter.writeTable(p, List.of(new Int64Column("id", ids), Utf8Column.of("name", names)),
        WriteOptions.builder().rowGroupRows(250).build());
    return p;
  }

  @Test
  void a_schema_nested_10000_deep_is_refused_naming_the_depth_before_anything_recurses() {
    Path p = TestFiles.rewriteFooter(table("deep.parquet"), md -> TestFiles.nestSchema(md, 10_000));
    String detail =
        "the footer's schema nests groups 100 levels deep at schema element 100 of 10001, deeper than the 99 levels"
            + " this engine reads";
    for (Runnable read : List.<Runnable>of(() -> Table.read(p), () -> TableFile.open(p), () -> FileLayout.read(p))) {
      FooterException e = assertThrows(FooterException.class, read::run);
      assertEquals(Problem.SCHEMA_TOO_DEEP, e.problem());
      assertEquals(p + ": " + detail, e.getMessage());
      assertEquals(detail, e.detail());
    }
  }

  @Test
  void an_offset_index_of_declared_length_2_pow_31_minus_1_is_refused_before_it_is_read() {
    Path p = TestFiles.rewriteFooter(table("index.parquet"), md -> {
      ColumnChunk c = md.getRow_groups().get(1).getColumns().get(1);
      c.setOffset_index_length(Integer.MAX_VALUE);
    });
    long dataEnd = FileLayout.read(p).footerStart();
    ArtifactException e = assertThrows(ArtifactException.class, () -> TableFile.openWithOffsetIndex(p));
    long at = FileLayout.read(p).rowGroups().get(1).chunks().get(1).offsetIndex().orElseThrow().offset();
    assertEquals(p + ", column 'name', row group 1: the offset index spans bytes " + at + ".."
        + (at + Integer.MAX_VALUE) + ", outside the data region 4.." + dataEnd, e.getMessage());
    assertEquals(1, e.rowGroup().getAsInt());
    assertEquals("name", e.column().orElseThrow());
  }

  @Test
  void a_row_count_whose_columns_cannot_fit_the_heap_is_refused_before_a_whole_read_allocates() {
    long rows = 1L << 30;
    Path p = TestFiles.rewriteFooter(table("rows.parquet"), md -> {
      md.setNum_rows(rows);
      md.getRow_groups().remove(1);
      md.getRow_groups().get(0).setNum_rows(rows);
      md.getRow_groups().get(0).getColumns().forEach(c -> c.getMeta_data().setNum_values(rows));
    });
    ArtifactException e = assertThrows(ArtifactException.class, () -> Table.read(p));
    assertEquals(p + ": its 1073741824 rows of 2 columns take at least 12884901888 bytes as Java arrays,"
        + " more than this JVM's maximum heap of " + Runtime.getRuntime().maxMemory() + " bytes", e.getMessage());
  }

  @Test
  void a_column_with_an_empty_name_is_a_footer_that_does_not_describe_the_file() {
    Path p = TestFiles.rewriteFooter(table("empty-name.parquet"), md -> md.getSchema().get(2).setName(""));
    FooterException e = assertThrows(FooterException.class, () -> Table.read(p));
    assertEquals(Problem.INCONSISTENT, e.problem());
    assertEquals("the footer does not describe the file: schema element 2 has an empty name", e.detail());
  }

  @Test
  void a_footer_cut_short_is_said_in_the_engines_words_not_thrifts() throws IOException {
    Path p = table("cut.parquet");
    byte[] b = Files.readAllBytes(p);
    int length = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int cut = 40; // the footer's last 40 bytes gone, its length and magic kept: the Thrift structures end too soon
    byte[] out = new byte[b.length - cut];
    System.arraycopy(b, 0, out, 0, b.length - 8 - cut);
    ByteBuffer.wrap(out, out.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(length - cut);
    System.arraycopy(b, b.length - 4, out, out.length - 4, 4);
    Files.write(p, out);
    FooterException e = assertThrows(FooterException.class, () -> Table.read(p));
    assertEquals(p + ": the footer does not decode: its bytes end in the middle of a field"
        + " (cut short, or a wrong length)", e.getMessage());
  }

  @Test
  void a_snappy_page_that_does_not_decompress_names_its_page_not_the_codec_librarys_code() {
    Path p = table("snappy.parquet");
    PageLayout page = TestFiles.firstDataPage(p, "id");
    // the snappy stream's elements after its length prefix, made copies from 4 GiB back: snappy-java says
    // FAILED_TO_UNCOMPRESS(5) about them
    TestFiles.changePageBody(p, page, (body, attempt) -> {
      for (int i = 2; i < body.length; i++) {
        body[i] = (byte) 0xff;
      }
      body[body.length - 1] = (byte) attempt;
    });
    ArtifactException e = assertThrows(ArtifactException.class, () -> Table.read(p));
    assertEquals(p + ", column 'id', row group 0: data page 0: its SNAPPY bytes do not"
        + " decompress: they are corrupt", e.getMessage());
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    assertTrue(String.valueOf(root.getMessage()).contains("FAILED_TO_UNCOMPRESS"), "the library's words stay in the"
        + " cause: " + root);
  }
}
