package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages the writer gave a CRC32 are checked when they are read; a flipped byte is an error naming where it is. */
class PageChecksumTest {
  @TempDir Path dir;
  Path file;
  long[] ids = new long[3000];
  double[] xs = new double[3000];
  Layouts.PageAt page;

  /** 3 row groups of 1000 rows, pages of 100 rows, uncompressed; one byte of x's data page 3 in row group 1 flipped. */
  @BeforeEach
  void writeAndCorrupt() throws IOException {
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
      xs[i] = i * 0.25;
    }
    file = dir.resolve("flipped.parquet");
    TableWriter.writeTable(
        file, List.of(new Int64Column("id", ids), new Float64Column("x", xs)),
        WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(1000).pageRows(100).plainColumn("x").build());
    page = Layouts.page(file, "x", 1, 3);
    byte[] bytes = Files.readAllBytes(file);
    int last = (int) page.offset() + page.headerBytes() + page.bodyBytes() - 1; // inside the page's last value
    bytes[last] ^= 0x01;
    Files.write(file, bytes);
  }

  private int crcOfBody() throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    CRC32 c = new CRC32();
    c.update(bytes, (int) page.offset() + page.headerBytes(), page.bodyBytes());
    return (int) c.getValue();
  }

  @Test
  void a_flipped_byte_in_a_data_page_is_an_error_naming_file_column_row_group_and_page() throws IOException {
    TableFile f = TableFile.open(file);
    ArtifactException e = assertThrows(ArtifactException.class, () -> f.get("x", As.FLOAT64));
    assertEquals(
        file + ", column 'x', row group 1: data page 3: the page's CRC32 is "
            + String.format("%08x", crcOfBody()) + " but its header records " + String.format("%08x", page.crc())
            + "; the file is corrupt",
        e.getMessage());
    assertEquals("x", e.column().orElseThrow());
    assertEquals(1, e.rowGroup().getAsInt());
    assertThrows(ArtifactException.class, () -> Table.read(file), "the whole-table read checks too");
  }

  @Test
  void the_other_columns_and_the_pages_a_selection_skips_still_read() {
    assertArrayEquals(ids, TableFile.open(file).get("id", As.INT64));
    // rows 1000..1299 are pages 0-2 of row group 1: page 3 is neither read nor checked on an indexed handle
    RowSelection before = RowSelection.runs(new long[] {1000, 300}, new boolean[] {false, true});
    try (BatchReader r = TableFile.openWithOffsetIndex(file).selected(before, List.of("x"), 1000)) {
      double[] got = ((Float64Column) r.next().columns().get(0)).values();
      assertArrayEquals(java.util.Arrays.copyOfRange(xs, 1000, 1300), got);
    }
  }

  @Test
  void with_verification_off_the_flipped_value_is_read_as_stored() {
    ScanOptions off = ScanOptions.builder().verifyPageChecksums(false).build();
    double[] got;
    try (BatchReader r = TableFile.open(file).batches(List.of("x"), 3000, off)) {
      got = ((Float64Column) r.next().columns().get(0)).values();
    }
    int lastOfPage = 1000 + 3 * 100 + 99;
    assertNotEquals(xs[lastOfPage], got[lastOfPage]);
    got[lastOfPage] = xs[lastOfPage];
    assertArrayEquals(xs, got, "every other value is the written one");
  }
}
