package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Files DuckDB writes with each codec it offers read to DuckDB's own values. */
class CodecTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"snappy", "uncompressed", "gzip", "zstd", "lz4_raw", "brotli"})
  void a_duckdb_file_compressed_with_each_common_codec_reads_to_its_values(String codec) throws Exception {
    Path p = dir.resolve(codec + ".parquet");
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement st = duck.createStatement()) {
      st.execute(
          "COPY (SELECT i::BIGINT AS id, (i * 1.5)::DOUBLE AS d, 'row' || i AS s,"
              + " CASE WHEN i % 7 = 0 THEN NULL ELSE i::INTEGER END AS oi,"
              + " [i::FLOAT, 0.5::FLOAT] AS l FROM range(100000) t(i)) TO '" + p + "' (FORMAT parquet, COMPRESSION "
              + codec
              + ", ROW_GROUP_SIZE 30000)");
    }
    assertEquals(codec.toUpperCase(), TableFile.open(p).rowGroups().get(0).chunks().get(0).codec());
    Table t = Table.read(p);
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      for (var s : t.specs()) {
        assertEquals(CorpusTest.duckRows(duck, p, s),
            CorpusTest.normalize(Values.rows(t.column(s.name())), s.decodedAs()), s.name());
      }
    }
  }
}
