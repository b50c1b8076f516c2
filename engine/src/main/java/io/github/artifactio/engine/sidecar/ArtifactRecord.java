package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Set;
import java.util.SortedMap;

/**
 * One artifact's entry in {@code manifest.json}: upstream's {@code mumdia_core::manifest::ArtifactRecord}, field for
 * field and in its order ({@code logical_name, path, format, schema_name, schema_version, rows, content_hash,
 * producing_stage, config_hash}), then any {@link #extra()} fields.
 *
 * <p>{@code path} is kept as the string upstream wrote (often relative to the run folder), not resolved. Upstream's
 * {@code record_artifact} always writes {@code format = "parquet"}; other values are accepted, not checked.
 * {@code content_hash} must be a blake3 hex digest; {@code config_hash} is whatever the run recorded and is not
 * checked, since upstream's {@code Manifest::new} takes it from its caller.
 *
 * @param extra fields a newer writer added: kept and written back after the known ones in key order; normally empty
 */
public record ArtifactRecord(
    String logicalName,
    String path,
    String format,
    String schemaName,
    int schemaVersion,
    long rows,
    String contentHash,
    String producingStage,
    String configHash,
    SortedMap<String, JsonNode> extra) {

  static final String LOGICAL_NAME = "logical_name";
  static final String PATH = "path";
  static final String FORMAT = "format";
  static final String SCHEMA_NAME = "schema_name";
  static final String SCHEMA_VERSION = "schema_version";
  static final String ROWS = "rows";
  static final String CONTENT_HASH = "content_hash";
  static final String PRODUCING_STAGE = "producing_stage";
  static final String CONFIG_HASH = "config_hash";

  private static final Set<String> KNOWN =
      Set.of(LOGICAL_NAME, PATH, FORMAT, SCHEMA_NAME, SCHEMA_VERSION, ROWS, CONTENT_HASH, PRODUCING_STAGE, CONFIG_HASH);

  /** What upstream's {@code record_artifact} writes as {@code format}. */
  public static final String FORMAT_PARQUET = "parquet";

  public ArtifactRecord {
    Checks.required(logicalName, LOGICAL_NAME);
    Checks.required(path, PATH);
    Checks.required(format, FORMAT);
    new SchemaId(Checks.required(schemaName, SCHEMA_NAME), schemaVersion);
    Checks.nonNegative(rows, ROWS);
    Checks.requireContentHash(contentHash, CONTENT_HASH);
    Checks.required(producingStage, PRODUCING_STAGE);
    Checks.required(configHash, CONFIG_HASH);
    extra = Keys.sortedNodes(extra, "extra");
    for (String key : extra.keySet()) {
      if (KNOWN.contains(key)) {
        throw new IllegalArgumentException("extra field \"" + key + "\" is a known artifact record field");
      }
    }
  }

  /** A record with no unknown fields: the usual constructor. */
  public ArtifactRecord(
      String logicalName,
      String path,
      String format,
      String schemaName,
      int schemaVersion,
      long rows,
      String contentHash,
      String producingStage,
      String configHash) {
    this(logicalName, path, format, schemaName, schemaVersion, rows, contentHash, producingStage, configHash, null);
  }

  /** An unmodifiable copy whose values are copies. */
  @Override
  public SortedMap<String, JsonNode> extra() {
    return Keys.sortedNodes(extra, "extra");
  }

  public SchemaId schemaId() {
    return new SchemaId(schemaName, schemaVersion);
  }

  void writeJson(JsonOut out) throws IOException {
    out.startObject();
    fields(out);
    out.endObject();
  }

  /** The fields only, for a manifest that has already opened this record's object. */
  void fields(JsonOut out) throws IOException {
    out.string(LOGICAL_NAME, logicalName);
    out.string(PATH, path);
    out.string(FORMAT, format);
    out.string(SCHEMA_NAME, schemaName);
    out.number(SCHEMA_VERSION, schemaVersion);
    out.number(ROWS, rows);
    out.string(CONTENT_HASH, contentHash);
    out.string(PRODUCING_STAGE, producingStage);
    out.string(CONFIG_HASH, configHash);
    out.entries(extra);
  }

  static ArtifactRecord readJson(JsonIn in) {
    String logicalName = in.string(LOGICAL_NAME);
    String path = in.string(PATH);
    String format = in.string(FORMAT);
    String schemaName = in.string(SCHEMA_NAME);
    int schemaVersion = in.u32(SCHEMA_VERSION);
    long rows = in.u64(ROWS);
    String contentHash = in.string(CONTENT_HASH);
    String producingStage = in.string(PRODUCING_STAGE);
    String configHash = in.string(CONFIG_HASH);
    return new ArtifactRecord(
        logicalName, path, format, schemaName, schemaVersion, rows, contentHash, producingStage, configHash,
        in.unknownFields());
  }
}
