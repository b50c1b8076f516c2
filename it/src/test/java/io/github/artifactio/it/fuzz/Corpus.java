package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The campaign's seed files: the engine's own (every column kind, uncapped and capped layouts, both codecs, the
 * float-encoding plan's PLAIN floats), DuckDB's (every codec it writes, v1 and v2 data pages, lists and nulls),
 * Polars' and the parquet-testing corpus ({@code data/} and {@code bad_data/}, encrypted files left out: their
 * footers are refused before anything a mutation can reach).
 */
final class Corpus {
  /** Larger corpus files cost time per mutant without reaching code the small ones do not. */
  static final long MAX_CORPUS_FILE = 400 << 10;

  private Corpus() {}

  static List<Path> write(Path dir) {
    try {
      Files.createDirectories(dir);
      List<Path> out = new ArrayList<>();
      out.add(engine(dir, "engine_every_kind.parquet", Fixtures.everyKind(600, 9), WriteOptions.defaults()));
      // three row groups of 200 rows, pages of 100: the "row count 200 -> 199" layout
      out.add(engine(dir, "engine_every_kind_capped.parquet", Fixtures.everyKind(600, 11),
          WriteOptions.builder().rowGroupRows(200).pageRows(100).build()));
      out.add(engine(dir, "engine_every_kind_uncompressed.parquet", Fixtures.everyKind(500, 13),
          WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(250).build()));
      out.add(engine(dir, "engine_plain_floats.parquet", plainFloats(5000),
          WriteOptions.builder().rowGroupRows(5000).build()));
      String select = "SELECT i::BIGINT AS id, i * 1.5 AS x, 'row ' || i AS s,"
          + " CASE WHEN i % 3 = 0 THEN NULL ELSE i::INTEGER END AS oi,"
          + " CASE WHEN i % 7 = 0 THEN NULL ELSE [i * 0.5, i + 0.25]::FLOAT[] END AS lst,"
          + " (i % 2 = 0) AS flag FROM range(1000) t(i)";
      for (String codec : List.of("snappy", "zstd", "gzip", "lz4", "uncompressed")) {
        out.add(TestFiles.duckdb(dir.resolve("duckdb_" + codec + ".parquet"), select,
            "COMPRESSION " + codec + ", ROW_GROUP_SIZE 400"));
      }
      out.add(TestFiles.duckdb(dir.resolve("duckdb_v2_pages.parquet"), select,
          "COMPRESSION snappy, ROW_GROUP_SIZE 400, PARQUET_VERSION V2"));
      try (Stream<Path> polars = Files.list(TestData.path("polars"))) {
        polars.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(out::add);
      }
      for (String sub : List.of("data", "bad_data")) {
        try (Stream<Path> s = Files.list(TestData.parquetTesting(sub))) {
          s.filter(p -> p.toString().endsWith(".parquet")).filter(Corpus::small).sorted().forEach(out::add);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean small(Path p) {
    try {
      return Files.size(p) <= MAX_CORPUS_FILE;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path engine(Path dir, String name, List<Column> columns, WriteOptions options) {
    Path p = dir.resolve(name);
    TableWriter.writeTable(p, columns, options.toBuilder().durable(false).build());
    return p;
  }

  /** Distinct doubles in quantity, which the float-encoding plan writes PLAIN. */
  private static List<Column> plainFloats(int n) {
    SplittableRandom r = new SplittableRandom(5);
    long[] ids = new long[n];
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
      x[i] = r.nextDouble();
    }
    return List.of(new Int64Column("id", ids), new Float64Column("x", x));
  }
}
