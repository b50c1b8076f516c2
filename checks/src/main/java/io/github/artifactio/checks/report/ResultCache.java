package io.github.artifactio.checks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.hash.Blake3;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The incremental cache of {@code validate} and {@code verify-manifest}, in a folder of its own (relocatable: point
 * {@code artifact-io.cacheDir} outside {@code target/} and {@code mvn clean} keeps it).
 *
 * <p>Two maps, each entry a small JSON file written atomically (temp file and rename), so that modules of a parallel
 * build can share the folder: {@code identity/<key of the absolute path>.json} maps a file's {@link FileIdentity} to
 * its blake3, and {@code results/<blake3>-<fingerprint>.json} maps content plus the rules' fingerprint (which includes
 * the plugin version) to the results. An unchanged file (same identity) is therefore neither read nor hashed; a
 * touched but identical file is hashed once and its results reused; anything else is validated again. Entries that
 * do not parse are ignored (the file is checked again), never trusted.
 */
public final class ResultCache {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path dir;

  public ResultCache(Path dir) {
    this.dir = dir;
  }

  public Path dir() {
    return dir;
  }

  /** The blake3 recorded for {@code file} when its identity is still {@code id}. */
  public Optional<String> knownHash(Path file, FileIdentity id) {
    JsonNode n = read(identityPath(file));
    if (n == null || !id.toString().equals(n.path("identity").asText(null))) {
      return Optional.empty();
    }
    return Optional.ofNullable(n.path("blake3").asText(null));
  }

  public void rememberHash(Path file, FileIdentity id, String blake3) {
    ObjectNode n = JSON.createObjectNode();
    n.put("path", file.toAbsolutePath().toString());
    n.put("identity", id.toString());
    n.put("blake3", blake3);
    write(identityPath(file), n);
  }

  /** The results stored for this content and fingerprint, reported for {@code display}. */
  public Optional<List<RuleResult>> results(String blake3, String fingerprint, String display) {
    JsonNode n = read(resultsPath(blake3, fingerprint));
    if (n == null || !fingerprint.equals(n.path("fingerprint").asText(null))) {
      return Optional.empty();
    }
    try {
      List<RuleResult> out = new ArrayList<>();
      for (JsonNode r : n.path("results")) {
        out.add(Reports.result(r, display));
      }
      return Optional.of(out);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public void store(String blake3, String fingerprint, List<RuleResult> results) {
    ObjectNode n = JSON.createObjectNode();
    n.put("fingerprint", fingerprint);
    ArrayNode a = n.putArray("results");
    for (RuleResult r : results) {
      a.add(Reports.json(r));
    }
    write(resultsPath(blake3, fingerprint), n);
  }

  private Path identityPath(Path file) {
    return dir.resolve("identity").resolve(
        Blake3.hashString(file.toAbsolutePath().normalize().toString()).hex().substring(0, 32) + ".json");
  }

  private Path resultsPath(String blake3, String fingerprint) {
    return dir.resolve("results").resolve(blake3 + "-" + fingerprint.substring(0, 32) + ".json");
  }

  private static JsonNode read(Path p) {
    try {
      return Files.isRegularFile(p) ? JSON.readTree(p.toFile()) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static void write(Path p, JsonNode n) {
    try {
      Files.createDirectories(p.getParent());
      Path tmp = Files.createTempFile(p.getParent(), ".tmp-", ".json");
      try {
        JSON.writeValue(tmp.toFile(), n);
        try {
          Files.move(tmp, p, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      // a cache that cannot be written only costs the next run time; the results themselves are reported
    }
  }
}
