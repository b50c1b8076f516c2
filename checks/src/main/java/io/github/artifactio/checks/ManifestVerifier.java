package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.artifactio.checks.report.FileIdentity;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.FileHashing;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * {@code verify-manifest}: checks each {@code manifest.json} against the files it records. The JSON is read strictly
 * (a duplicate key is an error) and walked record by record, so one bad record does not hide the others; both the
 * Rust engine's manifests (absolute or relative paths, fields we do not know) and ours are read.
 *
 * <p>Per manifest: {@code manifest-json} (it parses, with the engine's strict reader too) and
 * {@code manifest-config-hash} ({@code config_hash} is the blake3 of {@code config_json}). Per record, reported as
 * {@code <manifest>#<key>}: {@code manifest-key} (the key is the record's {@code logical_name}),
 * {@code manifest-path} (relative, no {@code ..}, not absolute, no symbolic link leading out of the manifest's
 * folder, and the file exists), {@code manifest-format} ({@code parquet}), {@code manifest-hash} (blake3 of the file
 * equals {@code content_hash}), {@code manifest-rows} (the footer's row count equals {@code rows}),
 * {@code manifest-schema} (the identifier is registered and equals the one in the footer, where one is recorded),
 * {@code manifest-report} (the {@code .report.json} sidecar, when present, agrees on rows, hash and schema),
 * {@code manifest-fingerprint} (a linked file's recorded bounded fingerprint still matches). Records are checked in
 * parallel on the caller's {@link EngineContext}; hashes of unchanged files come from the cache.
 */
public final class ManifestVerifier {

  private final SchemaRegistry registry;
  private final Map<String, Severity> severities;
  private final ResultCache cache;
  private FileHashing.Builder hashing = FileHashing.builder();
  /** Digests taken before the records are checked, all at once, in a vector JVM where that pays. */
  private Map<Path, String> prehashed = Map.of();
  private String hashingNote = "";

  /**
   * @param severities the severity of each manifest rule id; a rule missing from the map is off
   * @param cache where unchanged files' hashes are remembered, or null
   */
  public ManifestVerifier(SchemaRegistry registry, Map<String, Severity> severities, ResultCache cache) {
    this.registry = registry;
    this.severities = Map.copyOf(severities);
    this.cache = cache;
  }

  private final class Collector {
    final String display;
    final List<RuleResult> results = new ArrayList<>();

    Collector(String display) {
      this.display = display;
    }

    boolean on(String rule) {
      return severities.containsKey(rule);
    }

    void pass(String rule, String observed) {
      if (on(rule)) {
        results.add(RuleResult.of(display, rule, severities.get(rule), observed, List.of()));
      }
    }

    void fail(String rule, String observed, String detail) {
      if (on(rule)) {
        Severity s = severities.get(rule);
        results.add(RuleResult.of(display, rule, s, observed,
            List.of(new Finding(rule, s, display, null, null, null, 1, detail))));
      }
    }

    void undetermined(String rule, String why) {
      if (on(rule)) {
        results.add(RuleResult.undetermined(display, rule, severities.get(rule), why));
      }
    }
  }

  public Outcome verify(Path root, List<Path> manifests, EngineContext context) {
    return verify(root, manifests, context, null);
  }

  /**
   * How the records' files are hashed (default {@link FileHashing#builder()}: in a child JVM with the Vector API when
   * this JVM has none and the files to hash reach its threshold); {@code FileHashing.builder().fork(false)} keeps all
   * hashing in this JVM.
   */
  public ManifestVerifier hashing(FileHashing.Builder hashing) {
    this.hashing = Objects.requireNonNull(hashing, "hashing");
    return this;
  }

  /** How the last {@link #verify} hashed its files, for the log ("" before a run, or when nothing was hashed). */
  public String hashingNote() {
    return hashingNote;
  }

  /**
   * As {@link #verify(Path, List, EngineContext)}, telling {@code progress} (if not null) as each record is done (the
   * records are the slow part: each is a file to hash).
   */
  public Outcome verify(Path root, List<Path> manifests, EngineContext context, Progress progress) {
    AtomicInteger done = new AtomicInteger();
    AtomicInteger records = new AtomicInteger();
    ReadAccounting accounting = new ReadAccounting();
    AtomicInteger cached = new AtomicInteger();
    List<String> files = new ArrayList<>();
    // in file order: each manifest's own results, already known, or one of its records, checked on the context
    List<Supplier<List<RuleResult>>> work = new ArrayList<>();
    List<RecordRef> toHash = new ArrayList<>();
    for (Path m : manifests) {
      String display = ParquetValidator.display(root, m);
      files.add(display);
      Collector c = new Collector(display);
      JsonNode tree = parse(m, c);
      work.add(() -> c.results);
      if (tree == null) {
        continue;
      }
      JsonNode artifacts = tree.get("artifacts");
      if (artifacts == null || !artifacts.isObject()) {
        continue;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        String recordDisplay = display + "#" + e.getKey();
        files.add(recordDisplay);
        Path folder = m.toAbsolutePath().getParent();
        records.incrementAndGet();
        toHash.add(new RecordRef(folder, e.getValue()));
        work.add(() -> {
          List<RuleResult> r = record(folder, e.getKey(), e.getValue(), recordDisplay, accounting, cached, null);
          if (progress != null) {
            progress.update(done.incrementAndGet(), records.get());
          }
          return r;
        });
      }
    }
    prehash(toHash, context); // before the records' work runs, from the trees parsed above
    List<RuleResult> results = new ArrayList<>();
    for (List<RuleResult> part : context.map(work, Supplier::get)) {
      results.addAll(part);
    }
    return new Outcome("verify-manifest", files, results, cached.get(), accounting.filesOpened(),
        accounting.bytesRead(), accounting.bytesHashed());
  }

  /**
   * Hashes, in one go, every file the manifests record that passes the path rules and is not in the cache: one child
   * JVM for all of them where that pays ({@link FileHashing}). A file that cannot be hashed here is left to its
   * record, which reports it as before.
   */
  private void prehash(List<RecordRef> records, EngineContext context) {
    prehashed = Map.of();
    hashingNote = "";
    LinkedHashSet<Path> files = new LinkedHashSet<>();
    for (RecordRef r : records) {
      String pathText = text(r.record(), "path");
      Path file = pathText == null ? null : checkPath(r.folder(), pathText, new Collector("prehash"));
      if (file == null || knownInCache(file)) {
        continue;
      }
      files.add(file.toAbsolutePath().normalize());
    }
    if (files.isEmpty()) {
      return;
    }
    try {
      FileHashing.Result r = hashing.context(context).build().hash(List.copyOf(files));
      Map<Path, String> hex = new HashMap<>();
      r.digests().forEach((p, h) -> hex.put(p, h.hex()));
      prehashed = hex;
      String n = files.size() == 1 ? "1 file" : files.size() + " files";
      hashingNote = r.how() == FileHashing.How.FORKED
          ? "hashed " + n + " in a child JVM with the Vector API (this JVM has the " + Blake3.backend() + " back end)"
          : "hashed " + n + " in this JVM (" + r.backend() + " back end)";
    } catch (RuntimeException e) {
      prehashed = Map.of(); // each record hashes its own file and reports what is wrong with it
    }
  }

  private boolean knownInCache(Path file) {
    if (cache == null) {
      return false;
    }
    try {
      return cache.knownHash(file, FileIdentity.of(file)).isPresent();
    } catch (IOException e) {
      return false;
    }
  }

  /** A record of a manifest and the folder its paths are relative to. */
  private record RecordRef(Path folder, JsonNode record) {}

  /** The manifest's tree, or null when it does not parse (then manifest-json fails). */
  private JsonNode parse(Path m, Collector c) {
    JsonNode tree;
    try {
      tree = SidecarJson.readTree(Files.readAllBytes(m));
    } catch (IOException e) {
      c.fail(RuleIds.MANIFEST_JSON, "does not parse", "parsing json: " + e.getMessage()
          .replace('\n', ' '));
      return null;
    }
    if (tree == null || !tree.isObject()) {
      c.fail(RuleIds.MANIFEST_JSON, "not an object", c.display + " is not a JSON object");
      return null;
    }
    boolean keysAgree = true;
    JsonNode artifacts = tree.get("artifacts");
    if (artifacts != null && artifacts.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        keysAgree &= e.getKey().equals(e.getValue().path("logical_name").asText(null));
      }
    }
    try {
      SidecarJson.readManifest(m);
      c.pass(RuleIds.MANIFEST_JSON, (artifacts == null ? 0 : artifacts.size()) + " records");
    } catch (ArtifactException e) {
      if (keysAgree) {
        c.fail(RuleIds.MANIFEST_JSON, "does not read", e.detail()); // the finding names the manifest
      } else {
        c.pass(RuleIds.MANIFEST_JSON, (artifacts == null ? 0 : artifacts.size()) + " records (a key disagrees)");
      }
    }
    JsonNode configJson = tree.get("config_json");
    JsonNode configHash = tree.get("config_hash");
    if (configJson == null || !configJson.isTextual() || configHash == null || !configHash.isTextual()) {
      c.undetermined(RuleIds.MANIFEST_CONFIG_HASH, "no config_json or config_hash string");
    } else {
      String actual = Blake3.hashString(configJson.asText()).hex();
      if (actual.equals(configHash.asText())) {
        c.pass(RuleIds.MANIFEST_CONFIG_HASH, actual.substring(0, 16));
      } else {
        c.fail(RuleIds.MANIFEST_CONFIG_HASH, actual.substring(0, 16),
            "config_hash is " + configHash.asText() + " but the blake3 of config_json is " + actual);
      }
    }
    return tree;
  }

  /**
   * A manifest read for a plan of shards: its own results ({@code manifest-json}, {@code manifest-config-hash}) and
   * its records, without opening the records' files.
   */
  public record ManifestRead(String display, List<RuleResult> results, List<RecordRead> records) {}

  /**
   * A record of a manifest as a plan sees it.
   *
   * @param file the record's file when its path passes {@code manifest-path}, else null
   */
  public record RecordRead(String display, String key, Path folder, JsonNode record, Path file) {}

  /** Reads {@code manifest} (named relative to {@code root}) as {@link #verify} does, checking none of its records. */
  public ManifestRead read(Path root, Path manifest) {
    String display = ParquetValidator.display(root, manifest);
    Collector c = new Collector(display);
    JsonNode tree = parse(manifest, c);
    List<RecordRead> records = new ArrayList<>();
    JsonNode artifacts = tree == null ? null : tree.get("artifacts");
    if (artifacts != null && artifacts.isObject()) {
      Path folder = manifest.toAbsolutePath().getParent();
      for (Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        String pathText = text(e.getValue(), "path");
        Path file = pathText == null ? null : checkPath(folder, pathText, new Collector("plan"));
        records.add(new RecordRead(display + "#" + e.getKey(), e.getKey(), folder, e.getValue(), file));
      }
    }
    return new ManifestRead(display, c.results, records);
  }

  /** Whether a record's check needs its file's digest: {@code manifest-hash} or {@code manifest-report} runs. */
  public boolean needsDigest() {
    return severities.containsKey(RuleIds.MANIFEST_HASH) || severities.containsKey(RuleIds.MANIFEST_REPORT);
  }

  /**
   * A record checked but for its file's digest, which a shard leaves to the merge (the file's parts may be hashed by
   * other shards): every result except {@code manifest-hash} and {@code manifest-report}, with where those go and
   * what they compare the digest with. {@link #finish} completes it.
   *
   * @param hashAt where the manifest-hash result goes in {@code results}, or -1 (no digest needed, or the rule off)
   * @param reportAt where the manifest-report result goes, or -1 (decided without the digest, or off)
   * @param recordedHash the record's {@code content_hash}
   * @param pathText the record's path as written
   * @param sidecarHash the sidecar's {@code content_hash}
   * @param rowsProblem the sidecar's disagreement on rows, or null
   * @param schemaProblem the sidecar's disagreement on the schema, or null
   * @param opened the files the checks opened (the digest's own read is counted by {@link #finish})
   * @param hashSeverity the severity of manifest-hash (null when off)
   * @param reportSeverity the severity of manifest-report (null when off)
   */
  public record RecordPartial(String display, List<RuleResult> results, int hashAt, int reportAt,
      String recordedHash, String pathText, String sidecarHash, String rowsProblem, String schemaProblem,
      long opened, Severity hashSeverity, Severity reportSeverity) {
    public RecordPartial {
      results = List.copyOf(results);
    }
  }

  /** Checks a record {@link #read} found, all but what needs its file's digest. */
  public RecordPartial checkExceptDigest(RecordRead r) {
    ReadAccounting accounting = new ReadAccounting();
    Deferred d = new Deferred();
    List<RuleResult> results = record(r.folder(), r.key(), r.record(), r.display(), accounting, new AtomicInteger(),
        d);
    return new RecordPartial(r.display(), results, d.hashAt, d.reportAt, d.recordedHash, d.pathText, d.sidecarHash,
        d.rowsProblem, d.schemaProblem, accounting.filesOpened(), severities.get(RuleIds.MANIFEST_HASH),
        severities.get(RuleIds.MANIFEST_REPORT));
  }

  /**
   * The record's results once its file's digest is known, exactly as {@link #verify} gives them.
   *
   * @param digest the file's blake3 in hex, or null when it could not be taken
   * @param why with a null digest, why not (the message names the file)
   */
  public static List<RuleResult> finish(RecordPartial p, String digest, String why) {
    List<RuleResult> out = new ArrayList<>(p.results());
    RuleResult report = null;
    if (p.reportAt() >= 0) {
      List<String> problems = new ArrayList<>();
      if (p.rowsProblem() != null) {
        problems.add(p.rowsProblem());
      }
      if (digest != null && !p.sidecarHash().equals(digest)) {
        problems.add("content_hash " + p.sidecarHash() + " (file: " + digest + ")");
      }
      if (p.schemaProblem() != null) {
        problems.add(p.schemaProblem());
      }
      report = problems.isEmpty()
          ? RuleResult.of(p.display(), RuleIds.MANIFEST_REPORT, p.reportSeverity(), "agrees", List.of())
          : failed(p.display(), RuleIds.MANIFEST_REPORT, p.reportSeverity(), problems.size() + " disagreements",
              "the sidecar " + p.pathText() + ArtifactReport.SIDECAR_SUFFIX + " disagrees: "
                  + String.join(", ", problems));
      out.add(p.reportAt(), report);
    }
    if (p.hashAt() >= 0) {
      RuleResult hash;
      if (digest == null) {
        hash = failed(p.display(), RuleIds.MANIFEST_HASH, p.hashSeverity(), "unreadable", why);
      } else if (digest.equals(p.recordedHash())) {
        hash = RuleResult.of(p.display(), RuleIds.MANIFEST_HASH, p.hashSeverity(), digest.substring(0, 16),
            List.of());
      } else {
        hash = failed(p.display(), RuleIds.MANIFEST_HASH, p.hashSeverity(), digest.substring(0, 16),
            "content_hash is " + p.recordedHash() + " but the blake3 of " + p.pathText() + " is " + digest);
      }
      out.add(p.hashAt(), hash);
    }
    return out;
  }

  private static RuleResult failed(String display, String rule, Severity s, String observed, String detail) {
    return RuleResult.of(display, rule, s, observed, List.of(new Finding(rule, s, display, null, null, null, 1,
        detail)));
  }

  /** What a record's check left for {@link #finish}: where the digest's results go and what they compare. */
  private static final class Deferred {
    int hashAt = -1;
    int reportAt = -1;
    String recordedHash;
    String pathText;
    String sidecarHash;
    String rowsProblem;
    String schemaProblem;
  }

  private List<RuleResult> record(Path folder, String key, JsonNode r, String display, ReadAccounting accounting,
      AtomicInteger cached, Deferred deferred) {
    Collector c = new Collector(display);
    String logical = text(r, "logical_name");
    if (key.equals(logical)) {
      c.pass(RuleIds.MANIFEST_KEY, key);
    } else {
      c.fail(RuleIds.MANIFEST_KEY, String.valueOf(logical),
          "the record is stored under the key \"" + key + "\" but its logical_name is \"" + logical + "\"");
    }
    String format = text(r, "format");
    if ("parquet".equals(format)) {
      c.pass(RuleIds.MANIFEST_FORMAT, format);
    } else {
      c.fail(RuleIds.MANIFEST_FORMAT, String.valueOf(format), "format is \"" + format + "\", not \"parquet\"");
    }
    String pathText = text(r, "path");
    Path file = checkPath(folder, pathText, c);
    String hash = text(r, "content_hash");
    Long rows = r.path("rows").canConvertToLong() && r.path("rows").isIntegralNumber() ? r.get("rows").asLong() : null;
    SchemaId schema = null;
    try {
      schema = new SchemaId(text(r, "schema_name"), r.path("schema_version").asInt(-1));
    } catch (RuntimeException e) {
      c.fail(RuleIds.MANIFEST_SCHEMA, "malformed", "schema_name/schema_version do not form an identifier: "
          + e.getMessage());
    }
    if (file == null) {
      for (String rule : List.of(RuleIds.MANIFEST_HASH, RuleIds.MANIFEST_ROWS, RuleIds.MANIFEST_REPORT,
          RuleIds.MANIFEST_FINGERPRINT)) {
        c.undetermined(rule, "no file to check (see manifest-path)");
      }
      if (schema != null) {
        checkSchema(c, schema, null, true);
      }
      return c.results;
    }
    String actual = null;
    if (deferred != null) {
      // the digest is the merge's: only where its result goes is known here
      deferred.pathText = pathText;
      deferred.recordedHash = hash;
      deferred.hashAt = c.on(RuleIds.MANIFEST_HASH) ? c.results.size() : -1;
    } else if (c.on(RuleIds.MANIFEST_HASH) || c.on(RuleIds.MANIFEST_REPORT)) {
      actual = hash(file, accounting, cached);
      if (actual.equals(hash)) {
        c.pass(RuleIds.MANIFEST_HASH, actual.substring(0, 16));
      } else {
        c.fail(RuleIds.MANIFEST_HASH, actual.substring(0, 16),
            "content_hash is " + hash + " but the blake3 of " + pathText + " is " + actual);
      }
    }
    TableFile table = null;
    try {
      table = TableFile.open(file);
      accounting.opened();
    } catch (ArtifactException e) {
      c.fail(RuleIds.MANIFEST_ROWS, "footer unreadable", e.getMessage());
    }
    if (table != null) {
      if (rows != null && rows == table.rows()) {
        c.pass(RuleIds.MANIFEST_ROWS, Long.toString(rows));
      } else {
        c.fail(RuleIds.MANIFEST_ROWS, Long.toString(table.rows()),
            "rows is " + r.get("rows") + " but the footer of " + pathText + " counts " + table.rows());
      }
    }
    if (schema != null) {
      Optional<SchemaId> footer = Optional.empty();
      boolean footerOk = true;
      try {
        footer = table == null ? Optional.empty() : table.schemaId();
      } catch (ArtifactException e) {
        footerOk = false;
      }
      checkSchema(c, schema, footer.orElse(null), footerOk);
    }
    checkReport(c, file, pathText, rows, actual, schema, deferred);
    checkFingerprint(c, file, pathText, r.get(FINGERPRINT));
    return c.results;
  }

  /** The extra record field in which a linked (hard-linked, shared) file's bounded fingerprint is recorded. */
  static final String FINGERPRINT = "fingerprint";

  /**
   * {@code manifest-fingerprint}: a record of a linked file carries its bounded fingerprint (size, blake3 of its first
   * and last MiB; the engine's {@link Fingerprint}), which must still match: a file rewritten in place through another
   * hard link is caught in two 1 MiB reads. A record without one passes (it is not a linked file).
   */
  private void checkFingerprint(Collector c, Path file, String pathText, JsonNode recorded) {
    if (!c.on(RuleIds.MANIFEST_FINGERPRINT)) {
      return;
    }
    if (recorded == null) {
      c.pass(RuleIds.MANIFEST_FINGERPRINT, "not linked (no fingerprint)");
      return;
    }
    Fingerprint f;
    try {
      f = Fingerprint.fromJson(recorded);
    } catch (IllegalArgumentException e) {
      c.fail(RuleIds.MANIFEST_FINGERPRINT, "malformed", "the fingerprint of " + pathText + " does not read: "
          + e.getMessage());
      return;
    }
    Optional<String> why;
    try {
      why = f.difference(file);
    } catch (ArtifactException e) {
      c.fail(RuleIds.MANIFEST_FINGERPRINT, "unreadable", e.getMessage());
      return;
    }
    if (why.isPresent()) {
      c.fail(RuleIds.MANIFEST_FINGERPRINT, "changed", "the linked file " + pathText
          + " changed since its fingerprint was recorded: " + why.get());
    } else {
      c.pass(RuleIds.MANIFEST_FINGERPRINT, "matches (" + f.size() + " bytes)");
    }
  }

  private void checkSchema(Collector c, SchemaId schema, SchemaId footer, boolean footerOk) {
    if (!registry.contains(schema)) {
      c.fail(RuleIds.MANIFEST_SCHEMA, schema.toString(), "schema " + schema + " is not in the registry (known "
          + "versions of " + schema.name() + ": " + registry.versionsOf(schema.name()) + ")");
    } else if (!footerOk) {
      c.fail(RuleIds.MANIFEST_SCHEMA, schema.toString(), "the footer's schema identifier is malformed");
    } else if (footer != null && !footer.equals(schema)) {
      c.fail(RuleIds.MANIFEST_SCHEMA, schema.toString(),
          "the record says schema " + schema + " but the footer records " + footer);
    } else {
      c.pass(RuleIds.MANIFEST_SCHEMA, schema + (footer != null ? " (= footer)" : " (footer records none)"));
    }
  }

  private void checkReport(Collector c, Path file, String pathText, Long rows, String actual, SchemaId schema,
      Deferred deferred) {
    if (!c.on(RuleIds.MANIFEST_REPORT)) {
      return;
    }
    Path sidecar = ArtifactReport.sidecarPathFor(file);
    if (!Files.isRegularFile(sidecar)) {
      c.pass(RuleIds.MANIFEST_REPORT, "no sidecar");
      return;
    }
    ArtifactReport report;
    try {
      report = SidecarJson.readReport(sidecar);
    } catch (ArtifactException e) {
      c.fail(RuleIds.MANIFEST_REPORT, "does not read", e.getMessage());
      return;
    }
    List<String> problems = new ArrayList<>();
    if (rows != null && report.rows() != rows) {
      problems.add("rows " + report.rows() + " (manifest: " + rows + ")");
    }
    if (actual != null && !report.contentHash().equals(actual)) {
      problems.add("content_hash " + report.contentHash() + " (file: " + actual + ")");
    }
    if (schema != null && !report.schemaId().equals(schema)) {
      problems.add("schema " + report.schemaId() + " (manifest: " + schema + ")");
    }
    if (deferred != null) {
      deferred.reportAt = c.results.size();
      deferred.sidecarHash = report.contentHash();
      deferred.rowsProblem = rows != null && report.rows() != rows ? problems.get(0) : null;
      deferred.schemaProblem = schema != null && !report.schemaId().equals(schema) ? problems.get(problems.size() - 1)
          : null;
      return;
    }
    if (problems.isEmpty()) {
      c.pass(RuleIds.MANIFEST_REPORT, "agrees");
    } else {
      c.fail(RuleIds.MANIFEST_REPORT, problems.size() + " disagreements",
          "the sidecar " + pathText + ArtifactReport.SIDECAR_SUFFIX + " disagrees: " + String.join(", ", problems));
    }
  }

  /** The file a record names, or null (with a manifest-path failure) when the path is unsafe or missing. */
  private static Path checkPath(Path folder, String pathText, Collector c) {
    if (pathText == null || pathText.isEmpty()) {
      c.fail(RuleIds.MANIFEST_PATH, "none", "the record has no path");
      return null;
    }
    String why = null;
    Path p;
    try {
      p = Path.of(pathText);
    } catch (RuntimeException e) {
      c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" is not a valid path: " + e.getMessage());
      return null;
    }
    if (p.isAbsolute() || pathText.startsWith("/") || pathText.startsWith("\\")) {
      why = "is absolute; paths must be relative to the manifest's folder";
    } else if (pathText.endsWith("/") || pathText.endsWith("\\")) {
      // Path.of drops the separator and would resolve to the file: the manifest names a folder, which is wrong
      why = "ends with a separator, so it names a folder; an artifact's path names its file";
    } else if (pathText.contains("//") || pathText.startsWith("./") || pathText.contains("/./")) {
      why = "is not in its plain form (an empty or '.' segment); write the path as the file's relative name";
    } else {
      for (Path part : p) {
        if (part.toString().equals("..")) {
          why = "contains '..'; paths must stay inside the manifest's folder";
          break;
        }
      }
    }
    if (why != null) {
      c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" " + why);
      return null;
    }
    Path file = folder.resolve(p).normalize();
    if (!Files.exists(file)) {
      c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" does not exist in " + folder);
      return null;
    }
    try {
      Path real = file.toRealPath();
      Path realFolder = folder.toRealPath();
      if (!real.startsWith(realFolder)) {
        c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" leads out of the manifest's folder through"
            + " a symbolic link, to " + real);
        return null;
      }
    } catch (IOException e) {
      c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" cannot be resolved: " + e);
      return null;
    }
    if (!Files.isRegularFile(file)) {
      c.fail(RuleIds.MANIFEST_PATH, pathText, "path \"" + pathText + "\" is not a regular file");
      return null;
    }
    c.pass(RuleIds.MANIFEST_PATH, pathText);
    return file;
  }

  private String hash(Path file, ReadAccounting accounting, AtomicInteger cached) {
    FileIdentity id = null;
    if (cache != null) {
      try {
        id = FileIdentity.of(file);
        Optional<String> known = cache.knownHash(file, id);
        if (known.isPresent()) {
          cached.incrementAndGet();
          return known.get();
        }
      } catch (IOException e) {
        id = null;
      }
    }
    accounting.opened();
    String known = prehashed.get(file.toAbsolutePath().normalize());
    String h = known != null ? known : Blake3.hashFile(file).hex();
    try {
      accounting.hashed(Files.size(file));
    } catch (IOException e) {
      // the size only feeds the statistics
    }
    if (cache != null && id != null) {
      cache.rememberHash(file, id, h);
    }
    return h;
  }

  private static String text(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v != null && v.isTextual() ? v.asText() : null;
  }
}
