package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A run's {@code manifest.json}: upstream's {@code mumdia_core::manifest::Manifest}. JSON keys {@code mumdia_version,
 * config_json, config_hash, model_identities, artifacts} in that order, then {@link #extra()}.
 *
 * <p><b>Why {@code extra}.</b> The newest upstream manifest has top-level fields whose names and shapes were not
 * available to us (the argv, the git SHA, {@code classifier_feature_schema_id}, per the upstream CHANGELOG). Refusing
 * them would make every new upstream manifest unreadable, and dropping them would lose provenance on a rewrite, so
 * they are kept as JSON and written back after the known fields in key order. (Upstream would write them in its own
 * struct order, so a rewrite of such a manifest is equal in content but may differ in field order from upstream's.)
 *
 * <p>{@code config_json} is the resolved config as a JSON <em>string</em>, not a nested object, as upstream stores
 * it. {@code artifacts} is keyed by each record's {@code logical_name}, which the constructor checks: {@link #record}
 * keeps that true, and a file where a key and its record disagree is refused.
 *
 * @param mumdiaVersion the writing engine's version (upstream: its CARGO_PKG_VERSION)
 * @param modelIdentities model name to identity, keys sorted
 * @param artifacts logical name to record, keys sorted
 * @param extra unknown top-level fields, kept for the round trip; normally empty
 */
public record Manifest(
    String mumdiaVersion,
    String configJson,
    String configHash,
    SortedMap<String, String> modelIdentities,
    SortedMap<String, ArtifactRecord> artifacts,
    SortedMap<String, JsonNode> extra) {

  static final String MUMDIA_VERSION = "mumdia_version";
  static final String CONFIG_JSON = "config_json";
  static final String CONFIG_HASH = "config_hash";
  static final String MODEL_IDENTITIES = "model_identities";
  static final String ARTIFACTS = "artifacts";

  private static final Set<String> KNOWN =
      Set.of(MUMDIA_VERSION, CONFIG_JSON, CONFIG_HASH, MODEL_IDENTITIES, ARTIFACTS);

  public Manifest {
    Checks.required(mumdiaVersion, MUMDIA_VERSION);
    Checks.required(configJson, CONFIG_JSON);
    Checks.required(configHash, CONFIG_HASH);
    modelIdentities = Keys.sortedCopy(modelIdentities, v -> v, MODEL_IDENTITIES);
    artifacts = Keys.sortedCopy(artifacts, v -> v, ARTIFACTS);
    for (Map.Entry<String, ArtifactRecord> e : artifacts.entrySet()) {
      if (!e.getKey().equals(e.getValue().logicalName())) {
        throw new IllegalArgumentException(
            "artifacts[\"" + e.getKey() + "\"] holds the record of \"" + e.getValue().logicalName()
                + "\"; the key must be its logical_name");
      }
    }
    extra = Keys.sortedNodes(extra, "extra");
    for (String key : extra.keySet()) {
      if (KNOWN.contains(key)) {
        throw new IllegalArgumentException("extra field \"" + key + "\" is a known manifest field");
      }
    }
  }

  /** An empty manifest, as upstream's {@code Manifest::new(config_json, config_hash)} plus the writer's version. */
  public static Manifest of(String mumdiaVersion, String configJson, String configHash) {
    return new Manifest(mumdiaVersion, configJson, configHash, null, null, null);
  }

  /** A manifest with {@code record} stored under its logical name, replacing an earlier record of that name. */
  public Manifest record(ArtifactRecord record) {
    Objects.requireNonNull(record, "record");
    TreeMap<String, ArtifactRecord> next = new TreeMap<>(Keys.ORDER);
    next.putAll(artifacts);
    next.put(record.logicalName(), record);
    return new Manifest(mumdiaVersion, configJson, configHash, modelIdentities, next, extra);
  }

  /** The record of {@code logicalName}, if the manifest has one. */
  public Optional<ArtifactRecord> get(String logicalName) {
    return Optional.ofNullable(artifacts.get(Objects.requireNonNull(logicalName, "logicalName")));
  }

  /** An unmodifiable copy whose values are copies. */
  @Override
  public SortedMap<String, JsonNode> extra() {
    return Keys.sortedNodes(extra, "extra");
  }

  void writeJson(JsonOut out) throws IOException {
    out.startObject();
    out.string(MUMDIA_VERSION, mumdiaVersion);
    out.string(CONFIG_JSON, configJson);
    out.string(CONFIG_HASH, configHash);
    out.stringMap(MODEL_IDENTITIES, modelIdentities);
    out.startObject(ARTIFACTS);
    for (Map.Entry<String, ArtifactRecord> e : artifacts.entrySet()) {
      out.startObject(e.getKey());
      e.getValue().fields(out);
      out.endObject();
    }
    out.endObject();
    out.entries(extra);
    out.endObject();
  }

  static Manifest readJson(JsonIn in) {
    String mumdiaVersion = in.string(MUMDIA_VERSION);
    String configJson = in.string(CONFIG_JSON);
    String configHash = in.string(CONFIG_HASH);
    SortedMap<String, String> modelIdentities = in.stringMap(MODEL_IDENTITIES);
    TreeMap<String, ArtifactRecord> artifacts = new TreeMap<>(Keys.ORDER);
    for (Map.Entry<String, JsonIn> e : in.objectMap(ARTIFACTS).entrySet()) {
      ArtifactRecord record;
      try {
        record = ArtifactRecord.readJson(e.getValue());
      } catch (IllegalArgumentException | NullPointerException invalid) {
        throw new SidecarFormatException(e.getValue().where() + ": " + invalid.getMessage());
      }
      artifacts.put(e.getKey(), record);
    }
    SortedMap<String, JsonNode> extra = in.unknownFields();
    return new Manifest(mumdiaVersion, configJson, configHash, modelIdentities, artifacts, extra);
  }
}
