package io.github.artifactio.engine.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.internal.parquet.read.ParquetJavaReaders;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one page walker: every page framed, checksummed and decompressed, each problem an outcome with its reason (the
 * rest of the file still walked), and with values, every value decoded in the same pass that reads each page once.
 */
class PageWalkTest {
  @TempDir Path dir;

  static List<ChunkWalk> walk(Path p) {
    List<ChunkWalk> out = new ArrayList<>();
    FileLayout.read(p).walkPages(out::add);
    return out;
  }

  static List<ChunkWalk> walkWithValues(Path p) {
    List<ChunkWalk> out = new ArrayList<>();
    TableFile.open(p).walkPagesAndValues(out::add);
    return out;
  }

  private Path everyKind(Codec codec) {
    Path p = dir.resolve(codec + ".parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(5_000, 3),
        WriteOptions.builder().rowGroupRows(2_000).pageRows(700).codec(codec).build());
    return p;
  }

  @Test
  void every_page_of_an_engine_file_is_where_its_offset_index_says_with_a_verified_crc() throws IOException {
    Path p = everyKind(Codec.SNAPPY);
    List<ChunkWalk> walks = walk(p);
    FileLayout layout = FileLayout.read(p);
    assertEquals(layout.rowGroups().stream().mapToInt(g -> g.chunks().size()).sum(), walks.size());
    try (ParquetFileReader r = ParquetJavaReaders.open(p)) {
      for (ChunkWalk w : walks) {
        ColumnChunkLayout c = w.chunk();
        ColumnChunkMetaData meta = r.getFooter().getBlocks().get(c.rowGroup()).getColumns().get(c.leaf());
        OffsetIndex index = r.readOffsetIndex(meta);
        List<PageLayout> data = w.pages().stream().filter(pg -> pg.kind().isData()).collect(Collectors.toList());
        String where = "row group " + c.rowGroup() + ", " + c.path();
        assertEquals(index.getPageCount(), data.size(), where);
        boolean repeated = layout.leaves().get(c.leaf()).maxRepetitionLevel() > 0;
        for (int i = 0; i < data.size(); i++) {
          PageLayout pg = data.get(i);
          assertEquals(i, pg.dataPage(), where);
          assertEquals(index.getOffset(i), pg.headerOffset(), where + ", page " + i);
          assertEquals(index.getCompressedPageSize(i), pg.endOffset() - pg.headerOffset(), where + ", page " + i);
          // a repeated column's v1 headers count values, not rows: past its first page, a page's first row is unknown
          assertEquals(repeated && i > 0 ? -1 : index.getFirstRowIndex(i), pg.firstRow(), where + ", page " + i);
        }
        for (PageLayout pg : w.pages()) {
          assertTrue(pg.crc().orElseThrow().verified(), where);
          assertEquals(Decompression.OK, pg.decompression(), where);
        }
        assertEquals(c.startOffset(), w.pages().get(0).headerOffset(), where);
        assertEquals(c.endOffset(), w.pages().get(w.pages().size() - 1).endOffset(), where);
        assertEquals(c.valueCount(), w.dataPageValues(), where);
        assertEquals(c.compressedBytes(), w.bytesRead(), where);
        assertTrue(w.stop().isEmpty() && w.values().isEmpty(), where);
      }
    }
  }

  @Test
  void every_codec_the_engine_reads_is_decompressed_and_decoded_page_by_page() {
    for (String codec : List.of("uncompressed", "snappy", "gzip", "zstd", "lz4_raw")) {
      Path p = TestFiles.duckdb(dir.resolve(codec + ".parquet"), "SELECT i::BIGINT AS id, (i * 0.25)::DOUBLE AS d,"
          + " CASE WHEN i % 7 = 0 THEN NULL ELSE 'text ' || (i % 50) END AS s FROM range(200000) t(i)",
          "COMPRESSION " + codec);
      List<ChunkWalk> walks = walkWithValues(p);
      assertEquals(codec.toUpperCase(), walks.get(0).chunk().codec());
      for (ChunkWalk w : walks) {
        assertTrue(w.stop().isEmpty(), codec + ": " + w.stop());
        assertTrue(w.dataPages() > 0, codec);
        for (PageLayout pg : w.pages()) {
          assertEquals(Decompression.OK, pg.decompression(), codec + ", " + w.chunk().path());
        }
        assertEquals(ValueDecoding.Status.DECODED, w.values().orElseThrow().status(), codec + ": " + w.values());
      }
    }
  }

