package io.github.artifactio.checks.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.hash.SubtreeCv;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one shard of a job array running {@code hash} reports: its plan (kind, tool version, split size, every file's
 * path, size and modification time, and the plan's id), which shard of how many it ran, and each of its units' result
 * or error. Written as JSON with sorted keys ({@code docs/slurm.md} shows one); {@code merge} reads a set of them
 * back.
 *
 * <p>A unit's {@code result} depends on the plan's kind: for {@code hash}, a part's subtree chaining values (or a
 * one-span file's digest). A unit that failed has an {@code error} instead, the message naming its file.
 *
 * <p>The Slurm shards write it to a file and {@code merge} reads the files; a Spark job sends each unit's result as
 * the JSON of {@link #unitJson} and its driver reads them back with {@link #unitResult}, so that both merge what one
 * format holds.
 *
 * @param name the file the report was read from (empty for one being written)
 */
public record HashPartial(String name, String kind, String planId, String toolVersion, long splitBytes,
    List<PlannedFile> files, ShardSpec shard, List<UnitResult> units) {
  public static final String FORMAT = "artifact-io partial report";
  /**
   * 2: the plan's files are in a file of their own beside the reports ({@link PlanFile}), written once for all the
   * shards of a plan, where 1 repeated them in every shard's report.
   */
  public static final int FORMAT_VERSION = 2;

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  /** A unit of the shard and what became of it: exactly one of {@code part} and {@code error}. */
  public record UnitResult(WorkUnit unit, Optional<FilePart> part, Optional<String> error) {}

  /** Malformed JSON or a missing field: the report's name and what is wrong. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedException(String message) {
      super(message);
    }
  }

  public static HashPartial of(WorkPlan plan, ShardSpec shard, List<UnitResult> units) {
    return new HashPartial("", plan.kind(), plan.id(), plan.toolVersion(), plan.splitBytes(), plan.files(), shard,
        units);
  }

  /**
   * Writes the report to {@code file} whole or not at all (a temporary file beside it, then renamed), and its plan's
   * files beside it unless another shard of the plan wrote them there already.
   */
  public void write(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir); // as validate's: a task may be the first to write
    PlanFile.write(dir, kind, planId, toolVersion, splitBytes, files, shard.index());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, JSON.writer().writeValueAsBytes(sorted(json())));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The report as {@link #write} writes it, without its plan's files. */
  public String toJson() {
    try {
      return JSON.writer().writeValueAsString(sorted(json()));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serialises", e);
    }
  }

  private ObjectNode json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("format_version", FORMAT_VERSION);
    root.put("kind", kind);
    ObjectNode plan = root.putObject("plan");
    plan.put("id", planId);
    plan.put("tool_version", toolVersion);
    plan.put("split_bytes", splitBytes);
    plan.put("files", files.size());
    plan.put("plan_file", PlanFile.name(kind, planId));
    ObjectNode s = root.putObject("shard");
    s.put("index", shard.index());
    s.put("count", shard.count());
    ArrayNode us = root.putArray("units");
    for (UnitResult r : units) {
      us.add(unitNode(r));
    }
    return root;
  }

  /** One unit's result as the report holds it, as a JSON text: what a Spark task sends its driver. */
  public static String unitJson(UnitResult r) {
    try {
      return JSON.writer().writeValueAsString(sorted(unitNode(r)));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serialises", e);
    }
  }

  private static ObjectNode unitNode(UnitResult r) {
    ObjectNode o = JSON.createObjectNode();
    WorkUnit u = r.unit();
    o.put("unit", u.index());
    o.put("path", u.path());
    o.put("axis", u.axis());
    o.put("from", u.from());
    o.put("to", u.to());
    o.put("bytes", u.bytes());
    r.error().ifPresent(e -> o.put("error", e));
    r.part().ifPresent(p -> {
      ObjectNode result = o.putObject("result");
      p.digest().ifPresent(d -> result.put("digest", d.hex()));
      if (!p.subtrees().isEmpty()) {
        ArrayNode st = result.putArray("subtrees");
        for (SubtreeCv t : p.subtrees()) {
          ObjectNode n = st.addObject();
          n.put("chunk_offset", t.chunkOffset());
          n.put("chunks", t.chunks());
          n.put("cv", t.cv().hex());
        }
      }
    });
    return o;
  }

  /** The same tree with every object's keys in order: Jackson sorts maps, not the fields of an ObjectNode. */
  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode out = JSON.createObjectNode();
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      for (String n : names) {
        out.set(n, sorted(node.get(n)));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JSON.createArrayNode();
      node.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node;
  }

  /** Reads a report {@link #write} wrote, and its plan's files beside it; {@code name} is how messages call it. */
  public static HashPartial read(Path file, String name) throws IOException, MalformedException {
    return read(file, name, new Plans());
  }

  /** Plans' files read by a merge, by their plan file, each with the index of its paths: read once for a set. */
  public static final class Plans {
    private final Map<Path, List<PlannedFile>> files = new HashMap<>();
    private final Map<List<PlannedFile>, Map<String, Integer>> indexes = new java.util.IdentityHashMap<>();

    Map<String, Integer> index(List<PlannedFile> of) {
      return indexes.computeIfAbsent(of, HashPartial::index);
    }
  }

  /**
   * Reads a report {@link #write} wrote, its plan's files from {@code plans} where a report of the set read them
   * before (a merge reads 1,000 reports of one plan, and its files once), else from the file beside it.
   */
  public static HashPartial read(Path file, String name, Plans plans) throws IOException, MalformedException {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
    check(root, name);
    String planFile;
    try {
      planFile = need(need(root, "plan"), "plan_file").asText();
    } catch (MalformedException e) {
      throw new MalformedException(name + " " + e.getMessage());
    }
    Path plan = file.toAbsolutePath().getParent().resolve(planFile);
    List<PlannedFile> files = plans.files.get(plan);
    if (files == null) {
      try {
        files = List.copyOf(PlanFile.read(plan, name, "hash"));
      } catch (PlanFile.MalformedException e) {
        throw new MalformedException(e.getMessage());
      }
      plans.files.put(plan, files);
    }
    return of(root, name, files, plans.index(files));
  }

  /**
   * Reads the text {@link #toJson} wrote, of a plan of {@code files}; {@code name} is how messages call it.
   */
  public static HashPartial parse(String json, String name, List<PlannedFile> files) throws MalformedException {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
    check(root, name);
    return of(root, name, files, index(files));
  }

  private static void check(JsonNode root, String name) throws MalformedException {
    if (root == null || !FORMAT.equals(root.path("format").asText()) || root.path("format_version")
        .asInt() != FORMAT_VERSION) {
      throw new MalformedException(name + " is not a partial report of format " + FORMAT_VERSION
          + " (its \"format\" is not \"" + FORMAT + "\")");
    }
  }

  private static HashPartial of(JsonNode root, String name, List<PlannedFile> files, Map<String, Integer> index)
      throws MalformedException {
    try {
      JsonNode plan = need(root, "plan");
      if (need(plan, "files").asInt() != files.size()) {
        throw new MalformedException(name + " names a plan of " + need(plan, "files").asInt() + " files, its plan"
            + " holds " + files.size());
      }
      JsonNode s = need(root, "shard");
      ShardSpec shard = new ShardSpec(need(s, "index").asInt(), need(s, "count").asInt());
      List<UnitResult> units = new ArrayList<>();
      for (JsonNode u : need(root, "units")) {
        units.add(unitResult(u, files, index, name));
      }
      return new HashPartial(name, need(root, "kind").asText(), need(plan, "id").asText(),
          need(plan, "tool_version").asText(), need(plan, "split_bytes").asLong(), files, shard, units);
    } catch (IllegalArgumentException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    } catch (MalformedException e) {
      throw e.getMessage().startsWith("lacks ") ? new MalformedException(name + " " + e.getMessage()) : e;
    }
  }

  /**
   * One unit's result from its JSON ({@link #unitJson}, or an element of a report's {@code units}), read against the
   * plan's files.
   */
  public static UnitResult unitResult(String json, List<PlannedFile> files, String name) throws MalformedException {
    try {
      return unitResult(JSON.readTree(json), files, index(files), name);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    } catch (IllegalArgumentException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    } catch (MalformedException e) {
      throw e.getMessage().startsWith("lacks ") ? new MalformedException(name + " " + e.getMessage()) : e;
    }
  }

  /**
   * Each path's index in the plan's files (the first, as a search would find it): each path's file once, not a search
   * of the plan's files a unit (a shard of a 100,000 files' plan).
   */
  private static Map<String, Integer> index(List<PlannedFile> files) {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < files.size(); i++) {
      index.putIfAbsent(files.get(i).path(), i);
    }
    return index;
  }

  private static UnitResult unitResult(JsonNode u, List<PlannedFile> files, Map<String, Integer> index, String name)
      throws MalformedException {
    int fileIndex = index.getOrDefault(need(u, "path").asText(), -1);
    WorkUnit unit = new WorkUnit(need(u, "unit").asInt(), fileIndex, need(u, "path").asText(), need(u, "axis")
        .asText(), need(u, "from").asLong(), need(u, "to").asLong(), need(u, "bytes").asLong());
    if (u.has("error")) {
      return new UnitResult(unit, Optional.empty(), Optional.of(u.get("error").asText()));
    }
    if (fileIndex < 0) {
      throw new MalformedException(name + ": unit " + unit.index() + " names a file its plan does not hold");
    }
    JsonNode result = need(u, "result");
    PlannedFile pf = files.get(fileIndex);
    List<SubtreeCv> subtrees = new ArrayList<>();
    for (JsonNode t : result.path("subtrees")) {
      subtrees.add(new SubtreeCv(need(t, "chunk_offset").asLong(), need(t, "chunks").asLong(), new ContentHash(need(
          t, "cv").asText())));
    }
    Optional<ContentHash> digest = result.has("digest")
        ? Optional.of(new ContentHash(result.get("digest").asText()))
        : Optional.empty();
    return new UnitResult(unit, Optional.of(new FilePart(Path.of(pf.path()), pf.stamp(), unit.from(), unit.to(),
        subtrees, digest)), Optional.empty());
  }

  private static JsonNode need(JsonNode node, String field) throws MalformedException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new MalformedException("lacks the field \"" + field + "\"");
    }
    return v;
  }
}
