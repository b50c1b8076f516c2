package io.github.artifactio.engine.concat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** DuckDB comparisons for tests that open their own connection. */
final class Duck {
  private static Connection db;

  private Duck() {}

  static void use(Connection connection) {
    db = connection;
  }

  /** Rows of {@code a} that {@code b} lacks, by DuckDB's comparison, row numbers included. */
  static long except(Path a, Path b) throws SQLException {
    return one("SELECT count(*) FROM (SELECT * FROM read_parquet(" + literal(a) + ", file_row_number = true) EXCEPT"
        + " SELECT * FROM read_parquet(" + literal(b) + ", file_row_number = true))");
  }

  static long count(Path p) throws SQLException {
    return one("SELECT count(*) FROM read_parquet(" + literal(p) + ")");
  }

  private static long one(String sql) throws SQLException {
    try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  static String literal(Path p) {
    return "'" + p.toString().replace("'", "''") + "'";
  }
}