  @Test
  void a_walk_with_values_reads_each_page_once_and_decodes_each_columns_leaf() {
    Path p = everyKind(Codec.SNAPPY);
    long chunkBytes = 0;
    long read = 0;
    List<ChunkWalk> withValues = walkWithValues(p);
    List<ChunkWalk> pagesOnly = walk(p);
    assertEquals(pagesOnly.size(), withValues.size());
    for (int i = 0; i < withValues.size(); i++) {
      ChunkWalk w = withValues.get(i);
      assertEquals(pagesOnly.get(i).pages(), w.pages(), "the same walk, values or not");
      chunkBytes += w.chunk().compressedBytes();
      read += w.bytesRead();
      ValueDecoding v = w.values().orElseThrow(() -> new AssertionError("every leaf is a column's: " + w.chunk()));
      assertEquals(ValueDecoding.Status.DECODED, v.status(), v.toString());
      assertEquals(w.chunk().path().split("\\.")[0], v.column());
    }
    assertEquals(chunkBytes, read, "every byte of every chunk read once, for the pages and the values together");
  }

  @Test
  void a_page_whose_crc_does_not_match_is_reported_and_the_walk_goes_on() {
    Path p = TestData.parquetTesting("data/datapage_v1-corrupt-checksum.parquet");
    List<ChunkWalk> walks = walkWithValues(p);
    List<PageLayout> bad = new ArrayList<>();
    for (ChunkWalk w : walks) {
      assertTrue(w.stop().isEmpty());
      w.pages().stream().filter(pg -> pg.crc().isPresent() && !pg.crc().get().verified()).forEach(bad::add);
    }
    assertFalse(bad.isEmpty(), "the corpus file's corrupt page is found");
    ChunkWalk first = walks.stream().filter(w -> w.pages().stream().anyMatch(bad::contains)).findFirst().orElseThrow();
    assertEquals(ValueDecoding.Status.NOT_DECODED, first.values().orElseThrow().status(),
        "a page the walk refuses is not decoded a second time");
    assertEquals(FileLayout.read(p).rowGroups().stream().mapToInt(g -> g.chunks().size()).sum(), walks.size());
  }

  @Test
  void hadoop_framed_lz4_pages_are_framed_but_not_decompressed() {
    Path p = TestData.parquetTesting("data/hadoop_lz4_compressed.parquet");
    TableFile f = TableFile.open(p);
    int decodable = 0;
    for (ChunkWalk w : walkWithValues(p)) {
      assertFalse(w.pages().isEmpty());
      for (PageLayout pg : w.pages()) {
        assertEquals(new Decompression(Decompression.Status.CODEC_NOT_READ, "codec LZ4 is not read"),
            pg.decompression());
      }
      ValueDecoding v = w.values().orElseThrow();
      if (f.column(v.column()).decodedAs() != null) {
        decodable++;
        assertEquals(new ValueDecoding(v.column(), ValueDecoding.Status.NOT_DECODED, java.util.Optional.empty(), -1,
            "codec LZ4"), v);
      }
    }
    assertTrue(decodable > 0);
  }

