package io.github.artifactio.it.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two files of {@code testdata/writers} (the start-up benchmark's and the launcher's inputs) are what their
 * README says: the rows {@code duckdb_precursors.sql} describes, written once by DuckDB and once by arrow-rs, 10,000
 * rows of 7 columns with a list, about 150 KB each. DuckDB reads both and compares them row for row.
 */
class WriterFilesTest {
  @TempDir Path dir;

  static Path writers() {
    Path d = Path.of(System.getProperty("artifact-io.testdata"), "writers");
    assertTrue(Files.isDirectory(d), "testdata/writers is in the repository: " + d);
    return d;
  }

  @Test
  void the_duckdb_file_holds_the_rows_its_sql_describes() throws Exception {
    Path regenerated = dir.resolve("duckdb_precursors.parquet");
    String sql = Files.readString(writers().resolve("duckdb_precursors.sql"))
        .replace("'duckdb_precursors.parquet'", "'" + regenerated + "'");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute(sql);
      assertEquals(0, rowsOnlyInOne(s, writers().resolve("duckdb_precursors.parquet"), regenerated));
    }
  }

  @Test
  void the_arrow_rs_file_holds_the_duckdb_files_rows() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      assertEquals(0, rowsOnlyInOne(s, writers().resolve("duckdb_precursors.parquet"),
          writers().resolve("arrow_rs_precursors.parquet")));
    }
  }

  @Test
  void each_file_is_its_writers_with_10000_rows_of_7_columns_one_a_list_in_about_150_kb() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      for (String[] file : new String[][] {{"duckdb_precursors.parquet", "DuckDB"},
        {"arrow_rs_precursors.parquet", "parquet-rs version"}}) {
        Path p = writers().resolve(file[0]);
        assertTrue(single(s, "SELECT created_by FROM parquet_file_metadata('" + p + "')").startsWith(file[1]),
            p + " was written by " + file[1]);
        assertEquals("10000", single(s, "SELECT count(*) FROM '" + p + "'"), p.toString());
        List<String> types = new ArrayList<>();
        try (ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM '" + p + "'")) {
          while (r.next()) {
            types.add(r.getString("column_type"));
          }
        }
        assertEquals(List.of("UINTEGER", "DOUBLE", "UTINYINT", "VARCHAR", "FLOAT", "BOOLEAN", "FLOAT[]"), types,
            p.toString());
        long size = Files.size(p);
        assertTrue(size > 100_000 && size < 250_000, p + " is " + size + " bytes");
      }
    }
  }

  /** Rows in one file and not in the other, counted both ways (duplicates counted). */
  private static long rowsOnlyInOne(Statement s, Path a, Path b) throws SQLException {
    String count = "SELECT count(*) FROM (SELECT * FROM '%s' EXCEPT ALL SELECT * FROM '%s')";
    return Long.parseLong(single(s, String.format(count, a, b)))
        + Long.parseLong(single(s, String.format(count, b, a)));
  }

  private static String single(Statement s, String query) throws SQLException {
    try (ResultSet r = s.executeQuery(query)) {
      assertTrue(r.next(), query);
      return r.getString(1);
    }
  }
}
