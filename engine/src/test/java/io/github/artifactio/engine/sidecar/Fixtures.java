package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;

/** The records equal to the hand-written, serde-shaped files under src/test/resources/sidecar. */
final class Fixtures {
  static final String PEPTIDES_HASH = "2603bfe8116223b2d78c76664f2fd6957e77c5a1e20652206375bcbdd9bcc736";
  static final String SCORED_HASH = "1251553169c2d79b089a7aa9ef5b615b23d03e346d48bdc3a46a32647bccd57a";
  static final String CONFIG_HASH = "b79606fb3afea5bd1609ed40b622142f1c98125abcfe89a76a661b0e8e343910";
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Fixtures() {}

  /** The digest report of upstream-io-layer-notes 2.1, with the params digest.rs records. */
  static ArtifactReport digestReport() {
    ObjectNode params = NODES.objectNode();
    // inserted out of order on purpose: the writer sorts, as serde_json's Value map does
    params.put("rng_seed", 42);
    params.put("enzyme", "trypsin");
    params.put("missed_cleavages", 2);
    params.put("min_length", 7);
    params.put("max_length", 30);
    params.put("decoy_strategy", "reverse");
    params.put("max_decoy_attempts", 10);
    SortedMap<String, JsonNode> stats = new TreeMap<>();
    stats.put("n_targets", NODES.numberNode(61728));
    stats.put("n_decoys", NODES.numberNode(61728));
    stats.put("decoy_collision_retries", NODES.numberNode(0));
    stats.put("dropped_target_decoy_pairs", NODES.numberNode(0));
    return new ArtifactReport(
        "peptides", "peptides", 1, "digest", 123456, PEPTIDES_HASH, params, stats, null, 842);
  }

  static Manifest twoArtifactManifest() {
    SortedMap<String, String> models = new TreeMap<>();
    models.put("ms2pip", "ms2pip-HCD2021");
    models.put("deeplc", "deeplc-3.1.0");
    return new Manifest("0.9.0", "{\"threads\":8,\"tolerance_ppm\":10.0}", CONFIG_HASH, models, null, null)
        .record(new ArtifactRecord("psms_scored", "psms_scored.parquet", "parquet", "psms_scored", 3, 98765,
            SCORED_HASH, "rescore", CONFIG_HASH))
        .record(new ArtifactRecord("peptides", "peptides.parquet", "parquet", "peptides", 1, 123456,
            PEPTIDES_HASH, "digest", CONFIG_HASH));
  }

  static String resource(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/sidecar/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource /sidecar/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies a resource into {@code dir} under {@code name}. */
  static Path copy(String resource, Path dir, String name) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, resource(resource), StandardCharsets.UTF_8);
    return p;
  }

  static Path write(Path dir, String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }
}
