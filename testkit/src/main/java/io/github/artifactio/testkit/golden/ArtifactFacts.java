package io.github.artifactio.testkit.golden;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ValueSink;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Hasher;
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.gen.TableCase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * What the golden comparison knows of one artifact, layer by layer: its blake3; its writer fingerprint (the engine's
 * writer settings from the footer key {@value WriteOptions#WRITER_SETTINGS_KEY} and {@code created_by}); its structure
 * as lines (schema, row count, row groups, per-chunk codec and encodings, key-value metadata other than the Arrow
 * schema and the writer settings); an order-sensitive content digest per column (null flags plus value bits, -0.0 and
 * NaN payloads distinct); and its first rows. This is also the golden's reviewable text facet.
 */
public record ArtifactFacts(
    String blake3,
    Map<String, String> fingerprint,
    long rows,
    List<String> structure,
    Map<String, String> columnDigests,
    List<Map<String, String>> firstRows) {
  /** How many rows the facet shows. */
  public static final int FIRST_ROWS = 5;

  /** The facts of the Parquet file at {@code path}. */
  public static ArtifactFacts of(Path path) {
    TableFile f = TableFile.open(path);
    Map<String, String> fingerprint = new LinkedHashMap<>();
    fingerprint.put("writer_settings", f.metadataValue(WriteOptions.WRITER_SETTINGS_KEY).orElse(""));
    fingerprint.put("created_by", f.createdBy() == null ? "" : f.createdBy());
    List<String> structure = new ArrayList<>();
    for (ColumnSpec s : f.columns()) {
      structure.add("column " + s.name() + ": " + s.describe() + ", parquet " + s.parquetType());
    }
    structure.add("rows: " + f.rows());
    List<Long> groups = new ArrayList<>();
    for (long r : f.rowGroupRows()) {
      groups.add(r);
    }
    structure.add("row groups: " + groups);
    for (RowGroupInfo g : f.rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        structure.add("row group " + g.index() + " " + c.path() + ": " + c.codec() + " " + c.encodings());
      }
    }
    f.metadata().forEach((k, v) -> {
      if (!k.equals(WriteOptions.ARROW_SCHEMA_KEY) && !k.equals(WriteOptions.WRITER_SETTINGS_KEY)) {
        structure.add("metadata " + k + " = " + v);
      }
    });
    Map<String, String> digests = new LinkedHashMap<>();
    List<Map<String, String>> first = new ArrayList<>();
    List<Column> cols = readable(f) ? Table.read(path).columns() : List.of();
    for (Column c : cols) {
      digests.put(c.name(), digest(c));
    }
    List<IntFunction<String>> text = cols.stream().map(TableCase::values).toList();
    for (int r = 0; r < Math.min(FIRST_ROWS, f.rows()) && !cols.isEmpty(); r++) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int c = 0; c < cols.size(); c++) {
        row.put(cols.get(c).name(), text.get(c).apply(r));
      }
      first.add(row);
    }
    return new ArtifactFacts(Blake3.hashFile(path).hex(), fingerprint, f.rows(), structure, digests, first);
  }

  private static boolean readable(TableFile f) {
    return f.columns().stream().allMatch(s -> s.decodedAs() != null);
  }

  /** The order-sensitive digest of a column's kind, null flags and value bits. */
  public static String digest(Column c) {
    Blake3Hasher h = Blake3.newHasher();
    h.update(c.type().name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    c.emit(new ValueSink() {
      private void put(byte tag, long v, int width) {
        b.clear();
        b.put(tag);
        if (width == 8) {
          b.putLong(v);
        } else if (width == 4) {
          b.putInt((int) v);
        } else if (width == 1) {
          b.put((byte) v);
        }
        h.update(b.array(), 0, b.position());
      }

      @Override
      public void int64(long v) {
        put((byte) 1, v, 8);
      }

      @Override
      public void int32(int v) {
        put((byte) 1, v, 4);
      }

      @Override
      public void float64(double v) {
        put((byte) 1, Double.doubleToRawLongBits(v), 8);
      }

      @Override
      public void float32(float v) {
        put((byte) 1, Float.floatToRawIntBits(v), 4);
      }

      @Override
      public void bool(boolean v) {
        put((byte) 1, v ? 1 : 0, 1);
      }

      @Override
      public void utf8(byte[] data, int off, int len) {
        put((byte) 1, len, 4);
        h.update(data, off, len);
      }

      @Override
      public void nullValue() {
        put((byte) 0, 0, 0);
      }

      @Override
      public void nullList() {
        put((byte) 0, 0, 0);
      }

      @Override
      public void float32List(float[] values, int from, int to) {
        put((byte) 1, to - from, 4);
        for (int i = from; i < to; i++) {
          put((byte) 2, Float.floatToRawIntBits(values[i]), 4);
        }
      }

      @Override
      public void float64List(double[] values, int from, int to) {
        put((byte) 1, to - from, 4);
        for (int i = from; i < to; i++) {
          put((byte) 2, Double.doubleToRawLongBits(values[i]), 8);
        }
      }
    }, 0, c.length());
    return h.digest().hex();
  }

  /** The facet as pretty JSON (sorted as declared), for {@code <name>.parquet.golden.json}. */
  public String toJson() {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode n = m.createObjectNode();
    ObjectNode fp = n.putObject("fingerprint");
    fingerprint.forEach(fp::put);
    n.put("blake3", blake3);
    n.put("rows", rows);
    ArrayNode s = n.putArray("structure");
    structure.forEach(s::add);
    ObjectNode d = n.putObject("column_digests");
    columnDigests.forEach(d::put);
    ArrayNode rs = n.putArray("first_rows");
    for (Map<String, String> row : firstRows) {
      ObjectNode o = rs.addObject();
      row.forEach(o::put);
    }
    com.fasterxml.jackson.core.util.DefaultIndenter lines =
        new com.fasterxml.jackson.core.util.DefaultIndenter("  ", "\n");
    com.fasterxml.jackson.core.util.DefaultPrettyPrinter pp = new com.fasterxml.jackson.core.util.DefaultPrettyPrinter()
        .withArrayIndenter(lines).withObjectIndenter(lines);
    try {
      return m.writer(pp).writeValueAsString(n) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean isFloat(ColumnType t) {
    return t.leaf() == ColumnType.Leaf.FLOAT32 || t.leaf() == ColumnType.Leaf.FLOAT64;
  }
}
