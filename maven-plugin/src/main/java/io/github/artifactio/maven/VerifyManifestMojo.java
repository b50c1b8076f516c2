package io.github.artifactio.maven;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.maven.check.ConfigurationException;
import io.github.artifactio.maven.check.ManifestVerifier;
import io.github.artifactio.maven.check.Outcome;
import io.github.artifactio.maven.check.ResultCache;
import io.github.artifactio.maven.check.RuleIds;
import io.github.artifactio.maven.check.Severity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks every {@code manifest.json} of a file set against the files it records: strict JSON, keys, safe paths,
 * format, blake3, row counts, registered schemas, report sidecars and the config hash (see the rule ids
 * {@code manifest-*}). Files are hashed in parallel; unchanged files' hashes come from the cache. Reports and failure
 * as for {@code validate}.
 */
@Mojo(name = "verify-manifest", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyManifestMojo extends AbstractCheckMojo {
  /** Schema identifiers ({@code name@version}) to accept besides the built-in registry's. */
  @Parameter(property = "artifact-io.schemas")
  private List<String> schemas = new ArrayList<>();

  /** Per-rule severities, {@code <manifest-report>WARN</manifest-report>}; every rule is ERROR otherwise. */
  @Parameter
  private Map<String, String> severities = new LinkedHashMap<>();

  @Override
  String goal() {
    return "verify-manifest";
  }

  @Override
  String defaultIncludes() {
    return "**/manifest.json";
  }

  @Override
  List<String> ruleIds() {
    return io.github.artifactio.maven.check.RuleIds.VERIFY_MANIFEST;
  }

  @Override
  boolean configured() {
    return !schemas.isEmpty() || !severities.isEmpty() || !suppressions.isEmpty() || rules != null
        || skipRules != null;
  }

  @Override
  void describe(com.fasterxml.jackson.databind.node.ObjectNode c) {
    com.fasterxml.jackson.databind.node.ArrayNode s = c.putArray("schemas");
    schemas.forEach(s::add);
    com.fasterxml.jackson.databind.node.ObjectNode sev = c.putObject("severities");
    new java.util.TreeMap<>(severities).forEach(sev::put);
  }

  @Override
  Outcome check(Path root, List<Path> files, EngineContext context, ResultCache cache) {
    SchemaRegistry registry = SchemaRegistry.builtIn();
    for (String s : schemas) {
      try {
        registry = registry.with(SchemaId.parse(s.trim()));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("schemas: " + e.getMessage());
      }
    }
    Map<String, Severity> severities = severities();
    getLog().info(hashingLine(Blake3.backend()));
    return new ManifestVerifier(registry, severities, cache).verify(root, files, context);
  }

  /** Which blake3 back end hashes the files, and how to get the faster one when Maven's JVM lacks it. */
  static String hashingLine(String backend) {
    if (!backend.equals("scalar")) {
      return "hashing with blake3 (" + backend + " back end)";
    }
    return "hashing with blake3 (scalar back end; Maven's JVM has no jdk.incubator.vector: add --add-modules"
        + " jdk.incubator.vector to .mvn/jvm.config for the vector back end, about 2x faster per core)";
  }

  private Map<String, Severity> severities() {
    List<String> only = split(rules);
    List<String> skipped = split(skipRules);
    for (String id : only) {
      known(id, "artifact-io.rules");
    }
    for (String id : skipped) {
      known(id, "artifact-io.skipRules");
    }
    for (String id : severities.keySet()) {
      known(id, "severities");
    }
    Map<String, Severity> out = new LinkedHashMap<>();
    for (String id : RuleIds.VERIFY_MANIFEST) {
      if ((only.isEmpty() || only.contains(id)) && !skipped.contains(id)) {
        Severity s = Severity.parse(severities.getOrDefault(id, "ERROR"), "severities." + id);
        if (s != Severity.OFF) {
          out.put(id, s);
        }
      }
    }
    if (out.isEmpty()) {
      throw new ConfigurationException("no rules to run; an empty rule set checks nothing (use artifact-io.skip to"
          + " skip the goal)");
    }
    return out;
  }

  private static void known(String id, String where) {
    if (!RuleIds.VERIFY_MANIFEST.contains(id)) {
      throw new ConfigurationException(where + ": unknown rule id '" + id + "'; known: " + RuleIds.VERIFY_MANIFEST);
    }
  }
}
