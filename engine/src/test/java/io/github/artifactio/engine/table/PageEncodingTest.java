package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.internal.parquet.read.ColumnReaderOracle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's own page encoding: the dictionary decision from a chunk's first values, the fall back to PLAIN at the
 * dictionary's limit, page cuts at the byte limit, and what the column index and statistics hold (NaN, string bounds,
 * boundary order). Footers and indexes are read with parquet-format's Thrift classes, values with the engine and
 * with parquet-java's column reader.
 */
class PageEncodingTest {
  @TempDir Path dir;

  private static String[] strings(SplittableRandom r, int n, int length) {
    String[] s = new String[n];
    for (int i = 0; i < n; i++) {
      char[] c = new char[length];
      for (int k = 0; k < length; k++) {
        c[k] = (char) ('a' + r.nextInt(26));
      }
      s[i] = new String(c);
    }
    return s;
  }

  private static List<Encoding> pageEncodings(ColumnMetaData m, PageType type) {
    return m.getEncoding_stats().stream().filter(s -> s.getPage_type() == type).map(PageEncodingStats::getEncoding)
        .toList();
  }

  private static int pageCount(ColumnMetaData m, PageType type, Encoding encoding) {
    return m.getEncoding_stats().stream().filter(s -> s.getPage_type() == type && s.getEncoding() == encoding)
        .mapToInt(PageEncodingStats::getCount).sum();
  }

