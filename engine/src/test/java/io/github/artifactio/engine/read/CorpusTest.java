package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.internal.parquet.read.ColumnReaderOracle;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The parquet-testing corpus: every file whose columns fit the model reads to DuckDB's values (and to parquet-java's
 * ColumnReader), every file in {@code bad_data/} fails with an error naming it, promptly.
 */
class CorpusTest {
  /** The copy's file counts: a lost file fails here instead of shrinking the evidence without a word. */
  static final java.util.Map<String, Integer> EXPECTED = java.util.Map.of("data", 65, "bad_data", 8);

  static List<Path> files(String dir) throws IOException {
    try (Stream<Path> s = Files.list(TestData.parquetTesting(dir))) {
      List<Path> found =
          s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().collect(Collectors.toList());
      assertEquals(EXPECTED.get(dir), found.size(), "parquet files in testdata/parquet-testing/" + dir);
      return found;
    }
  }

  private static final String NO_MODEL_COLUMN = "no column of the engine's model";
  private static final String LZ4 =
      "compressed with LZ4, which this engine does not read"
          + " (it reads [UNCOMPRESSED, SNAPPY, GZIP, BROTLI, ZSTD, LZ4_RAW])";

  /**
   * The files of {@code data/} the engine refuses, each with its reason (the message, the file's path as
   * {@code <file>}): a new refusal, a lost one or a changed reason fails the corpus test's last step.
   */
  static final Map<String, String> REFUSED = new TreeMap<>(Map.ofEntries(
      Map.entry("binary.parquet", NO_MODEL_COLUMN),
      Map.entry("byte_array_decimal.parquet", NO_MODEL_COLUMN),
      Map.entry("column_chunk_key_value_metadata.parquet",
          "<file>, column 'column1', row group 0: the footer's column chunk spans bytes 0..14, outside the data region"
              + " 4..155; the file is corrupt"),
      Map.entry("concatenated_gzip_members.parquet", NO_MODEL_COLUMN),
      Map.entry("datapage_v1-corrupt-checksum.parquet",
          "<file>, column 'a', row group 0: data page 0: the page's CRC32 is 0f4f6d0a but its header records bbce3b9d;"
              + " the file is corrupt"),
      Map.entry("fixed_length_byte_array.parquet", NO_MODEL_COLUMN),
      Map.entry("fixed_length_decimal.parquet", NO_MODEL_COLUMN),
      Map.entry("fixed_length_decimal_legacy.parquet", NO_MODEL_COLUMN),
      Map.entry("float16_nonzeros_and_nans.parquet", NO_MODEL_COLUMN),
      Map.entry("float16_zeros_and_nans.parquet", NO_MODEL_COLUMN),
      Map.entry("hadoop_lz4_compressed.parquet", "<file>, column 'c0', row group 0: " + LZ4),
      Map.entry("hadoop_lz4_compressed_larger.parquet", "<file>, column 'a', row group 0: " + LZ4),
      Map.entry("incorrect_map_schema.parquet", NO_MODEL_COLUMN),
      Map.entry("int32_decimal.parquet", NO_MODEL_COLUMN),
      Map.entry("int64_decimal.parquet", NO_MODEL_COLUMN),
      Map.entry("int96_from_spark.parquet", NO_MODEL_COLUMN),
      Map.entry("large_string_map.brotli.parquet", NO_MODEL_COLUMN),
      Map.entry("list_columns.parquet", NO_MODEL_COLUMN),
      Map.entry("map_no_value.parquet", NO_MODEL_COLUMN),
      Map.entry("nested_structs.rust.parquet", NO_MODEL_COLUMN),
      Map.entry("non_hadoop_lz4_compressed.parquet", "<file>, column 'c0', row group 0: " + LZ4),
      Map.entry("null_list.parquet", NO_MODEL_COLUMN),
      Map.entry("nulls.snappy.parquet", NO_MODEL_COLUMN),
      Map.entry("old_list_structure.parquet", NO_MODEL_COLUMN),
      Map.entry("repeated_no_annotation.parquet",
          "<file>: the row groups hold 6 rows but the footer declares 0; the file is corrupt"),
      Map.entry("repeated_primitive_no_list.parquet", NO_MODEL_COLUMN),
      Map.entry("rle-dict-uncompressed-corrupt-checksum.parquet",
          "<file>, column 'long_field', row group 0: the dictionary page: the page's CRC32 is 6522df69 but its header"
              + " records 6522df6a; the file is corrupt")));

