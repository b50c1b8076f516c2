package io.github.artifactio.checks.shard;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestVerifier;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.hash.SubtreeCv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The merge of {@code verify-manifest} shards: what makes a set of partial reports refused (a missing or duplicated
 * shard, reports of different plans, naming what differs: {@link #refusals}), the command line the shards ran with
 * ({@link #invocation}), and verify-manifest's goal with its outcome taken from the partial reports instead of the
 * files ({@link #goal}), so that a front end running that goal with that command line logs, reports and decides as
 * the unsharded run.
 *
 * <p>Memory: the reports are read one at a time, in shard order, and their units streamed; what is held is the
 * results the reports list, the files' names, and the parts of the one record whose units are not all read yet.
 */
public final class ManifestMerge {
  private ManifestMerge() {}

  /** What a partial report says of itself, without its units. */
  public record Header(Path file, String name, String kind, String planId, String toolVersion, long splitBytes,
      long units, JsonNode manifests, JsonNode options, JsonNode params, int index, int count, long firstUnit,
      long lastUnit) {}

  /** A partial report to read when the merge reaches it: a file, or a text held in memory. */
  @FunctionalInterface
  public interface Source {
    /** The report's JSON tree. */
    JsonNode read() throws IOException;
  }

  /** The headers of the reports in {@code inputs}, each read without its units. */
  public static List<Header> headers(List<Path> inputs) throws IOException {
    List<Header> headers = new ArrayList<>();
    for (Path p : inputs) {
      headers.add(header(p, p.toString(), head(p)));
    }
    return headers;
  }

  /** The header of a report's head ({@link #head}) or whole tree; {@code file} may be null for one in memory. */
  public static Header header(Path file, String name, JsonNode root) {
    JsonNode plan = root.path("plan");
    JsonNode shard = root.path("shard");
    return new Header(file, name, root.path("kind").asText(), plan.path("id").asText(), plan.path("tool_version")
        .asText(), plan.path("split_bytes").asLong(), plan.path("units").asLong(), plan.path("manifests"),
        plan.path(
            "options"),
        plan.path("params"), shard.path("index").asInt(), shard.path("count").asInt(), shard.path(
            "first_unit").asLong(-1),
        shard.path("last_unit").asLong(-1));
  }

  /** The headers in shard order: the order of their units in the plan. */
  public static List<Header> ordered(List<Header> headers) {
    return headers.stream().sorted(Comparator.comparingInt(Header::index)).toList();
  }

  /** The command line (options, then parameters) the shards ran with, to run the merge's goal the same way. */
  public static List<String> invocation(List<Header> headers) {
    Header first = ordered(headers).get(0);
    List<String> args = new ArrayList<>();
    first.options().fields().forEachRemaining(e -> {
      if (e.getValue().isEmpty()) {
        args.add(e.getKey());
      }
      e.getValue().forEach(v -> {
        args.add(e.getKey());
        args.add(v.asText());
      });
    });
    first.params().forEach(p -> args.add(p.asText()));
    return args;
  }

  /** The reports in these files, each read when the merge reaches it. */
  public static List<Source> files(List<Path> reports) {
    return reports.stream().<Source>map(p -> () -> ManifestShards.JSON.readTree(p.toFile())).toList();
  }

  /** verify-manifest's goal with its outcome read from {@code reports}, in shard order (check the refusals first). */
  public static Goal goal(Goal goal, List<Source> reports) {
    return new Merged(goal, reports);
  }

  /**
   * A partial report's fields before its units, read without reading the units (they come last in what
   * {@link ManifestShards} writes): the first pass over a set of reports reads only these.
   */
  public static JsonNode head(Path report) throws IOException {
    ObjectNode out = ManifestShards.JSON.createObjectNode();
    try (JsonParser p = ManifestShards.JSON.createParser(report.toFile())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return out;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        if (name.equals("units")) {
          break;
        }
        p.nextToken();
        out.set(name, p.readValueAsTree());
      }
    }
    return out;
  }

  /** Why the set cannot be merged: different plans first (then nothing else is said), else shards missing or twice. */
  public static List<String> refusals(List<Header> headers) {
    Header a = headers.get(0);
    for (Header b : headers) {
      String differs = difference(a, b);
      if (differs != null) {
        return List.of("partial reports of different plans: " + differs);
      }
    }
    List<String> out = new ArrayList<>();
    Header[] byShard = new Header[a.count()];
    for (Header h : headers) {
      if (byShard[h.index()] != null) {
        out.add("shard " + h.index() + "/" + h.count() + " is in two partial reports: " + byShard[h.index()].name()
            + " and " + h.name());
      } else {
        byShard[h.index()] = h;
      }
    }
    for (int s = 0; s < a.count(); s++) {
      if (byShard[s] != null) {
        continue;
      }
      // the units of the shards present before and after bound the units no partial report holds
      long lo = 0;
      for (int b = s - 1; b >= 0; b--) {
        if (byShard[b] != null && byShard[b].lastUnit() >= 0) {
          lo = byShard[b].lastUnit() + 1;
          break;
        }
      }
      long hi = a.units() - 1;
      for (int n = s + 1; n < a.count(); n++) {
        if (byShard[n] != null && byShard[n].firstUnit() >= 0) {
          hi = byShard[n].firstUnit() - 1;
          break;
        }
      }
      out.add("shard " + s + "/" + a.count() + " is missing; " + (lo > hi ? "no unit is missing with it"
          : "units " + lo + " to " + hi + " of " + a.units() + " are in no partial report"));
    }
    return out;
  }

  private static String difference(Header a, Header b) {
    String names = a.name() + " and " + b.name();
    if (!a.kind().equals(b.kind())) {
      return names + " are of the commands " + a.kind() + " and " + b.kind();
    }
    if (!a.toolVersion().equals(b.toolVersion())) {
      return names + " were written by versions " + a.toolVersion() + " and " + b.toolVersion();
    }
    if (a.splitBytes() != b.splitBytes()) {
      return names + " split files at " + a.splitBytes() + " and " + b.splitBytes() + " bytes";
    }
    if (a.count() != b.count()) {
      return names + " are shards of " + a.count() + " and of " + b.count();
    }
    if (!a.options().equals(b.options()) || !a.params().equals(b.params())) {
      return names + " ran with other command lines: " + a.options() + " " + a.params() + " and " + b.options() + " "
          + b.params();
    }
    if (!a.manifests().equals(b.manifests())) {
      for (int i = 0; i < Math.max(a.manifests().size(), b.manifests().size()); i++) {
        String x = a.manifests().path(i).asText("none");
        String y = b.manifests().path(i).asText("none");
        if (!x.equals(y)) {
          return names + " saw the manifests differently (path, size, modification time): " + x + " and " + y;
        }
      }
    }
    if (!a.planId().equals(b.planId())) {
      return names + " name plans " + a.planId() + " and " + b.planId() + " (a record's file changed between them)";
    }
    return null;
  }

  /** verify-manifest's goal with its outcome read from the partial reports. */
  private static final class Merged implements Goal {
    private final Goal goal;
    private final List<Source> reports;

    Merged(Goal goal, List<Source> reports) {
      this.goal = goal;
      this.reports = reports;
    }

    @Override
    public String name() {
      return goal.name();
    }

    @Override
    public String defaultIncludes() {
      return goal.defaultIncludes();
    }

    @Override
    public List<String> ruleIds() {
      return goal.ruleIds();
    }

    @Override
    public boolean configured() {
      return goal.configured();
    }

    @Override
    public void describe(ObjectNode configuration) {
      goal.describe(configuration);
    }

    @Override
    public Outcome check(Path root, List<Path> files, GateOptions options, EngineContext context, ResultCache cache) {
      Stream s = new Stream();
      for (Source p : reports) {
        try {
          // one report at a time: its tree is dropped before the next is read
          for (JsonNode u : p.read().path("units")) {
            s.unit(u);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return new Outcome(name(), s.files, s.results, 0, s.opened, s.hashed, s.hashed);
    }
  }

  /** The units in plan order, and the one record whose last unit is still to come. */
  private static final class Stream {
    final List<String> files = new ArrayList<>();
    final List<RuleResult> results = new ArrayList<>();
    long opened;
    long hashed;
    private ManifestVerifier.RecordPartial partial;
    private final List<FilePart> parts = new ArrayList<>();
    private String error;

    void unit(JsonNode u) {
      if (u.has("manifest")) {
        String display = u.get("manifest").asText();
        files.add(display);
        u.path("results").forEach(r -> results.add(Reports.result(r, display)));
        return;
      }
      String display = u.get("record").asText();
      JsonNode c = u.get("checks");
      if (c != null) {
        files.add(display);
        List<RuleResult> rs = new ArrayList<>();
        c.path("results").forEach(r -> rs.add(Reports.result(r, display)));
        partial = new ManifestVerifier.RecordPartial(display, rs, c.get("hash_at").asInt(), c.get("report_at")
            .asInt(), ManifestShards.text(c, "recorded_hash"), ManifestShards.text(c, "path_text"),
            ManifestShards.text(c, "sidecar_hash"), ManifestShards.text(c, "rows_problem"),
            ManifestShards.text(c, "schema_problem"), c.get("opened").asLong(), severity(c, "hash_severity"),
            severity(c, "report_severity"));
        parts.clear();
        error = null;
      }
      boolean hashedHere = u.has("path");
      if (u.has("error")) {
        error = error != null ? error : u.get("error").asText();
      } else if (hashedHere) {
        FileStamp stamp = new FileStamp(u.get("size").asLong(), u.get("mtime_ns").asLong());
        JsonNode part = u.get("part");
        List<SubtreeCv> subtrees = new ArrayList<>();
        part.path("subtrees").forEach(t -> subtrees.add(new SubtreeCv(t.get("chunk_offset").asLong(), t.get("chunks")
            .asLong(), new ContentHash(t.get("cv").asText()))));
        Optional<ContentHash> digest = part.has("digest") ? Optional.of(new ContentHash(part.get("digest").asText()))
            : Optional.empty();
        parts.add(new FilePart(Path.of(u.get("path").asText()), stamp, u.get("from").asLong(), u.get("to").asLong(),
            subtrees, digest));
      }
      if (!u.path("last").asBoolean()) {
        return;
      }
      String digest = null;
      if (hashedHere && error == null) {
        try {
          digest = Blake3Parts.merge(parts.get(0).file(), parts).hex();
        } catch (ArtifactException e) {
          error = e.getMessage();
        }
      }
      if (hashedHere) {
        // as the unsharded run counts it: the file opened once and read whole to hash it
        opened++;
        hashed += u.get("size").asLong();
      }
      opened += partial.opened();
      results.addAll(ManifestVerifier.finish(partial, digest, error));
      partial = null;
      parts.clear();
    }

    private static Severity severity(JsonNode c, String field) {
      String s = ManifestShards.text(c, field);
      return s == null ? null : Severity.valueOf(s);
    }
  }
}
