package io.github.artifactio.engine.layout;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/** Test inputs written by DuckDB, a writer independent of the engine and of parquet-java. */
final class DuckFiles {
  private DuckFiles() {}

  /** Runs {@code COPY (select) TO file (FORMAT parquet, options)}. */
  static Path duckdb(Path file, String select, String options) {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet" + (options.isEmpty() ? "" : ", " + options)
          + ")");
    } catch (Exception e) {
      throw new IllegalStateException("duckdb writing " + file, e);
    }
    return file;
  }
}
