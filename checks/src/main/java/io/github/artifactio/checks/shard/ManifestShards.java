package io.github.artifactio.checks.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.FileSets;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.ManifestVerifier;
import io.github.artifactio.checks.NoFilesException;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.hash.SubtreeCv;
import io.github.artifactio.engine.plan.ShardSpec;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plan of a verify-manifest run over its manifests, one shard of it checked and written as a partial report of
 * kind {@value #KIND} for {@code merge} ({@code verify-manifest --shard I/N --partial-out FILE}), and one unit checked
 * on its own (a Spark task: {@link #unit}).
 *
 * <p><b>Units.</b> In the order the unsharded run reports them: per manifest one unit for the manifest's own checks,
 * then per record one unit, or, for a record whose file is larger than the split size and whose digest is needed,
 * one unit per range of {@code max(1, split / 1 MiB)} spans of 1 MiB (hashed with {@link Blake3Parts}). The first unit
 * of a record runs its checks other than the digest ({@link ManifestVerifier#checkExceptDigest}); every unit of it
 * hashes its spans; the merge finishes the record at its last unit. Shards are contiguous runs of units balanced by
 * bytes with the rule of {@link io.github.artifactio.engine.plan.WorkPlan}: unit {@code u} of weight
 * {@code bytes + 1} goes to the shard whose N-th of the total weight holds its midpoint.
 *
 * <p><b>Identity.</b> The plan's id is the BLAKE3 of the tool's version, the split size, the options and paths of
 * the command line, and every manifest's and every record file's path, size and modification time.
 */
public final class ManifestShards {
  /**
   * The version of {@code verify-manifest}'s partial reports: 1 (they name manifests and records, not a plan's files,
   * so {@code hash}'s version 2, which moved those into a file of their own, does not apply).
   */
  public static final int FORMAT_VERSION = 1;

  public static final String KIND = "verify-manifest";
  public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private ManifestShards() {}

  /** A unit of the plan: a manifest's own checks ({@code record} null) or spans [from, to) of a record's file. */
  public record Unit(int index, ManifestVerifier.ManifestRead manifest, ManifestVerifier.RecordRead record,
      FileStamp stamp,
      long from, long to, boolean first, boolean last, long bytes) {}

  /** The plan: its id, units and split into shards. */
  public record Plan(String id, List<ManifestVerifier.ManifestRead> manifests, List<String> manifestStamps,
      List<Unit> units,
      int[] shardOf) {}

  /** Where the options and parameters of a shard's command line are kept, to run the merge the same way. */
  public record Command(Map<String, List<String>> options, List<String> params) {}

  /** The plan of the manifests' checks, split into {@code count} shards; {@code toolVersion} is the plan's. */
  public static Plan plan(ManifestVerifier verifier, Path root, List<Path> manifests, long splitBytes,
      Command command, String toolVersion, int count) {
    StringBuilder id = new StringBuilder("artifact-io verify-manifest plan 1\ntool ").append(toolVersion)
        .append("\nsplit ").append(splitBytes).append('\n');
    command.options().forEach((k, v) -> id.append("option ").append(k).append(' ').append(v).append('\n'));
    command.params().forEach(p -> id.append("param ").append(p.length()).append(':').append(p).append('\n'));
    long spansPerUnit = Math.max(1, splitBytes / Blake3Parts.SPAN_LEN);
    List<ManifestVerifier.ManifestRead> reads = new ArrayList<>();
    List<String> stamps = new ArrayList<>();
    List<Unit> units = new ArrayList<>();
    for (Path m : manifests) {
      FileStamp ms = FileStamp.of(m);
      ManifestVerifier.ManifestRead read = verifier.read(root, m);
      reads.add(read);
      stamps.add(read.display() + " " + ms.size() + " " + ms.mtimeNanos());
      append(id, m.toString(), ms);
      units.add(new Unit(units.size(), read, null, ms, 0, 0, true, true, ms.size()));
      for (ManifestVerifier.RecordRead r : read.records()) {
        if (r.file() == null || !verifier.needsDigest()) {
          units.add(new Unit(units.size(), read, r, null, 0, 0, true, true, 0));
          continue;
        }
        FileStamp fs = FileStamp.of(r.file());
        append(id, r.file().toString(), fs);
        long spans = Blake3Parts.spans(fs.size());
        long per = fs.size() > splitBytes ? spansPerUnit : spans;
        for (long from = 0; from < spans; from += per) {
          long to = Math.min(spans, from + per);
          long bytes = Math.min(fs.size(), to * Blake3Parts.SPAN_LEN) - from * Blake3Parts.SPAN_LEN;
          units.add(new Unit(units.size(), read, r, fs, from, to, from == 0, to == spans, bytes));
        }
      }
    }
    return new Plan(Blake3.hashString(id.toString()).hex(), reads, stamps, units, shards(units, count));
  }

  private static void append(StringBuilder id, String path, FileStamp s) {
    // the path's length first: a path holding a newline or a space cannot read as two entries
    id.append(s.size()).append(' ').append(s.mtimeNanos()).append(' ').append(path.length()).append(':')
        .append(path).append('\n');
  }

  /** The shard of each unit: the one whose N-th of the total weight holds the unit's midpoint. */
  private static int[] shards(List<Unit> units, int count) {
    long total = 0;
    for (Unit u : units) {
      total += u.bytes() + 1;
    }
    int[] out = new int[units.size()];
    long before = 0;
    for (Unit u : units) {
      long w = u.bytes() + 1;
      out[u.index()] = BigInteger.valueOf(2 * before + w).multiply(BigInteger.valueOf(count))
          .divide(BigInteger.valueOf(2 * total)).intValueExact();
      before += w;
    }
    return out;
  }

  /** The manifests the unsharded run checks under {@code options}, in its order; none selected is an error. */
  public static List<Path> select(GateOptions options, String includes) {
    FileSets.Selection selection = FileSets.select(options.paths(), includes, options.dialect());
    if (selection.files().isEmpty() || !selection.missing().isEmpty()) {
      throw new NoFilesException("artifact-io verify-manifest: no manifest selected under " + options.paths()
          + (selection.missing().isEmpty() ? "" : " (" + selection.missing() + " do not exist)"));
    }
    return selection.files();
  }

  /**
   * Selects the manifests as the unsharded run would, checks shard {@code shard}'s units and returns their partial
   * report; a part that cannot be hashed (the file changed since the plan, or is unreadable) is that unit's
   * {@code error}, which the merge turns into the record's manifest-hash finding.
   */
  public static ObjectNode run(ManifestVerifier verifier, GateOptions options, String includes, Command command,
      ShardSpec shard, long splitBytes) {
    Plan plan = plan(verifier, options.root(), select(options, includes), splitBytes, command, options.version(),
        shard.count());
    List<Unit> mine = plan.units().stream().filter(u -> plan.shardOf()[u.index()] == shard.index()).toList();
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    List<ObjectNode> written;
    try (EngineContext context = EngineContext.create("artifact-io-verify-manifest", threads)) {
      written = context.map(mine, u -> unit(verifier, u, context));
    }
    return report(plan, options.version(), splitBytes, command, shard, mine, written);
  }

  /** The partial report of shard {@code shard}: the plan's fields, then {@code written}, what {@code mine} gave. */
  public static ObjectNode report(Plan plan, String toolVersion, long splitBytes, Command command, ShardSpec shard,
      List<Unit> mine, List<ObjectNode> written) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", HashPartial.FORMAT);
    root.put("format_version", FORMAT_VERSION);
    root.put("kind", KIND);
    ObjectNode p = root.putObject("plan");
    p.put("id", plan.id());
    p.put("tool_version", toolVersion);
    p.put("split_bytes", splitBytes);
    p.put("units", plan.units().size());
    ArrayNode ms = p.putArray("manifests");
    plan.manifestStamps().forEach(ms::add);
    ObjectNode o = p.putObject("options");
    new TreeMap<>(command.options()).forEach((k, v) -> {
      ArrayNode a = o.putArray(k);
      v.forEach(a::add);
    });
    ArrayNode ps = p.putArray("params");
    command.params().forEach(ps::add);
    ObjectNode s = root.putObject("shard");
    s.put("index", shard.index());
    s.put("count", shard.count());
    // the units' bounds, so that a merge can name what a missing shard held without reading any report's units
    s.put("first_unit", mine.isEmpty() ? -1 : mine.get(0).index());
    s.put("last_unit", mine.isEmpty() ? -1 : mine.get(mine.size() - 1).index());
    ArrayNode us = root.putArray("units");
    written.forEach(us::add);
    return root;
  }

  /** Writes a report whole or not at all (a temporary file beside it, then renamed). */
  public static void write(ObjectNode report, Path partialOut) throws IOException {
    Files.createDirectories(partialOut.toAbsolutePath().getParent()); // as validate's: a task may be the first to write
    Path tmp = partialOut.resolveSibling(partialOut.getFileName() + ".tmp");
    Files.write(tmp, JSON.writeValueAsBytes(report));
    Files.move(tmp, partialOut, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The errors of the report's units (a part that could not be hashed), in unit order. */
  public static List<String> errors(JsonNode report) {
    List<String> out = new ArrayList<>();
    for (JsonNode u : report.path("units")) {
      if (u.has("error")) {
        out.add(u.get("error").asText());
      }
    }
    return out;
  }

  /** One unit checked: its results, record partial and part as JSON. */
  public static ObjectNode unit(ManifestVerifier verifier, Unit u, EngineContext context) {
    ObjectNode o = JSON.createObjectNode();
    o.put("unit", u.index());
    o.put("from", u.from());
    o.put("to", u.to());
    o.put("bytes", u.bytes());
    if (u.record() == null) {
      o.put("manifest", u.manifest().display());
      results(o.putArray("results"), u.manifest().results());
      return o;
    }
    o.put("record", u.record().display());
    o.put("last", u.last());
    if (u.first()) {
      ManifestVerifier.RecordPartial p = verifier.checkExceptDigest(u.record());
      ObjectNode c = o.putObject("checks");
      results(c.putArray("results"), p.results());
      c.put("hash_at", p.hashAt());
      c.put("report_at", p.reportAt());
      c.put("recorded_hash", p.recordedHash());
      c.put("path_text", p.pathText());
      c.put("sidecar_hash", p.sidecarHash());
      c.put("rows_problem", p.rowsProblem());
      c.put("schema_problem", p.schemaProblem());
      c.put("opened", p.opened());
      c.put("hash_severity", p.hashSeverity() == null ? null : p.hashSeverity().name());
      c.put("report_severity", p.reportSeverity() == null ? null : p.reportSeverity().name());
    }
    if (u.stamp() != null) {
      o.put("path", u.record().file().toString());
      o.put("size", u.stamp().size());
      o.put("mtime_ns", u.stamp().mtimeNanos());
      try {
        FilePart part = Blake3Parts.hash(u.record().file(), u.stamp(), u.from(), u.to(), context);
        ObjectNode result = o.putObject("part");
        part.digest().ifPresent(d -> result.put("digest", d.hex()));
        ArrayNode st = result.putArray("subtrees");
        for (SubtreeCv t : part.subtrees()) {
          ObjectNode n = st.addObject();
          n.put("chunk_offset", t.chunkOffset());
          n.put("chunks", t.chunks());
          n.put("cv", t.cv().hex());
        }
      } catch (ArtifactException e) {
        o.put("error", e.getMessage());
      }
    }
    return o;
  }

  private static void results(ArrayNode a, List<RuleResult> results) {
    results.forEach(r -> a.add(Reports.json(r)));
  }

  static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
