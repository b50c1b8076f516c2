package io.github.artifactio.it.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.rewrite.ParquetRewriter;
import org.apache.parquet.hadoop.rewrite.RewriteOptions;

/**
 * The peers of the concatenation benchmark, each a {@code main} that {@link ConcatBench} runs as a process of its own,
 * as a user runs them: {@link Rewriter}, parquet-java's merge without re-encoding, and {@link DuckDbCopy}, DuckDB's
 * decode and re-encode. Arguments: the output, then the inputs in order.
 */
final class ConcatPeers {
  private ConcatPeers() {}

  /** The DuckDB library's version, for the JSON. */
  static String duckDbVersion() throws java.sql.SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT version()")) {
      r.next();
      return r.getString(1);
    }
  }

  /**
   * parquet-java's {@code ParquetRewriter} with no transformation: it copies the inputs' column chunks one after
   * another, page and column indexes with them, without decoding a page. Hadoop {@code Path}s on the local file
   * system, as its users call it; the checksum files Hadoop's local file system would write beside the output are
   * turned off ({@code fs.file.impl} raw), since no other arm writes them.
   */
  public static final class Rewriter {
    public static void main(String[] args) throws Exception {
      Configuration conf = new Configuration();
      conf.set("fs.file.impl", org.apache.hadoop.fs.RawLocalFileSystem.class.getName());
      conf.setBoolean("fs.file.impl.disable.cache", true);
      List<org.apache.hadoop.fs.Path> inputs = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        inputs.add(new org.apache.hadoop.fs.Path(Path.of(args[i]).toAbsolutePath().toUri()));
      }
      org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(Path.of(args[0]).toAbsolutePath().toUri());
      RewriteOptions options = new RewriteOptions.Builder(conf, inputs, out).build();
      try (ParquetRewriter rewriter = new ParquetRewriter(options)) {
        rewriter.processBlocks();
      }
    }

    private Rewriter() {}
  }

  /**
   * DuckDB's {@code COPY (SELECT * FROM read_parquet([...])) TO out (FORMAT parquet, COMPRESSION snappy)}: every page
   * decoded and encoded again, on DuckDB's default threads (all the machine's cores).
   */
  public static final class DuckDbCopy {
    public static void main(String[] args) throws Exception {
      String list = java.util.Arrays.stream(args).skip(1).map(DuckDbCopy::quote).collect(Collectors.joining(", "));
      try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
        s.execute("COPY (SELECT * FROM read_parquet([" + list + "])) TO " + quote(args[0])
            + " (FORMAT parquet, COMPRESSION snappy)");
      }
    }

    static String quote(String path) {
      return "'" + path.replace("'", "''") + "'";
    }

    private DuckDbCopy() {}
  }
}