  @Test
  void a_near_unique_column_is_plain_from_its_first_page_and_never_has_a_dictionary() {
    SplittableRandom r = new SplittableRandom(1);
    int n = 60_000;
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = r.nextLong();
    }
    Path p = dir.resolve("unique.parquet");
    TableWriter.writeTable(p, List.of(new Int64Column("id", ids), Utf8Column.of("key", strings(r, n, 12))));
    for (String leaf : List.of("id", "key")) {
      ColumnMetaData m = Layouts.chunk(p, leaf, 0).getMeta_data();
      assertFalse(m.isSetDictionary_page_offset(), leaf);
      assertEquals(List.of(Encoding.PLAIN, Encoding.RLE), m.getEncodings(), leaf);
      assertEquals(List.of(Encoding.PLAIN), pageEncodings(m, PageType.DATA_PAGE), leaf);
    }
  }

  @Test
  void a_column_of_repeating_values_is_dictionary_encoded_from_its_first_page() {
    SplittableRandom r = new SplittableRandom(2);
    int n = 100_000;
    int[] mid = new int[n];
    String[] words = strings(r, 50, 9);
    String[] labels = new String[n];
    for (int i = 0; i < n; i++) {
      mid[i] = r.nextInt(10_000); // the first 4096 hold about 3,400 distinct: the page's 20,000 repeat them
      labels[i] = words[r.nextInt(words.length)];
    }
    List<Column> t = List.of(new Int32Column("mid", mid), Utf8Column.of("label", labels));
    Path p = dir.resolve("repeats.parquet");
    TableWriter.writeTable(p, t);
    Path plain = dir.resolve("plain.parquet");
    TableWriter.writeTable(plain, t, WriteOptions.builder().plainColumn("mid").plainColumn("label").build());
    for (String leaf : List.of("mid", "label")) {
      ColumnMetaData m = Layouts.chunk(p, leaf, 0).getMeta_data();
      assertTrue(m.isSetDictionary_page_offset(), leaf);
      assertEquals(List.of(Encoding.PLAIN_DICTIONARY, Encoding.RLE), m.getEncodings(), leaf);
      assertEquals(List.of(Encoding.PLAIN_DICTIONARY), pageEncodings(m, PageType.DATA_PAGE), leaf);
      assertTrue(Layouts.bytes(p, leaf) < Layouts.bytes(plain, leaf), leaf + ": the dictionary pays");
    }
    assertEquals(Table.read(plain).columns(), Table.read(p).columns());
  }

  @Test
  void a_chunk_whose_first_page_holds_only_nulls_decides_its_dictionary_at_the_first_page_with_values() {
    Integer[] v = new Integer[50_000];
    for (int i = 20_000; i < v.length; i++) {
      v[i] = i % 7;
    }
    Path p = dir.resolve("late.parquet");
    List<Column> t = List.of(OptInt32Column.of("late", v));
    TableWriter.writeTable(p, t);
    ColumnMetaData m = Layouts.chunk(p, "late", 0).getMeta_data();
    assertEquals(1, pageCount(m, PageType.DATA_PAGE, Encoding.PLAIN), "the page of nulls: no values to encode");
    assertEquals(2, pageCount(m, PageType.DATA_PAGE, Encoding.PLAIN_DICTIONARY), m.getEncoding_stats().toString());
    assertEquals(t, Table.read(p).columns());
  }

  @Test
  void a_dictionary_past_its_limit_turns_the_chunk_plain_from_that_page_and_keeps_only_the_entries_used() {
    SplittableRandom r = new SplittableRandom(3);
    String[] words = strings(r, 100, 24);
    int n = 150_000;
    String[] s = new String[n];
    String[] fresh = strings(r, n, 24);
    for (int i = 0; i < n; i++) {
      s[i] = i < 30_000 ? words[r.nextInt(words.length)] : fresh[i];
    }
    Path p = dir.resolve("overflow.parquet");
    List<Column> t = List.of(Utf8Column.of("s", s));
    TableWriter.writeTable(p, t);
    ColumnMetaData m = Layouts.chunk(p, "s", 0).getMeta_data();
    int dictionaryPages = pageCount(m, PageType.DATA_PAGE, Encoding.PLAIN_DICTIONARY);
    int plainPages = pageCount(m, PageType.DATA_PAGE, Encoding.PLAIN);
    assertEquals(5, plainPages, m.getEncoding_stats().toString());
    assertEquals(List.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY, Encoding.RLE), m.getEncodings());
    PageHeader dictionary = Layouts.dictionaryPage(p, "s", 0);
    assertNotNull(dictionary);
    // the entries of the dictionary-encoded pages only: the 100 words, then the new strings of rows 30,000 to 60,000
    // (pages 1 and 2); page 3's would take the dictionary past 1 MiB (28 bytes an entry), so page 3 is PLAIN
    assertEquals(3, dictionaryPages, m.getEncoding_stats().toString());
    assertEquals(100 + 30_000, dictionary.getDictionary_page_header().getNum_values());
    assertTrue(dictionary.getUncompressed_page_size() <= WriteOptions.DEFAULT_DICTIONARY_PAGE_BYTES,
        dictionary.toString());
    assertEquals(t, Table.read(p).columns());
    assertEquals(t, ColumnReaderOracle.read(p, TableFile.open(p).columns()), "parquet-java reads the same");
  }

  @Test
  void a_page_ends_after_the_row_that_takes_it_to_the_byte_limit() {
    SplittableRandom r = new SplittableRandom(4);
    Path p = dir.resolve("big.parquet");
    // 30 unique values of 100,000 bytes, PLAIN: 100,004 bytes each with the length, so the 11th reaches 1 MiB
    TableWriter.writeTable(p, List.of(Utf8Column.of("blob", strings(r, 30, 100_000))));
    assertEquals(List.of(3), Layouts.pages(p, "blob"));
    for (int page = 0; page < 3; page++) {
      assertTrue(Layouts.page(p, "blob", 0, page).bodyBytes() > 0);
    }
    assertEquals(List.of(0L, 11L, 22L), Layouts.firstRows(p, "blob", 0));
  }

  private static double le64(ByteBuffer b) {
    return b.duplicate().order(ByteOrder.LITTLE_ENDIAN).getDouble();
  }

  @Test
  void a_float_page_with_a_nan_keeps_its_column_index_with_the_other_values_bounds_and_counts_the_nan() {
    Path p = dir.resolve("nan.parquet");
    double[] v = {1.0, Double.NaN, -2.0, 3.0, 5.0, 6.0, 7.0, 8.0, -0.0, 0.0, Double.NaN, 0.0};
    TableWriter.writeTable(p, List.of(new Float64Column("x", v)), WriteOptions.builder().pageRows(4).build());
    ColumnIndex ci = Layouts.columnIndex(p, "x", 0);
    assertNotNull(ci, "no page is all NaN: the index stays");
    assertEquals(List.of(-2.0, 5.0, -0.0), ci.getMin_values().stream().map(PageEncodingTest::le64).toList());
    assertEquals(List.of(3.0, 8.0, 0.0), ci.getMax_values().stream().map(PageEncodingTest::le64).toList());
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(le64(ci.getMin_values().get(2))),
        "a zero minimum is written as -0.0");
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(le64(ci.getMax_values().get(2))),
        "a zero maximum is written as +0.0");
    assertEquals(List.of(1L, 0L, 1L), ci.getNan_counts());
    assertEquals(List.of(0L, 0L, 0L), ci.getNull_counts());
    assertEquals(BoundaryOrder.UNORDERED, ci.getBoundary_order());
    Statistics s = Layouts.chunk(p, "x", 0).getMeta_data().getStatistics();
    assertEquals(2, s.getNan_count());
    assertEquals(-2.0, le64(ByteBuffer.wrap(s.getMin_value())));
    assertEquals(8.0, le64(ByteBuffer.wrap(s.getMax_value())));
    assertEquals(Arrays.toString(v), Arrays.toString(TableFile.open(p).get("x", As.FLOAT64)));
  }

  @Test
  void a_float_page_whose_values_are_all_nan_leaves_the_chunk_without_a_column_index_but_with_its_offset_index() {
    Path p = dir.resolve("all-nan.parquet");
    List<Column> t = List.of(OptFloat64Column.of("x", 1.0, 2.0, Double.NaN, null, null, null, 3.0, Double.NaN));
    TableWriter.writeTable(p, t, WriteOptions.builder().pageRows(2).build());
    assertNull(Layouts.columnIndex(p, "x", 0), "page 1's only value is NaN: it has no bounds");
    assertEquals(List.of(4), Layouts.pages(p, "x"), "the offset index is there");
    Statistics s = Layouts.chunk(p, "x", 0).getMeta_data().getStatistics();
    assertEquals(2, s.getNan_count());
    assertEquals(3, s.getNull_count());
    assertEquals(1.0, le64(ByteBuffer.wrap(s.getMin_value())));
    assertEquals(3.0, le64(ByteBuffer.wrap(s.getMax_value())));
    // a page of nulls alone is a null page, which the index records
    Path nulls = dir.resolve("null-page.parquet");
    TableWriter.writeTable(nulls, List.of(OptFloat64Column.of("x", 1.0, 2.0, null, null, 3.0, Double.NaN)),
        WriteOptions.builder().pageRows(2).build());
    ColumnIndex ci = Layouts.columnIndex(nulls, "x", 0);
    assertEquals(List.of(false, true, false), ci.getNull_pages());
    assertEquals(List.of(0L, 2L, 0L), ci.getNull_counts());
    assertEquals(List.of(0L, 0L, 1L), ci.getNan_counts());
    assertEquals(0, ci.getMin_values().get(1).remaining(), "a null page's bounds are empty");
    assertEquals(t, Table.read(p).columns());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  @Test
  void string_bounds_in_the_column_index_are_cut_to_64_bytes_at_a_character_and_stay_bounds() {
    // 63 ASCII letters, then a two-byte character across byte 64: the cut falls before it
    String low = "a".repeat(63) + "é" + "z".repeat(40);
    String high = "b".repeat(63) + "é" + "z".repeat(40);
    Path p = dir.resolve("long.parquet");
    TableWriter.writeTable(p, List.of(Utf8Column.of("s", high, low, "b".repeat(10))));
    ColumnIndex ci = Layouts.columnIndex(p, "s", 0);
    assertArrayEquals(utf8("a".repeat(63)), bytes(ci.getMin_values().get(0)), "the longest prefix at a character");
    assertArrayEquals(utf8("b".repeat(62) + "c"), bytes(ci.getMax_values().get(0)),
        "the prefix with its last character raised: above every value it stands for");
    Statistics s = Layouts.chunk(p, "s", 0).getMeta_data().getStatistics();
    assertArrayEquals(utf8(low), s.getMin_value(), "chunk statistics are exact");
    assertArrayEquals(utf8(high), s.getMax_value());
    assertFalse(s.isSetMin() || s.isSetMax(), "byte arrays have no signed order: only min_value and max_value");
  }

  @Test
  void a_string_bound_that_cannot_be_raised_is_kept_whole_and_strings_over_4_kib_leave_the_statistics_unbounded() {
    String top = new String(Character.toChars(0x10ffff)).repeat(20); // 80 bytes of the last code point
    Path p = dir.resolve("top.parquet");
    TableWriter.writeTable(p, List.of(Utf8Column.of("s", top, "x".repeat(5000))));
    ColumnIndex ci = Layouts.columnIndex(p, "s", 0);
    assertArrayEquals(utf8(top), bytes(ci.getMax_values().get(0)));
    assertArrayEquals(utf8("x".repeat(64)), bytes(ci.getMin_values().get(0)));
    Statistics s = Layouts.chunk(p, "s", 0).getMeta_data().getStatistics();
    assertFalse(s.isSetMin_value() || s.isSetMax_value(), s.toString());
    assertEquals(0, s.getNull_count());
  }

  @Test
  void the_column_index_says_whether_page_bounds_ascend_or_descend() {
    int[] up = new int[100];
    int[] down = new int[100];
    int[] mixed = new int[100];
    for (int i = 0; i < 100; i++) {
      up[i] = i;
      down[i] = 100 - i;
      mixed[i] = (i * 37) % 100;
    }
    Path p = dir.resolve("order.parquet");
    TableWriter.writeTable(p, List.of(new Int32Column("up", up), new Int32Column("down", down),
        new Int32Column("mixed", mixed)), WriteOptions.builder().pageRows(10).build());
    assertEquals(BoundaryOrder.ASCENDING, Layouts.columnIndex(p, "up", 0).getBoundary_order());
    assertEquals(BoundaryOrder.DESCENDING, Layouts.columnIndex(p, "down", 0).getBoundary_order());
    assertEquals(BoundaryOrder.UNORDERED, Layouts.columnIndex(p, "mixed", 0).getBoundary_order());
  }

  @Test
  void every_kind_in_every_layout_reads_back_through_parquet_javas_column_reader() {
    List<Column> t = Fixtures.everyKind(3000, 5);
    List<WriteOptions> layouts = List.of(
        WriteOptions.defaults(),
        WriteOptions.builder().rowGroupRows(700).build(),
        WriteOptions.builder().pageRows(97).build(),
        WriteOptions.builder().codec(Codec.UNCOMPRESSED).build(),
        WriteOptions.builder().plainColumn("name").plainColumn("opt_f64").plainColumn("trace").build());
    for (int i = 0; i < layouts.size(); i++) {
      Path p = dir.resolve("layout-" + i + ".parquet");
      TableWriter.writeTable(p, t, layouts.get(i));
      List<Column> viaParquetJava = ColumnReaderOracle.read(p, TableFile.open(p).columns());
      for (int c = 0; c < t.size(); c++) {
        assertEquals(t.get(c), viaParquetJava.get(c), t.get(c).name() + " in " + layouts.get(i));
      }
    }
  }
}
