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

  @TestFactory
  Stream<DynamicTest> every_corpus_file_with_model_columns_reads_to_duckdbs_values() throws IOException {
    return files("data").stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      TableFile f;
      try {
        f = TableFile.open(p);
      } catch (ArtifactException e) {
        assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
        return; // encrypted footers and the like: refused, naming the file
      }
      List<String> readable = f.columns().stream().filter(s -> s.decodedAs() != null).map(ColumnSpec::name).toList();
      if (readable.isEmpty()) {
        return;
      }
      Table t;
      try {
        t = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Table.read(p, readable));
      } catch (ArtifactException e) {
        // what the engine refuses it refuses by name: codecs it does not read, null list items, corrupt pages
        assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
        assertTrue(
            e.getMessage().contains("which this engine does not read") || e.getMessage().contains("NULL list item")
                || p.getFileName().toString().contains("corrupt") || p.getFileName().toString().contains("malformed"),
            "unexpected refusal: " + e.getMessage());
        return;
      }
      List<ColumnSpec> specs = t.specs();
      List<Column> viaColumnReader = ColumnReaderOracle.read(p, specs);
      try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
        for (int i = 0; i < specs.size(); i++) {
          ColumnSpec s = specs.get(i);
          Column ours = t.column(s.name());
          assertEquals(Values.rows(viaColumnReader.get(i)), Values.rows(ours), s.name() + " vs parquet-java");
          assertEquals(duckRows(duck, p, s), normalize(Values.rows(ours), s.decodedAs()), s.name() + " vs DuckDB");
        }
      }
    }));
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
    if (o instanceof String s && s.length() > 1 && (s.charAt(0) == 'd' || s.charAt(0) == 'f') && kind.leaf() != ColumnType.Leaf.UTF8) {
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
            + " reads [UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW])",
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