  @Test
  void a_page_that_runs_past_its_chunk_stops_that_chunks_walk_only() throws IOException {
    Path p = everyKind(Codec.SNAPPY);
    TestFiles.rewriteFooter(p, md -> {
      var m = md.getRow_groups().get(0).getColumns().get(0).getMeta_data();
      m.setTotal_compressed_size(m.getTotal_compressed_size() - 100);
    });
    List<ChunkWalk> walks = walk(p);
    ChunkWalk cut = walks.get(0);
    WalkStop stop = cut.stop().orElseThrow();
    assertTrue(stop.reason().matches("a page of \\d+ bytes runs past its column chunk \\(\\d+ bytes left\\)"),
        stop.reason());
    assertEquals(cut.pages().get(cut.pages().size() - 1).endOffset(), stop.offset());
    for (ChunkWalk w : walks.subList(1, walks.size())) {
      assertTrue(w.stop().isEmpty(), w.chunk().path());
    }
  }

  @Test
  void a_page_header_that_does_not_decode_stops_its_chunk_at_the_byte_it_is_at() throws IOException {
    Path p = everyKind(Codec.SNAPPY);
    ColumnChunkLayout second = FileLayout.read(p).rowGroups().get(0).chunks().get(1);
    byte[] b = Files.readAllBytes(p);
    java.util.Arrays.fill(b, (int) second.startOffset(), (int) second.startOffset() + 8, (byte) 0xff);
    Files.write(p, b);
    List<ChunkWalk> walks = walk(p);
    WalkStop stop = walks.get(1).stop().orElseThrow();
    assertEquals(second.startOffset(), stop.offset());
    assertTrue(stop.reason().startsWith("a page header at chunk byte 0 does not decode: "), stop.reason());
    assertTrue(walks.get(1).pages().isEmpty());
    assertTrue(walks.get(0).stop().isEmpty() && walks.get(2).stop().isEmpty());
  }

  @Test
  void a_page_that_does_not_decompress_is_an_outcome_and_its_values_are_not_decoded_twice() throws IOException {
    Path p = everyKind(Codec.SNAPPY);
    ChunkWalk first = walk(p).get(0);
    PageLayout page = first.pages().stream().filter(pg -> pg.kind().isData()).findFirst().orElseThrow();
    byte[] b = Files.readAllBytes(p);
    b[(int) page.bodyOffset()] ^= 0x7f; // the snappy stream's length prefix
    Files.write(p, b);
    ChunkWalk broken = walkWithValues(p).get(0);
    PageLayout after = broken.pages().get(first.pages().indexOf(page));
    assertEquals(Decompression.Status.FAILED, after.decompression().status());
    assertTrue(after.decompression().detail().startsWith("its SNAPPY bytes decompress to "),
        after.decompression().detail());
    assertFalse(after.crc().orElseThrow().verified());
    assertEquals(first.pages().size(), broken.pages().size(), "the walk goes on past the page");
    assertEquals(new ValueDecoding(first.chunk().path(), ValueDecoding.Status.NOT_DECODED, java.util.Optional.empty(),
        -1, "the page at byte " + page.headerOffset() + " did not pass the page walk"), broken.values().orElseThrow());
  }

  @Test
  void a_null_list_item_is_located_to_its_row() {
    Path p = TestFiles.duckdb(dir.resolve("null-item.parquet"),
        "SELECT CASE WHEN i = 1234 THEN [1.0::FLOAT, NULL] ELSE [i::FLOAT] END AS l FROM range(5000) t(i)", "");
    ValueDecoding v = walkWithValues(p).get(0).values().orElseThrow();
    assertEquals(ValueDecoding.Status.NULL_LIST_ITEMS, v.status());
    assertEquals(1234, v.row());
    assertEquals("a NULL list item; the engine's list columns hold no null items", v.detail());
    assertTrue(v.page().orElseThrow().kind().isData());
  }

  @Test
  void a_column_outside_the_model_is_walked_but_its_values_are_not_decoded() {
    Path p = TestFiles.duckdb(dir.resolve("decimal.parquet"),
        "SELECT (i / 100)::DECIMAL(10, 2) AS price, i::BIGINT AS id FROM range(100) t(i)", "");
    List<ChunkWalk> walks = walkWithValues(p);
    ValueDecoding price = walks.get(0).values().orElseThrow();
    assertEquals(ValueDecoding.Status.NOT_DECODED, price.status());
    assertTrue(price.detail().startsWith("type "), price.detail());
    assertEquals(ValueDecoding.Status.DECODED, walks.get(1).values().orElseThrow().status());
    assertFalse(walks.get(0).pages().isEmpty());
  }

