package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.SortedMap;

/**
 * The {@code <artifact>.report.json} sidecar: upstream's {@code mumdia_io::report::ArtifactReport}, field for field
 * and in its order, so a report written by either engine reads in the other. It lets a stage's output be judged (rows,
 * parameters, key statistics, model, time) without opening the table.
 *
 * <p>JSON keys: {@code logical_name, schema_name, schema_version, stage, rows, content_hash, params, stats,
 * model_identity, elapsed_ms}, then any {@link #extra()} fields. {@code model_identity} is written as {@code null}
 * when absent (serde writes {@code None} as null); on reading a missing {@code model_identity} is accepted as absent,
 * as serde derive accepts a missing {@code Option}. There is no {@code config_hash}: upstream's report has none.
 *
 * <p>Rust types: {@code schema_version} u32, {@code rows} u64, {@code elapsed_ms} u128; here int/long/long, all
 * non-negative, and a file whose value does not fit is refused on reading rather than wrapped.
 *
 * <p>The JSON trees are copied in and out, so the record stays immutable. {@code params} and the {@code stats} values
 * are written with their object keys sorted, as serde_json's {@code Value} holds them.
 *
 * @param params the resolved parameters the stage used; a Java {@code null} is JSON {@code null}
 * @param stats summary statistics; keys sorted (code point order, as Rust's BTreeMap)
 * @param modelIdentity the sidecar or predictor identity, or {@code null}
 * @param extra fields a newer writer added that this version does not know: kept so that rewriting a report does not
 *     drop them, written after the known fields in key order; normally empty
 */
public record ArtifactReport(
    String logicalName,
    String schemaName,
    int schemaVersion,
    String stage,
    long rows,
    String contentHash,
    JsonNode params,
    SortedMap<String, JsonNode> stats,
    String modelIdentity,
    long elapsedMs,
    SortedMap<String, JsonNode> extra) {

  static final String LOGICAL_NAME = "logical_name";
  static final String SCHEMA_NAME = "schema_name";
  static final String SCHEMA_VERSION = "schema_version";
  static final String STAGE = "stage";
  static final String ROWS = "rows";
  static final String CONTENT_HASH = "content_hash";
  static final String PARAMS = "params";
  static final String STATS = "stats";
  static final String MODEL_IDENTITY = "model_identity";
  static final String ELAPSED_MS = "elapsed_ms";

  private static final Set<String> KNOWN =
      Set.of(LOGICAL_NAME, SCHEMA_NAME, SCHEMA_VERSION, STAGE, ROWS, CONTENT_HASH, PARAMS, STATS, MODEL_IDENTITY,
          ELAPSED_MS);

  /** Suffix upstream's {@code write_for} appends to the artifact path. */
  public static final String SIDECAR_SUFFIX = ".report.json";

  public ArtifactReport {
    Checks.required(logicalName, LOGICAL_NAME);
    new SchemaId(Checks.required(schemaName, SCHEMA_NAME), schemaVersion); // non-blank name, version >= 0
    Checks.required(stage, STAGE);
    Checks.nonNegative(rows, ROWS);
    Checks.requireContentHash(contentHash, CONTENT_HASH);
    params = Keys.copyNode(params);
    stats = Keys.sortedNodes(stats, STATS);
    Checks.nonNegative(elapsedMs, ELAPSED_MS);
    extra = Keys.sortedNodes(extra, "extra");
    for (String key : extra.keySet()) {
      if (KNOWN.contains(key)) {
        throw new IllegalArgumentException("extra field \"" + key + "\" is a known report field");
      }
    }
  }

  /** A report with no unknown fields: the usual constructor. */
  public ArtifactReport(
      String logicalName,
      String schemaName,
      int schemaVersion,
      String stage,
      long rows,
      String contentHash,
      JsonNode params,
      SortedMap<String, JsonNode> stats,
      String modelIdentity,
      long elapsedMs) {
    this(logicalName, schemaName, schemaVersion, stage, rows, contentHash, params, stats, modelIdentity, elapsedMs,
        null);
  }

  /** A copy: the record's own tree is not handed out. */
  @Override
  public JsonNode params() {
    return params.deepCopy();
  }

  /** An unmodifiable copy whose values are copies. */
  @Override
  public SortedMap<String, JsonNode> stats() {
    return Keys.sortedNodes(stats, STATS);
  }

  /** An unmodifiable copy whose values are copies. */
  @Override
  public SortedMap<String, JsonNode> extra() {
    return Keys.sortedNodes(extra, "extra");
  }

  public SchemaId schemaId() {
    return new SchemaId(schemaName, schemaVersion);
  }

  /** The field upstream lacks, in which a Java writer records the settings that shaped the artifact's bytes. */
  public static final String WRITER = "writer";

  /**
   * This report with one more top-level field after the known ones (for example {@link #WRITER}: the writer's
   * settings, so a changed content hash can be explained). The Rust engine reads such a report and ignores the field.
   */
  public ArtifactReport withExtra(String key, JsonNode value) {
    java.util.SortedMap<String, JsonNode> more = new java.util.TreeMap<>(extra);
    more.put(key, value);
    return new ArtifactReport(
        logicalName, schemaName, schemaVersion, stage, rows, contentHash, params, stats, modelIdentity, elapsedMs,
        more);
  }

  /** {@code <artifact>.report.json} beside the artifact, as upstream's {@code format!("{path}.report.json")}. */
  public static Path sidecarPathFor(Path artifact) {
    Path name = artifact.getFileName();
    if (name == null) {
      throw new IllegalArgumentException("an artifact path needs a file name: " + artifact);
    }
    return artifact.resolveSibling(name + SIDECAR_SUFFIX);
  }

  /** Writes this report to {@link #sidecarPathFor(Path) sidecarPathFor(artifact)}, atomically. */
  public void writeFor(Path artifact) {
    SidecarJson.write(sidecarPathFor(artifact), this);
  }

  /** Reads the report beside {@code artifact}. */
  public static ArtifactReport readFor(Path artifact) {
    return SidecarJson.readReport(sidecarPathFor(artifact));
  }

  void writeJson(JsonOut out) throws IOException {
    out.startObject();
    out.string(LOGICAL_NAME, logicalName);
    out.string(SCHEMA_NAME, schemaName);
    out.number(SCHEMA_VERSION, schemaVersion);
    out.string(STAGE, stage);
    out.number(ROWS, rows);
    out.string(CONTENT_HASH, contentHash);
    out.value(PARAMS, params);
    out.valueMap(STATS, stats);
    out.string(MODEL_IDENTITY, modelIdentity);
    out.number(ELAPSED_MS, elapsedMs);
    out.entries(extra);
    out.endObject();
  }

  static ArtifactReport readJson(JsonIn in) {
    // read in field order, so the first problem reported is the first in the file's declared order
    String logicalName = in.string(LOGICAL_NAME);
    String schemaName = in.string(SCHEMA_NAME);
    int schemaVersion = in.u32(SCHEMA_VERSION);
    String stage = in.string(STAGE);
    long rows = in.u64(ROWS);
    String contentHash = in.string(CONTENT_HASH);
    JsonNode params = in.value(PARAMS);
    SortedMap<String, JsonNode> stats = in.valueMap(STATS);
    String modelIdentity = in.optionalString(MODEL_IDENTITY);
    long elapsedMs = in.u128(ELAPSED_MS);
    SortedMap<String, JsonNode> extra = in.unknownFields();
    return new ArtifactReport(
        logicalName, schemaName, schemaVersion, stage, rows, contentHash, params, stats, modelIdentity, elapsedMs,
        extra);
  }
}
