package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.config.Setting;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code verify-manifest}: every {@code manifest.json} against the files it records, through the {@link
 * ManifestVerifier}, with the built-in schema registry plus the configured identifiers and per-rule severities.
 */
public final class ManifestGoal implements Goal {
  private String note = "";

  private final List<String> schemas;
  private final Map<String, String> severities;

  /**
   * @param schemas more {@code name@version} identifiers for the registry
   * @param severities per rule id, {@code ERROR}, {@code WARN}, {@code INFO} or {@code OFF}; ERROR otherwise
   */
  public ManifestGoal(List<String> schemas, Map<String, String> severities) {
    this.schemas = schemas == null ? List.of() : List.copyOf(schemas);
    this.severities = severities == null ? Map.of() : new LinkedHashMap<>(severities);
  }

  @Override
  public String name() {
    return "verify-manifest";
  }

  @Override
  public String defaultIncludes() {
    return "**/manifest.json";
  }

  @Override
  public List<String> ruleIds() {
    return RuleIds.VERIFY_MANIFEST;
  }

  @Override
  public boolean configured() {
    return !schemas.isEmpty() || !severities.isEmpty();
  }

  @Override
  public void describe(ObjectNode c) {
    ArrayNode s = c.putArray("schemas");
    schemas.forEach(s::add);
    ObjectNode sev = c.putObject("severities");
    new TreeMap<>(severities).forEach(sev::put);
  }

  @Override
  public Outcome check(Path root, List<Path> files, GateOptions options, EngineContext context,
      ResultCache cache) {
    ManifestVerifier verifier = verifier(options, cache);
    Outcome outcome = verifier.verify(root, files, context, options.progress());
    note = verifier.hashingNote();
    return outcome;
  }

  /**
   * The verifier this goal runs under {@code options} (a shard of a job array runs its records' checks through it).
   *
   * @param cache null for no cache
   * @throws ConfigurationException for a malformed schema identifier or an empty rule set
   */
  public ManifestVerifier verifier(GateOptions options, ResultCache cache) {
    SchemaRegistry registry = SchemaRegistry.builtIn();
    for (String s : schemas) {
      try {
        registry = registry.with(SchemaId.parse(s.trim()));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(options.dialect().name(Setting.SCHEMAS) + ": " + e.getMessage());
      }
    }
    return new ManifestVerifier(registry, severities(options), cache);
  }

  @Override
  public List<String> notes() {
    return note.isEmpty() ? List.of() : List.of(note);
  }

  /** The rules to run with their severities, after the rule selections; an empty set is refused. */
  Map<String, Severity> severities(GateOptions options) {
    Dialect d = options.dialect();
    List<String> only = GateOptions.split(options.rules());
    List<String> skipped = GateOptions.split(options.skipRules());
    for (String id : only) {
      known(id, d.name(Setting.RULES));
    }
    for (String id : skipped) {
      known(id, d.name(Setting.SKIP_RULES));
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
      throw new ConfigurationException("no rules to run; an empty rule set checks nothing" + d.skipHint());
    }
    return out;
  }

  private static void known(String id, String where) {
    if (!RuleIds.VERIFY_MANIFEST.contains(id)) {
      throw new ConfigurationException(where + ": unknown rule id '" + id + "'; known: " + RuleIds.VERIFY_MANIFEST);
    }
  }
}
