package io.github.artifactio.it.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ValueSink;
import io.github.artifactio.engine.internal.parquet.read.ColumnReaderOracle;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.it.demo.Demo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Polars (nodejs-polars 0.25.2, Polars' Rust reader; installed by the build under {@code target/polars}), DuckDB and
 * parquet-java read what the engine writes to the values written: every column kind, and the demo's artifacts.
 * Polars refused every file with a float column until float leaves declared the type-defined column order.
 *
 * <p>Values are compared as exact tokens (see {@code src/test/polars/read.js}): integers as decimal strings, floats as
 * the bits of the double they are (Float32 widened exactly; every NaN as "NaN", since readers need not keep payloads),
 * strings, booleans, nulls, and lists of those.
 */
class PolarsInteropTest {
  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  static Path polars() {
    String d = System.getProperty("artifact-io.polars");
    assertTrue(d != null, "artifact-io.polars is set by the it module's POM");
    Path p = Path.of(d);
    assertTrue(Files.isDirectory(p.resolve("node_modules/nodejs-polars")),
        "the build installs nodejs-polars into " + p + " (npm ci in the it module's process-test-resources phase)");
    return p;
  }

  /** Each file as Polars reads it: column name to its dtype and value tokens. */
  static Map<Path, JsonNode> readWithPolars(List<Path> files) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("node", "read.js"));
    files.forEach(f -> cmd.add(f.toString()));
    ChildProcess.Result node = ChildProcess.run(
        new ProcessBuilder(cmd).directory(polars().toFile()).redirectErrorStream(true), Duration.ofSeconds(120));
    String out = node.stdout();
    assertEquals(0, node.exitCode(), out);
    Map<Path, JsonNode> read = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("{")) {
        JsonNode n = JSON.readTree(line);
        read.put(Path.of(n.get("file").asText()), n);
      }
    }
    assertEquals(files.size(), read.size(), out);
    return read;
  }

  /** The column's rows as Polars tokens. */
  static List<Object> tokens(Column c) {
    boolean unsigned = c.type().leaf() == ColumnType.Leaf.UINT32;
    List<Object> out = new ArrayList<>(c.length());
    c.emit(new ValueSink() {
      @Override
      public void int64(long v) {
        out.add(Long.toString(v));
      }

      @Override
      public void int32(int v) {
        out.add(unsigned ? Integer.toUnsignedString(v) : Integer.toString(v));
      }

      @Override
      public void float64(double v) {
        out.add(bits(v));
      }

      @Override
      public void float32(float v) {
        out.add(bits(v));
      }

      @Override
      public void bool(boolean v) {
        out.add(v);
      }

      @Override
      public void utf8(byte[] data, int off, int len) {
        out.add(new String(data, off, len, StandardCharsets.UTF_8));
      }

      @Override
      public void nullValue() {
        out.add(null);
      }

      @Override
      public void nullList() {
        out.add(null);
      }

      @Override
      public void float32List(float[] v, int from, int to) {
        List<Object> l = new ArrayList<>();
        for (int i = from; i < to; i++) {
          l.add(bits(v[i]));
        }
        out.add(l);
      }

      @Override
      public void float64List(double[] v, int from, int to) {
        List<Object> l = new ArrayList<>();
        for (int i = from; i < to; i++) {
          l.add(bits(v[i]));
        }
        out.add(l);
      }
    }, 0, c.length());
    return out;
  }

  static String bits(double v) {
    return Double.isNaN(v) ? "NaN" : String.format(Locale.ROOT, "%016x", Double.doubleToRawLongBits(v));
  }

  static List<Object> tokens(JsonNode values) {
    List<Object> out = new ArrayList<>(values.size());
    for (JsonNode v : values) {
      out.add(v.isNull() ? null : v.isArray() ? tokens(v) : v.isBoolean() ? (Object) v.asBoolean() : v.asText());
    }
    return out;
  }

  /** Polars' dtype for each kind: what an Arrow reader makes of our ARROW:schema. */
  static String polarsType(ColumnType t) {
    String leaf = switch (t.leaf()) {
      case INT64 -> "Int64";
      case INT32 -> "Int32";
      case UINT32 -> "UInt32";
      case FLOAT64 -> "Float64";
      case FLOAT32 -> "Float32";
      case BOOL -> "Bool";
      case UTF8 -> "String";
    };
    return t.isList() ? "DataType(List(DataType(" + leaf + ")))" : "DataType(" + leaf + ")";
  }

  @Test
  void polars_reads_every_kind_to_the_values_written_in_either_layout() throws Exception {
    List<Column> cols = Fixtures.everyKind(3000, 11);
    Path uncapped = dir.resolve("every.parquet");
    TableWriter.writeTable(uncapped, cols);
    Path capped = dir.resolve("every-capped.parquet");
    TableWriter.writeTable(capped, cols, WriteOptions.builder().rowGroupRows(700).build());
    Map<Path, JsonNode> read = readWithPolars(List.of(uncapped, capped));
    for (JsonNode file : read.values()) {
      assertFalse(file.has("error"), file.toString());
      for (Column c : cols) {
        JsonNode col = file.get("columns").get(c.name());
        assertEquals(polarsType(c.type()), col.get("dtype").asText(), c.name());
        assertEquals(tokens(c), tokens(col.get("values")), c.name() + " in " + file.get("file").asText());
      }
    }
  }

  @Test
  void the_demo_artifacts_read_to_the_same_values_in_polars_duckdb_and_parquet_java() throws Exception {
    Path run = dir.resolve("demo");
    Demo.main(new String[] {run.toString()});
    List<Path> files;
    try (Stream<Path> s = Files.list(run)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertEquals(2, files.size(), files.toString());
    Map<Path, JsonNode> polars = readWithPolars(files);
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      for (Path f : files) {
        Table t = Table.read(f);
        List<Column> viaParquetJava = ColumnReaderOracle.read(f, t.specs());
        JsonNode p = polars.get(f);
        assertFalse(p.has("error"), p.toString());
        for (int i = 0; i < t.columns().size(); i++) {
          Column c = t.columns().get(i);
          List<Object> ours = tokens(c);
          assertEquals(ours, tokens(p.get("columns").get(c.name()).get("values")), c.name() + " in Polars, " + f);
          assertEquals(ours, tokens(viaParquetJava.get(i)), c.name() + " in parquet-java, " + f);
          assertEquals(ours, duckdb(duck, f, c), c.name() + " in DuckDB, " + f);
        }
      }
    }
  }

  /** The column as DuckDB reads it, as tokens. */
  static List<Object> duckdb(Connection duck, Path f, Column c) throws Exception {
    List<Object> out = new ArrayList<>();
    try (Statement s = duck.createStatement();
        ResultSet rs = s.executeQuery("SELECT \"" + c.name() + "\" FROM read_parquet('" + f + "')")) {
      while (rs.next()) {
        Object v = rs.getObject(1);
        out.add(duckToken(v));
      }
    }
    return out;
  }

  static Object duckToken(Object v) throws Exception {
    if (v == null) {
      return null;
    }
    if (v instanceof Array a) {
      List<Object> l = new ArrayList<>();
      for (Object x : (Object[]) a.getArray()) {
        l.add(duckToken(x));
      }
      return l;
    }
    if (v instanceof Double d) {
      return bits(d);
    }
    if (v instanceof Float x) {
      return bits(x);
    }
    if (v instanceof Boolean || v instanceof String) {
      return v;
    }
    return v.toString(); // integers of every width, UInt32 as DuckDB's Long
  }
}
