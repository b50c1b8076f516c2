package io.github.artifactio.engine.concat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the rows of a concatenated file came from, as runs, never a row map: on the rows axis one run per stretch of
 * output rows that are consecutive rows of one input (a whole input is one run), on the columns axis the columns each
 * input gave (every output row is the same row of every input). Stored in the output's footer under
 * {@value #FOOTER_KEY} as compact JSON with sorted keys, and in its {@code .report.json}; {@link #read} gets it back
 * from the footer alone and {@link #origin} maps an output row to its input and input row.
 *
 * <p>JSON: {@code {"axis":"rows","format":1,"inputs":[{"blake3":…,"path":"parts/a.parquet","row_groups":[[0,3]],
 * "rows":3000,"size":81234}],"rows":3000,"runs":[[0,0,0,3000]]}}: per input its path relative to the output's folder
 * ({@code /}-separated), its blake3 (absent when inputs were not hashed), its size and rows, and the runs of its row
 * groups taken as {@code [first, count]} (rows axis) or its {@code columns} (columns axis, with {@code "reencoded":
 * true} where its columns were decoded and written again); a run is {@code [input, output row, input row, rows]}.
 */
public record Provenance(Axis axis, long rows, List<Input> inputs, List<Run> runs) {
  /** The footer key-value key. */
  public static final String FOOTER_KEY = "artifact_io.provenance";

  static final int FORMAT = 1;

  private static final JsonMapper JSON = JsonMapper.builder().enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED).build();

  /**
   * One input.
   *
   * @param path relative to the output's folder, {@code /}-separated
   * @param blake3 hex digest of the input as it was read, or null when inputs were not hashed
   * @param digestFrom where {@code blake3} came from; null exactly when {@code blake3} is
   * @param rowGroups rows axis: the input's row groups taken, as {@code [first, count]} runs; empty on the columns axis
   * @param columns columns axis: the top-level columns the input gave; empty on the rows axis
   */
  public record Input(
      String path, String blake3, DigestFrom digestFrom, long size, long rows, List<long[]> rowGroups,
      List<String> columns, boolean reencoded) {
    public Input {
      Objects.requireNonNull(path, "path");
      if ((blake3 == null) != (digestFrom == null)) {
        throw new IllegalArgumentException("an input's blake3 and where it came from go together, got " + blake3
            + " from " + digestFrom);
      }
      rowGroups = List.copyOf(rowGroups);
      columns = List.copyOf(columns);
    }
  }

  /** Where an input's blake3 came from: the JSON's {@code digest_from}. */
  public enum DigestFrom {
    /** Hashed from the input's bytes as the concatenation read them. */
    BYTES("bytes"),
    /**
     * The {@code content_hash} of the input's {@code <input>.report.json}, taken without hashing the input because the
     * report records the input's {@link Fingerprint} and the input matches it: the same size, the same first and last
     * MiB, and not modified after the report was written.
     */
    REPORT("report");

    private final String jsonName;

    DigestFrom(String jsonName) {
      this.jsonName = jsonName;
    }

    public String jsonName() {
      return jsonName;
    }

    static DigestFrom fromJson(String name) {
      for (DigestFrom d : values()) {
        if (d.jsonName.equals(name)) {
          return d;
        }
      }
      throw new IllegalArgumentException("digest_from \"" + name + "\" is not bytes or report");
    }
  }

  /** Output rows {@code [outputRow, outputRow + rows)} are input {@code input}'s rows from {@code inputRow} on. */
  public record Run(int input, long outputRow, long inputRow, long rows) {}

  /** An output row's source: input number (in concatenation order), its path as recorded, and its row there. */
  public record Origin(int input, String path, long row) {}

  public Provenance {
    Objects.requireNonNull(axis, "axis");
    inputs = List.copyOf(inputs);
    runs = List.copyOf(runs);
  }

  /** The source of output row {@code row} (rows axis: a join's row comes from every input, see the other form). */
  public Origin origin(long row) {
    if (axis != Axis.ROWS) {
      throw new IllegalStateException(
          "a joined file's row " + row + " comes from every input; ask origin(row, column) for one column's");
    }
    checkRow(row);
    int lo = 0;
    int hi = runs.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (runs.get(mid).outputRow() <= row) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    Run r = runs.get(lo);
    return new Origin(r.input(), inputs.get(r.input()).path(), r.inputRow() + (row - r.outputRow()));
  }

  /** The source of output row {@code row} of column {@code column}. */
  public Origin origin(long row, String column) {
    if (axis == Axis.ROWS) {
      return origin(row);
    }
    checkRow(row);
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i).columns().contains(column)) {
        return new Origin(i, inputs.get(i).path(), row);
      }
    }
    throw new IllegalArgumentException("no input gave column '" + column + "'");
  }

  private void checkRow(long row) {
    if (row < 0 || row >= rows) {
      throw new IndexOutOfBoundsException("row " + row + " of a file of " + rows + " rows");
    }
  }

  /** The provenance in the footer of {@code parquet}, read from the footer alone; empty when it records none. */
  public static Optional<Provenance> read(Path parquet) {
    Optional<String> json = TableFile.open(parquet).metadataValue(FOOTER_KEY);
    if (json.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(fromJson(JSON.readTree(json.get())));
    } catch (JsonProcessingException | RuntimeException e) {
      throw new ArtifactException(parquet, "the provenance, the footer's " + FOOTER_KEY
          + " entry, does not parse: " + e.getMessage(), e);
    }
  }

  /** The compact JSON of the footer entry (sorted keys, no whitespace). */
  public String toJson() {
    try {
      return JSON.writeValueAsString(toJsonNode());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The JSON tree, as the report records it. */
  public ObjectNode toJsonNode() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode o = f.objectNode();
    o.put("axis", axis.jsonName());
    o.put("format", FORMAT);
    ArrayNode ins = o.putArray("inputs");
    for (Input in : inputs) {
      ObjectNode n = ins.addObject();
      n.put("path", in.path());
      if (in.blake3() != null) {
        n.put("blake3", in.blake3());
        n.put("digest_from", in.digestFrom().jsonName());
      }
      n.put("size", in.size());
      n.put("rows", in.rows());
      if (axis == Axis.ROWS) {
        ArrayNode groups = n.putArray("row_groups");
        for (long[] g : in.rowGroups()) {
          groups.addArray().add(g[0]).add(g[1]);
        }
      } else {
        ArrayNode cols = n.putArray("columns");
        in.columns().forEach(cols::add);
        if (in.reencoded()) {
          n.put("reencoded", true);
        }
      }
    }
    o.put("rows", rows);
    if (axis == Axis.ROWS) {
      ArrayNode rs = o.putArray("runs");
      for (Run r : runs) {
        rs.addArray().add(r.input()).add(r.outputRow()).add(r.inputRow()).add(r.rows());
      }
    }
    return o;
  }

  static Provenance fromJson(JsonNode o) {
    int format = o.path("format").asInt(-1);
    if (format != FORMAT) {
      throw new IllegalArgumentException("format " + o.path("format") + " is not " + FORMAT);
    }
    Axis axis = Axis.valueOf(o.path("axis").asText("").toUpperCase(java.util.Locale.ROOT));
    List<Input> inputs = new ArrayList<>();
    for (JsonNode n : o.path("inputs")) {
      List<long[]> groups = new ArrayList<>();
      for (JsonNode g : n.path("row_groups")) {
        groups.add(new long[] {g.get(0).asLong(), g.get(1).asLong()});
      }
      List<String> cols = new ArrayList<>();
      for (JsonNode c : n.path("columns")) {
        cols.add(c.asText());
      }
      String blake3 = n.has("blake3") ? n.get("blake3").asText() : null;
      // a provenance written before digest_from was recorded hashed every input it gives a blake3 for
      DigestFrom from = blake3 == null ? null
          : n.has("digest_from") ? DigestFrom.fromJson(n.get("digest_from").asText()) : DigestFrom.BYTES;
      inputs.add(new Input(n.path("path").asText(), blake3, from, n.path("size").asLong(), n.path("rows").asLong(),
          groups, cols, n.path("reencoded").asBoolean(false)));
    }
    List<Run> runs = new ArrayList<>();
    for (JsonNode r : o.path("runs")) {
      runs.add(new Run(r.get(0).asInt(), r.get(1).asLong(), r.get(2).asLong(), r.get(3).asLong()));
    }
    return new Provenance(axis, o.path("rows").asLong(), inputs, runs);
  }
}
