package io.github.artifactio.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one shard of a sharded {@code validate} found: the plan it ran (files, stamps, id), its shard, the
 * configuration it judged by, and each of its units' rule results, with what it read. Written as JSON in the
 * envelope of the other partial reports ({@code format}, {@code kind}, {@code plan}, {@code shard}, {@code units}), so
 * that {@code merge} tells them apart by {@code kind}.
 *
 * @param name how messages call this partial (its file)
 * @param splitBytes the plan's split size: a file past it is cut into ranges of row groups
 * @param directory the folder reports name files relative to
 * @param configuration the configuration in force, as {@code validation.json} records it
 * @param invocation how the front end that ran the shard rebuilds its options (for the CLI: its arguments)
 * @param warnings what selecting the run's files warned of, which the merge says as the unsharded run would
 */
public record ValidatePartial(String name, String planId, String toolVersion, long splitBytes, List<PlannedFile> files,
    ShardSpec shard,
    String directory, JsonNode configuration, List<String> invocation, List<String> warnings, List<Unit> units,
    Reads reads) {
  /** The format the partial reports of every command share. */
  public static final String FORMAT = "artifact-io partial report";
  public static final int FORMAT_VERSION = 1;
  public static final String KIND = "validate";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One unit's results: a whole file's, or a range of row groups' rule parts ({@link RulePart}), which the merge joins
   * with the other ranges of the file; a range of a file that changed while it was checked has results instead (the
   * finding that says so).
   *
   * @param file the file as reports name it
   */
  public record Unit(WorkUnit unit, String file, List<RuleResult> results, List<RulePart> parts) {
    public Unit {
      results = List.copyOf(results);
      parts = List.copyOf(parts);
    }

    public Unit(WorkUnit unit, String file, List<RuleResult> results) {
      this(unit, file, results, List.of());
    }
  }

  /** What a shard read, to be added into the merged summary. */
  public record Reads(long filesOpened, long bytesRead, long bytesHashed) {}

  /** A partial report that cannot be read as one, naming the file and what is wrong. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedException(String message) {
      super(message);
    }
  }

  public ValidatePartial {
    files = List.copyOf(files);
    invocation = List.copyOf(invocation);
    warnings = List.copyOf(warnings);
    units = List.copyOf(units);
    Objects.requireNonNull(configuration, "configuration");
  }

  /** Writes the partial to {@code file} (whole or not at all: through a file beside it). */
  public void write(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, JSON.writeValueAsBytes(json()));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The partial as {@link #write} writes it: what a Spark task sends its driver. */
  public String toJson() {
    try {
      return JSON.writeValueAsString(json());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serialises", e);
    }
  }

  private ObjectNode json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("format_version", FORMAT_VERSION);
    root.put("kind", KIND);
    ObjectNode plan = root.putObject("plan");
    plan.put("id", planId);
    plan.put("tool_version", toolVersion);
    plan.put("split_bytes", splitBytes);
    ArrayNode fs = plan.putArray("files");
    for (PlannedFile f : files) {
      ObjectNode n = fs.addObject().put("path", f.path()).put("size", f.stamp().size())
          .put("mtime_ns", f.stamp().mtimeNanos());
      if (!f.rowGroupBytes().isEmpty()) {
        ArrayNode groups = n.putArray("row_group_bytes");
        f.rowGroupBytes().forEach(groups::add);
      }
    }
    root.putObject("shard").put("index", shard.index()).put("count", shard.count());
    root.put("directory", directory);
    root.set("configuration", configuration);
    ArrayNode inv = root.putArray("invocation");
    invocation.forEach(inv::add);
    ArrayNode warns = root.putArray("warnings");
    warnings.forEach(warns::add);
    root.putObject("reads").put("files_opened", reads.filesOpened()).put("bytes_read", reads.bytesRead())
        .put("bytes_hashed", reads.bytesHashed());
    ArrayNode us = root.putArray("units");
    for (Unit u : units) {
      ObjectNode o = us.addObject();
      WorkUnit w = u.unit();
      o.put("unit", w.index()).put("path", w.path()).put("axis", w.axis()).put("from", w.from()).put("to", w.to())
          .put("bytes", w.bytes()).put("file", u.file());
      ArrayNode rs = o.putArray("results");
      for (RuleResult r : u.results()) {
        ObjectNode n = rs.addObject();
        n.setAll(Reports.json(r));
        n.put("seconds", r.seconds());
      }
      if (!u.parts().isEmpty()) {
        ArrayNode ps = o.putArray("parts");
        for (RulePart p : u.parts()) {
          ObjectNode n = ps.addObject().put("rule", p.rule()).put("seconds", p.seconds());
          if (p.result() != null) {
            n.set("result", Reports.json(p.result()));
          }
          if (p.state() != null) {
            n.set("state", p.state());
          }
        }
      }
    }
    return root;
  }

  /** The {@code kind} of a partial report of any command, or null when {@code file} is not one. */
  public static String kindOf(Path file) throws IOException {
    try {
      JsonNode root = JSON.readTree(file.toFile());
      return root != null && FORMAT.equals(root.path("format").asText()) ? root.path("kind").asText(null) : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /** Reads a partial {@link #write} wrote; {@code name} is how messages call it. */
  public static ValidatePartial read(Path file, String name) throws IOException, MalformedException {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
    return of(root, name);
  }

  /** Reads the text {@link #toJson} wrote; {@code name} is how messages call it. */
  public static ValidatePartial parse(String json, String name) throws MalformedException {
    try {
      return of(JSON.readTree(json), name);
    } catch (JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
  }

  private static ValidatePartial of(JsonNode root, String name) throws MalformedException {
    if (root == null || !FORMAT.equals(root.path("format").asText())
        || root.path("format_version").asInt() != FORMAT_VERSION || !KIND.equals(root.path("kind").asText())) {
      throw new MalformedException(name + " is not a partial report of validate, format " + FORMAT_VERSION);
    }
    try {
      JsonNode plan = need(name, root, "plan");
      List<PlannedFile> files = new ArrayList<>();
      for (JsonNode f : need(name, plan, "files")) {
        List<Long> groups = new ArrayList<>();
        f.path("row_group_bytes").forEach(g -> groups.add(g.asLong()));
        files.add(new PlannedFile(need(name, f, "path").asText(),
            new FileStamp(need(name, f, "size").asLong(), need(name, f, "mtime_ns").asLong()), groups));
      }
      JsonNode s = need(name, root, "shard");
      ShardSpec shard = new ShardSpec(need(name, s, "index").asInt(), need(name, s, "count").asInt());
      List<String> invocation = new ArrayList<>();
      need(name, root, "invocation").forEach(a -> invocation.add(a.asText()));
      List<String> warnings = new ArrayList<>();
      need(name, root, "warnings").forEach(a -> warnings.add(a.asText()));
      JsonNode r = need(name, root, "reads");
      Reads reads = new Reads(need(name, r, "files_opened").asLong(), need(name, r, "bytes_read").asLong(),
          need(name, r, "bytes_hashed").asLong());
      List<Unit> units = new ArrayList<>();
      for (JsonNode u : need(name, root, "units")) {
        String path = need(name, u, "path").asText();
        int fileIndex = files.stream().map(PlannedFile::path).toList().indexOf(path);
        if (fileIndex < 0) {
          throw new MalformedException(name + ": unit " + u.path("unit").asInt() + " names a file its plan does not"
              + " hold: " + path);
        }
        WorkUnit unit = new WorkUnit(need(name, u, "unit").asInt(), fileIndex, path, need(name, u, "axis").asText(),
            need(name, u, "from").asLong(), need(name, u, "to").asLong(), need(name, u, "bytes").asLong());
        String shown = need(name, u, "file").asText();
        List<RuleResult> results = new ArrayList<>();
        for (JsonNode x : need(name, u, "results")) {
          results.add(Reports.result(x, shown).withSeconds(x.path("seconds").asDouble()));
        }
        List<RulePart> parts = new ArrayList<>();
        for (JsonNode x : u.path("parts")) {
          JsonNode result = x.get("result");
          JsonNode state = x.get("state");
          parts.add(new RulePart(need(name, x, "rule").asText(),
              result == null ? null : Reports.result(result, shown), state, x.path("seconds").asDouble()));
        }
        units.add(new Unit(unit, shown, results, parts));
      }
      return new ValidatePartial(name, need(name, plan, "id").asText(), need(name, plan, "tool_version").asText(),
          need(name, plan, "split_bytes").asLong(), files, shard, need(name, root, "directory").asText(),
          need(name, root, "configuration"), invocation,
          warnings, units, reads);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    }
  }

  private static JsonNode need(String name, JsonNode node, String field) throws MalformedException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new MalformedException(name + " lacks the field \"" + field + "\"");
    }
    return v;
  }
}