  @Test
  void a_value_that_does_not_decode_is_located_to_its_page_and_first_row() throws IOException {
    Long[] twice = new Long[50_000];
    for (int i = 0; i < twice.length; i++) {
      twice[i] = i % 7 == 0 ? null : 2L * i;
    }
    Path p = dir.resolve("bad.parquet");
    TableWriter.writeTable(p, List.of(OptInt64Column.of("twice", twice)),
        WriteOptions.builder().codec(Codec.UNCOMPRESSED).pageRows(10_000).build());
    ChunkWalk before = walk(p).get(0);
    PageLayout last = before.pages().get(before.pages().size() - 1);
    assertEquals(4, last.dataPage());
    TestFiles.breakLevels(p, last);
    ChunkWalk after = walkWithValues(p).get(0);
    assertTrue(after.pages().stream().allMatch(pg -> pg.crc().orElseThrow().verified() && pg.decompression().ok()),
        "the page still frames, checksums and decompresses: only decoding finds it");
    ValueDecoding v = after.values().orElseThrow();
    assertEquals(ValueDecoding.Status.FAILED, v.status(), v.toString());
    assertEquals(4, v.page().orElseThrow().dataPage());
    assertEquals(40_000, v.row());
    assertEquals("levels of 2147483647 bytes run past their page", v.detail());
  }

  @Test
  void a_value_that_fails_inside_a_page_is_located_to_its_own_row() throws IOException {
    // DuckDB writes no page CRCs, so a changed id leaves the page framed, checked and decompressed
    Path p = TestFiles.duckdb(dir.resolve("dict.parquet"), "SELECT (i % 3)::INTEGER AS k FROM range(10000) t(i)",
        "COMPRESSION uncompressed");
    ChunkWalk before = walk(p).get(0);
    PageLayout data = before.pages().stream().filter(pg -> pg.kind().isData()).findFirst().orElseThrow();
    assertTrue(before.chunk().encodings().stream().anyMatch(e -> e.endsWith("DICTIONARY")),
        before.chunk().encodings().toString());
    byte[] b = Files.readAllBytes(p);
    b[(int) data.endOffset() - 100] = (byte) 0xff; // ids of 3 in a dictionary of 3, some way into the page
    Files.write(p, b);
    ValueDecoding v = walkWithValues(p).get(0).values().orElseThrow();
    assertEquals(ValueDecoding.Status.FAILED, v.status(), v.toString());
    assertEquals("dictionary id 3 is outside a dictionary of 3", v.detail());
    // the oracle: the first row that does not read on its own through the table reader
    TableFile f = TableFile.open(p);
    long first = -1;
    for (long r = 0; r < f.rows() && first < 0; r++) {
      try (var one = f.span(r, 1).batches(List.of("k"), 1)) {
        one.next();
      } catch (io.github.artifactio.engine.ArtifactException e) {
        first = r;
      }
    }
    assertTrue(first > 0, "the broken id is not on the page's first row");
    assertEquals(first, v.row());
  }

  @Test
  void walks_of_consecutive_row_group_ranges_hand_on_the_chunks_of_one_walk_over_the_file() {
    Path p = everyKind(Codec.SNAPPY);
    List<ChunkWalk> whole = walkWithValues(p);
    TableFile t = TableFile.open(p);
    List<ChunkWalk> ranges = new ArrayList<>();
    t.walkPagesAndValues(0, 1, ranges::add);
    t.walkPagesAndValues(1, 1, ranges::add);
    t.walkPagesAndValues(1, 3, ranges::add);
    assertEquals(whole, ranges);
    assertTrue(whole.size() > t.layout().rowGroups().get(0).chunks().size(), "the file has more than one row group");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> t.walkPagesAndValues(2, 4, w -> {}));
    assertEquals("row groups [2, 4) are not a range of the 3 of " + p, e.getMessage());
  }
}