  /** At least this much is compared with DuckDB and parquet-java (the figures of the corpus as the engine reads it). */
  static final int MIN_FILES = 38;
  static final int MIN_COLUMNS = 204;
  static final long MIN_VALUES = 248_877;

  /** What the corpus test compared, and what the engine refused (file name to reason). */
  static final class Tally {
    int files;
    int columns;
    long values;
    final Map<String, String> refused = new TreeMap<>();

    synchronized void refuse(Path p, String reason) {
      refused.put(p.getFileName().toString(), reason.replace(p.toString(), "<file>"));
    }

    synchronized void compared(int columns, long values) {
      this.files++;
      this.columns += columns;
      this.values += values;
    }
  }

  @TestFactory
  Stream<DynamicTest> every_corpus_file_with_model_columns_reads_to_duckdbs_values() throws IOException {
    Tally tally = new Tally();
    Stream<DynamicTest> perFile =
        files("data").stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compare(p, tally)));
    DynamicTest totals = DynamicTest.dynamicTest("what was compared and what was refused", () -> {
      System.out.println("corpus: compared " + tally.files + " files, " + tally.columns + " columns, " + tally.values
          + " values; refused " + tally.refused.size() + " files");
      assertEquals(REFUSED, tally.refused, "the files the engine refuses, with their reasons");
      assertTrue(tally.files >= MIN_FILES, "compared " + tally.files + " files, fewer than " + MIN_FILES);
      assertTrue(tally.columns >= MIN_COLUMNS, "compared " + tally.columns + " columns, fewer than " + MIN_COLUMNS);
      assertTrue(tally.values >= MIN_VALUES, "compared " + tally.values + " values, fewer than " + MIN_VALUES);
    });
    return Stream.concat(perFile, Stream.of(totals));
  }

  /** One file: refused with an error naming it, or every readable column compared with DuckDB and parquet-java. */
  private static void compare(Path p, Tally tally) throws Exception {
    TableFile f;
    try {
      f = TableFile.open(p);
    } catch (ArtifactException e) {
      assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
      tally.refuse(p, e.getMessage()); // encrypted footers and the like
      return;
    }
    List<String> readable = f.columns().stream().filter(s -> s.decodedAs() != null).map(ColumnSpec::name).toList();
    if (readable.isEmpty()) {
      tally.refuse(p, NO_MODEL_COLUMN);
      return;
    }
    Table t;
    try {
      t = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Table.read(p, readable));
    } catch (ArtifactException e) {
      // what the engine refuses it refuses by name: codecs it does not read, null list items, corrupt pages
      assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
      tally.refuse(p, e.getMessage());
      return;
    }
    List<ColumnSpec> specs = t.specs();
    List<Column> viaColumnReader = ColumnReaderOracle.read(p, specs);
    long values = 0;
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      for (int i = 0; i < specs.size(); i++) {
        ColumnSpec s = specs.get(i);
        Column ours = t.column(s.name());
        assertEquals(Values.rows(viaColumnReader.get(i)), Values.rows(ours), s.name() + " vs parquet-java");
        List<Object> theirs = duckRows(duck, p, s);
        assertEquals(theirs, normalize(Values.rows(ours), s.decodedAs()), s.name() + " vs DuckDB");
        values += theirs.size();
      }
    }
    tally.compared(specs.size(), values);
  }

  /** Floats compared as numbers with all NaNs alike (DuckDB does not keep NaN payloads); unsigned as unsigned. */
  static List<Object> normalize(List<Object> rows, ColumnType kind) {
    List<Object> out = new ArrayList<>(rows.size());
    for (Object o : rows) {
      out.add(norm(o, kind));
    }
    return out;
  }

  static Object norm(Object o, ColumnType kind) {
    if (o instanceof String s && s.length() > 1 && (s.charAt(0) == 'd' || s.charAt(0) == 'f')
        && kind.leaf() != ColumnType.Leaf.UTF8) {
      double v = s.charAt(0) == 'd' ? Double.longBitsToDouble(Long.parseLong(s.substring(1)))
          : Float.intBitsToFloat(Integer.parseInt(s.substring(1)));
      return Double.isNaN(v) ? "NaN" : (Object) v;
    }
    if (o instanceof Integer i && kind.leaf() == ColumnType.Leaf.UINT32) {
      return Integer.toUnsignedLong(i);
    }
    if (o instanceof Integer i) {
      return (long) i;
    }
    if (o instanceof List<?> l) {
      return l.stream().map(x -> norm(x, kind)).collect(Collectors.toList());
    }
    return o;
  }

  static List<Object> duckRows(Connection duck, Path p, ColumnSpec s) throws Exception {
    List<Object> out = new ArrayList<>();
    String q = "SELECT \"" + s.name().replace("\"", "\"\"") + "\" FROM read_parquet(?)";
    try (PreparedStatement ps = duck.prepareStatement(q)) {
      ps.setString(1, p.toString());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(duckValue(rs.getObject(1)));
        }
      }
    }
    return out;
  }

  static Object duckValue(Object o) throws Exception {
    if (o == null) {
      return null;
    }
    if (o instanceof Array a) {
      List<Object> l = new ArrayList<>();
      for (Object x : (Object[]) a.getArray()) {
        l.add(duckValue(x));
      }
      return l;
    }
    if (o instanceof Float f) {
      return Float.isNaN(f) ? "NaN" : (Object) f.doubleValue();
    }
    if (o instanceof Double d) {
      return Double.isNaN(d) ? "NaN" : (Object) d;
    }
    if (o instanceof Number n && !(o instanceof java.math.BigDecimal)) {
      return n.longValue();
    }
    return o;
  }

  @TestFactory
  Stream<DynamicTest> every_bad_data_file_fails_with_an_error_naming_it() throws IOException {
    return files("bad_data").stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      ArtifactException e = assertThrows(
          ArtifactException.class,
          () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            TableFile.openWithOffsetIndex(p);
            return Table.read(p);
          }));
      assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
    }));
  }

  @org.junit.jupiter.api.Test
  void hadoop_framed_lz4_is_refused_naming_file_column_row_group_and_codec() {
    Path p = TestData.parquetTesting("data/hadoop_lz4_compressed.parquet");
    TableFile f = TableFile.open(p);
    String col = f.columns().stream().filter(s -> s.decodedAs() != null).findFirst().orElseThrow().name();
    ArtifactException e = assertThrows(ArtifactException.class, () -> f.batches(List.of(col), 100));
    assertEquals(
        p + ", column '" + col + "', row group 0: compressed with LZ4, which this engine does not read (it"
            + " reads [UNCOMPRESSED, SNAPPY, GZIP, BROTLI, ZSTD, LZ4_RAW])",
        e.getMessage());
    assertEquals(col, e.column().orElseThrow());
    assertEquals(0, e.rowGroup().getAsInt());
  }

  @org.junit.jupiter.api.Test
  void a_page_whose_crc_does_not_match_is_refused_naming_column_row_group_and_page() {
    Path p = TestData.parquetTesting("data/datapage_v1-corrupt-checksum.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> Table.read(p));
    assertTrue(
        e.getMessage().matches(java.util.regex.Pattern.quote(p.toString()) + ", column 'a', row group 0: data page \\d+"
            + ": the page's CRC32 is [0-9a-f]{8} but its header records [0-9a-f]{8}; the file is corrupt"),
        e.getMessage());
    Table t = Table.read(TestData.parquetTesting("data/datapage_v1-snappy-compressed-checksum.parquet"));
    assertEquals(5120, t.rows(), "a file whose CRCs match reads");
  }
}
