package io.github.artifactio.it.plugin;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Parquet files written by an independent tool (DuckDB, through its JDBC driver) with the faults the plugin's rules
 * look for: the inputs of the integration tests, of the demo's "external" folder and of the benchmark.
 */
public final class ExternalFiles {
  private ExternalFiles() {}

  /** Runs {@code COPY (select) TO file (FORMAT parquet, options)} in an in-memory DuckDB. */
  public static Path duckdb(Path file, String select, String options) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("SET threads = 1"); // one writer thread: rows stay in range order
      s.execute("COPY (" + select + ") TO '" + file.toAbsolutePath() + "' (FORMAT parquet"
          + (options.isEmpty() ? "" : ", " + options) + ")");
    } catch (Exception e) {
      throw new IllegalStateException("duckdb writing " + file + ": " + e.getMessage(), e);
    }
    return file;
  }

  /** {@code id BIGINT, mz DOUBLE} over {@code rows} rows with the given DuckDB codec name. */
  public static Path withCodec(Path file, String codec, int rows) {
    return duckdb(file, "SELECT i AS id, (i * 0.5)::DOUBLE AS mz FROM range(" + rows + ") t(i)",
        "COMPRESSION " + codec);
  }

  /** A library precursor table: UInt32 candidate_id 0..n-1 and ascending Float64 precursor_mz, SNAPPY. */
  public static Path precursors(Path file, int rows) {
    return duckdb(file, "SELECT i::UINTEGER AS candidate_id, (400 + i * 0.01)::DOUBLE AS precursor_mz FROM range("
        + rows + ") t(i)", "COMPRESSION snappy");
  }

  /** As {@link #precursors}, with candidate_id jumping by 2 from {@code gapRow} on. */
  public static Path precursorsWithGap(Path file, int rows, int gapRow) {
    return duckdb(file, "SELECT (CASE WHEN i < " + gapRow + " THEN i ELSE i + 1 END)::UINTEGER AS candidate_id,"
        + " (400 + i * 0.01)::DOUBLE AS precursor_mz FROM range(" + rows + ") t(i)", "COMPRESSION snappy");
  }

  /** As {@link #precursors}, with precursor_mz dropping to 100 at {@code row}. */
  public static Path precursorsWithInversion(Path file, int rows, int row) {
    return duckdb(file, "SELECT i::UINTEGER AS candidate_id, (CASE WHEN i = " + row + " THEN 100.0 ELSE 400 + i * 0.01"
        + " END)::DOUBLE AS precursor_mz FROM range(" + rows + ") t(i)", "COMPRESSION snappy");
  }

  /** A fragment table whose candidate_id runs to {@code maxId} (past a precursor table of fewer rows). */
  public static Path fragments(Path file, int rows, int maxId) {
    return duckdb(file,
        "SELECT (i % " + (maxId + 1) + ")::UINTEGER AS candidate_id, (100 + i * 0.1)::DOUBLE AS mz FROM range("
            + rows + ") t(i)",
        "COMPRESSION snappy");
  }

  /**
   * A DuckDB file whose footer carries the {@code ARROW:schema} entry pyarrow and Polars write for a
   * {@code large_string} column: DuckDB stores the key-value entry it is given ({@code KV_METADATA}); the value is
   * Arrow's IPC schema message, base64, as Arrow writers store it. (DuckDB itself writes no {@code ARROW:schema}, and
   * no Python writer is installed here.)
   */
  public static Path largeUtf8(Path file) {
    Schema s = new Schema(List.of(
        new Field("peptidoform", FieldType.nullable(ArrowType.LargeUtf8.INSTANCE), null),
        new Field("candidate_id", FieldType.nullable(new ArrowType.Int(32, false)), null)));
    String b64 = Base64.getEncoder().encodeToString(s.serializeAsMessage());
    return duckdb(file, "SELECT 'PEPTIDE' || i AS peptidoform, i::UINTEGER AS candidate_id FROM range(100) t(i)",
        "COMPRESSION snappy, KV_METADATA {'ARROW:schema': '" + b64 + "'}");
  }

  /**
   * A table with a DECIMAL column, which the engine has no column kind for: {@code name} VARCHAR, {@code price}
   * DECIMAL(10,2) (DuckDB stores it as INT64 with the DECIMAL annotation), {@code id} UINTEGER, 20 rows.
   */
  public static Path decimal(Path file) {
    return duckdb(file, "SELECT 'name' || i AS name, (i * 1.25)::DECIMAL(10,2) AS price, i::UINTEGER AS id"
        + " FROM range(20) t(i)", "COMPRESSION snappy");
  }

  /** An engine-written precursor table (UInt32 ids, ascending m/z) in row groups of {@code groupRows}. */
  public static Path enginePrecursors(Path file, int rows, int groupRows) {
    int[] id = new int[rows];
    double[] mz = new double[rows];
    for (int i = 0; i < rows; i++) {
      id[i] = i;
      mz[i] = 400 + i * 0.01;
    }
    List<Column> cols = List.of(new UInt32Column("candidate_id", id), new Float64Column("precursor_mz", mz));
    TableWriter.writeTable(file, cols, WriteOptions.builder().rowGroupRows(groupRows).build());
    return file;
  }

  /**
   * The demo's folder of externally written files with known violations: a zstd table, a large_utf8 table, a
   * library whose ids have a gap and whose m/z has an inversion, and fragments pointing past it.
   */
  public static void knownViolations(Path dir) {
    withCodec(dir.resolve("polars_default_zstd.parquet"), "zstd", 1000);
    largeUtf8(dir.resolve("polars_large_utf8.parquet"));
    duckdb(dir.resolve("imported_library_precursors.parquet"),
        "SELECT (CASE WHEN i < 700 THEN i ELSE i + 1 END)::UINTEGER AS candidate_id, (CASE WHEN i = 1200 THEN 350.0"
            + " ELSE 400 + i * 0.01 END)::DOUBLE AS precursor_mz FROM range(2000) t(i)",
        "COMPRESSION snappy");
    fragments(dir.resolve("imported_library_fragments.parquet"), 6000, 2004);
  }
}
