package io.github.artifactio.checks.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.RuleIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The built-in contracts and the contract file format.
 *
 * <p><b>Built in</b>, enabled by name: {@code library-precursors} (files {@code **}{@code /*precursors*.parquet}:
 * {@code candidate_id} UInt32, contiguous {@code 0..n-1} and non-null; {@code precursor_mz} Float64, non-null, no
 * NaN, non-decreasing) and {@code library-fragments} (files {@code **}{@code /*fragments*.parquet}:
 * {@code candidate_id} UInt32, every value a row of the sibling file named with {@code precursors} for
 * {@code fragments}). These are the Rust engine's preconditions on an imported library (index.rs), checked before a
 * run instead of when the library loads.
 *
 * <p><b>Contract files</b> are JSON, one contract object or an array of them; duplicate and unknown keys are errors:
 *
 * <pre>{@code
 * {"name": "precursors", "files": "**}{@code /precursors.parquet",
 *  "columns": [{"name": "candidate_id", "type": "UInt32", "nullable": false}],
 *  "allow_other_columns": true, "min_rows": 1, "max_rows": 50000000, "schema": "fragment_library_precursors@2",
 *  "checks": [{"rule": "contiguous-ids", "columns": ["candidate_id"]},
 *             {"rule": "ascending", "columns": ["precursor_mz"], "strict": false}]}
 * }</pre>
 */
public final class Contracts {
  public static final String LIBRARY_PRECURSORS = "library-precursors";
  public static final String LIBRARY_FRAGMENTS = "library-fragments";

  private static final Set<String> CONTRACT_KEYS =
      Set.of("name", "files", "columns", "allow_other_columns", "min_rows", "max_rows", "schema", "checks");
  private static final Set<String> COLUMN_KEYS = Set.of("name", "type", "nullable");
  private static final Set<String> CONFIG_KEYS = Set.of("checks", "suppressions", "severities");
  private static final Set<String> SUPPRESSION_KEYS = Set.of("files", "rule", "column", "reason");
  private static final Set<String> CHECK_KEYS =
      Set.of("rule", "severity", "columns", "strict", "allowed", "target", "files", "excludes", "full");

  /**
   * The strict reader of contract files, made on first use: an ObjectMapper takes a good part of the command line's
   * start-up time, and most runs name no contract file.
   */
  private static final class Strict {
    static final ObjectMapper JSON =
        JsonMapper.builder(JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
  }

  private Contracts() {}

  /** The built-in contracts by name. */
  public static Map<String, Contract> builtIn() {
    Map<String, Contract> m = new TreeMap<>();
    m.put(LIBRARY_PRECURSORS, new ContractConfig(LIBRARY_PRECURSORS)
        .files("**/*precursors*.parquet")
        .column("candidate_id", "UInt32", null)
        .column("precursor_mz", "Float64", null)
        .check(new CheckConfig(RuleIds.CONTIGUOUS_IDS).setColumns(List.of("candidate_id")))
        .check(new CheckConfig(RuleIds.ASCENDING).setColumns(List.of("precursor_mz")))
        .toContract());
    m.put(LIBRARY_FRAGMENTS, new ContractConfig(LIBRARY_FRAGMENTS)
        .files("**/*fragments*.parquet")
        .column("candidate_id", "UInt32", null)
        .check(new CheckConfig(RuleIds.REFERENCES).setColumns(List.of("candidate_id"))
            .setTarget(SIBLING_PRECURSORS))
        .toContract());
    return m;
  }

  /** The {@code target} of {@code library-fragments}: the checked file's name with precursors for fragments. */
  public static final String SIBLING_PRECURSORS = "<sibling: name with 'fragments' replaced by 'precursors'>";

  /**
   * Resolves {@code artifact-io.contract}: comma-separated built-in names and JSON contract files (relative to
   * {@code baseDir}). An unknown name that is not a file is an error listing the built-ins.
   */
  public static List<Contract> resolve(String spec, Path baseDir) {
    List<Contract> out = new ArrayList<>();
    if (spec == null || spec.isBlank()) {
      return out;
    }
    Map<String, Contract> builtIn = builtIn();
    for (String part : spec.split(",")) {
      String name = part.trim();
      if (name.isEmpty()) {
        continue;
      }
      if (builtIn.containsKey(name)) {
        out.add(builtIn.get(name));
        continue;
      }
      Path file = baseDir.resolve(name);
      if (!Files.isRegularFile(file)) {
        throw new ConfigurationException("contract '" + name + "' is neither a built-in contract " + builtIn.keySet()
            + " nor a contract file (" + file + " does not exist)");
      }
      out.addAll(parseJson(file));
    }
    return out;
  }

  /** Reads a contract file: one contract object or an array of them. */
  public static List<Contract> parseJson(Path file) {
    JsonNode root = readStrict(file, "contract file");
    List<Contract> out = new ArrayList<>();
    if (root != null && root.isArray()) {
      for (JsonNode n : root) {
        out.add(contract(n, file));
      }
    } else {
      out.add(contract(root, file));
    }
    return out;
  }

  /** The one JSON value of {@code file}: duplicate keys and trailing content are errors naming {@code what}. */
  private static JsonNode readStrict(Path file, String what) {
    try (JsonParser p = Strict.JSON.createParser(Files.readAllBytes(file))) {
      JsonNode root = Strict.JSON.readTree(p);
      if (p.nextToken() != null) {
        throw new ConfigurationException(what + " " + file + ": trailing content after the JSON value");
      }
      return root;
    } catch (IOException e) {
      throw new ConfigurationException(what + " " + file + ": " + e.getMessage(), e);
    }
  }

  private static Contract contract(JsonNode n, Path file) {
    String where = "contract file " + file;
    object(n, where);
    keys(n, CONTRACT_KEYS, where);
    String name = text(n, "name", where);
    where = where + ", contract '" + name + "'";
    ContractConfig c = new ContractConfig(name).files(optText(n, "files", where));
    if (n.has("columns")) {
      for (JsonNode col : array(n.get("columns"), where + ", columns")) {
        object(col, where + ", a column");
        keys(col, COLUMN_KEYS, where + ", a column");
        c.column(text(col, "name", where + ", a column"), optText(col, "type", where),
            optBool(col, "nullable", where));
      }
    }
    if (n.has("allow_other_columns")) {
      c.allowOtherColumns(optBool(n, "allow_other_columns", where));
    }
    c.rows(optLong(n, "min_rows", where), optLong(n, "max_rows", where));
    c.schema(optText(n, "schema", where));
    if (n.has("checks")) {
      for (JsonNode ch : array(n.get("checks"), where + ", checks")) {
        c.check(check(ch, where));
      }
    }
    return c.toContract();
  }

  /** One check object, as in a contract's {@code checks} or a configuration file's. */
  private static CheckConfig check(JsonNode ch, String where) {
    object(ch, where + ", a check");
    keys(ch, CHECK_KEYS, where + ", a check");
    CheckConfig cc = new CheckConfig(text(ch, "rule", where + ", a check"))
        .setSeverity(optText(ch, "severity", where))
        .setStrict(optBool(ch, "strict", where))
        .setTarget(optText(ch, "target", where))
        .setFiles(optText(ch, "files", where))
        .setFull(optBool(ch, "full", where));
    cc.setColumns(strings(ch, "columns", where));
    cc.setAllowed(strings(ch, "allowed", where));
    cc.setExcludes(strings(ch, "excludes", where));
    return cc;
  }

  /**
   * Reads a configuration file: what a POM configures besides contracts, for the command line. One JSON object with
   * any of {@code checks} (as a POM's {@code <checks>}: a check without {@code files} replaces the rule's default),
   * {@code suppressions} ({@code files}, {@code rule}, {@code column}, {@code reason}) and {@code severities} (rule id
   * to level, for {@code verify-manifest}); duplicate and unknown keys are errors.
   */
  public static ConfigFile parseConfig(Path file) {
    JsonNode n = readStrict(file, "configuration file");
    String where = "configuration file " + file;
    object(n, where);
    keys(n, CONFIG_KEYS, where);
    List<CheckConfig> checks = new ArrayList<>();
    if (n.has("checks")) {
      for (JsonNode ch : array(n.get("checks"), where + ", checks")) {
        checks.add(check(ch, where));
      }
    }
    List<Suppression> suppressions = new ArrayList<>();
    if (n.has("suppressions")) {
      for (JsonNode x : array(n.get("suppressions"), where + ", suppressions")) {
        object(x, where + ", a suppression");
        keys(x, SUPPRESSION_KEYS, where + ", a suppression");
        suppressions.add(new Suppression(optText(x, "files", where), optText(x, "rule", where),
            optText(x, "column", where), optText(x, "reason", where)));
      }
    }
    Map<String, String> severities = new TreeMap<>();
    if (n.has("severities")) {
      object(n.get("severities"), where + ", severities");
      for (Iterator<String> it = n.get("severities").fieldNames(); it.hasNext();) {
        String rule = it.next();
        severities.put(rule, text(n.get("severities"), rule, where + ", severities"));
      }
    }
    return new ConfigFile(checks, suppressions, severities);
  }

  private static void object(JsonNode n, String where) {
    if (n == null || !n.isObject()) {
      throw new ConfigurationException(where + ": expected a JSON object");
    }
  }

  private static Iterable<JsonNode> array(JsonNode n, String where) {
    if (!n.isArray()) {
      throw new ConfigurationException(where + ": expected a JSON array");
    }
    return n;
  }

  private static void keys(JsonNode n, Set<String> allowed, String where) {
    for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
      String k = it.next();
      if (!allowed.contains(k)) {
        throw new ConfigurationException(
            where + ": unknown key \"" + k + "\" (known: " + new java.util.TreeSet<>(allowed)
                + ")");
      }
    }
  }

  private static String text(JsonNode n, String key, String where) {
    String s = optText(n, key, where);
    if (s == null) {
      throw new ConfigurationException(where + ": \"" + key + "\" is required");
    }
    return s;
  }

  private static String optText(JsonNode n, String key, String where) {
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw new ConfigurationException(where + ": \"" + key + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  private static Boolean optBool(JsonNode n, String key, String where) {
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isBoolean()) {
      throw new ConfigurationException(where + ": \"" + key + "\" must be true or false, got " + v);
    }
    return v.asBoolean();
  }

  private static Long optLong(JsonNode n, String key, String where) {
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
      throw new ConfigurationException(where + ": \"" + key + "\" must be a non-negative integer, got " + v);
    }
    return v.asLong();
  }

  private static List<String> strings(JsonNode n, String key, String where) {
    List<String> out = new ArrayList<>();
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      return out;
    }
    for (JsonNode s : array(v, where + ", " + key)) {
      if (!s.isTextual()) {
        throw new ConfigurationException(where + ": \"" + key + "\" must hold strings, got " + s);
      }
      out.add(s.asText());
    }
    return out;
  }

}
