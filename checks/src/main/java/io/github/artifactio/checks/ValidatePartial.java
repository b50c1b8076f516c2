package io.github.artifactio.checks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.shard.PlanFile;
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
 * What one shard of a sharded {@code validate} found: the plan it ran (its id; the plan's files, stamps and row
 * groups' bytes are written once beside the partials, {@link #planFileName}), its shard, the configuration it judged
 * by, and each of its units' rule results, with what it read. Written as JSON in the envelope of the other partial
 * reports ({@code format}, {@code kind}, {@code plan}, {@code shard}, {@code units}), so that {@code merge} tells them
 * apart by {@code kind}; which units the shard holds come before their results ({@code results}), so that a merge
 * checks the first without reading the second. A merge reads a partial as a {@link Source}: its head at once, its
 * units one at a time when it reaches them.
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
  /**
   * 2: the plan's files are in a file of their own beside the partials ({@link #planFileName}), written once for all
   * the shards of a plan, where 1 repeated them in every shard's partial.
   */
  public static final int FORMAT_VERSION = 2;
  /** The format of the file that holds a plan's files. */
  public static final String PLAN_FORMAT = PlanFile.FORMAT;
  public static final String KIND = "validate";
  /** Without indentation: a merge reads 1,000 partials twice, and their blanks were a third of their bytes. */
  /**
   * Reads doubles (each result's seconds) with Jackson's fast parser: correctly rounded as {@link Double#parseDouble}
   * is, so the same values, where the JDK's took a third of a merge's parsing on times of 17 digits.
   */
  private static final ObjectMapper JSON = new ObjectMapper(
      JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build());

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

  /**
   * A partial's fields before its units: all a merge reads of it at first. {@code planFile} names the file beside
   * the partial that holds its plan's files, and {@code fileCount} how many it holds.
   */
  public record Head(String name, String planId, String toolVersion, long splitBytes, int fileCount, String planFile,
      ShardSpec shard, String directory, JsonNode configuration, List<String> invocation, List<String> warnings,
      Reads reads) {}

  /** Takes a unit read from a partial. */
  @FunctionalInterface
  public interface UnitSink {
    void accept(Unit unit) throws IOException;
  }

  /**
   * A partial as a merge reads it: its head at once, its plan's files and its units when the merge reaches them, the
   * units one at a time, so that a merge of many partials holds one partial's unit at a time, not every one's.
   */
  public interface Source {
    Head head();

    /** The files of the plan the partial names. */
    List<PlannedFile> files() throws IOException, MalformedException;

    /** Each file of the plan the partial names, in order, without holding them all. */
    default void files(java.util.function.Consumer<PlannedFile> each) throws IOException, MalformedException {
      files().forEach(each);
    }

    /** Each of the partial's units, in its order. */
    void units(UnitSink each) throws IOException, MalformedException;

    /** Which units the partial holds, in its order, without their results (what a merge checks before it reads them). */
    List<WorkUnit> claimed() throws IOException, MalformedException;
  }

  /** This partial, held whole, as a merge reads one. */
  public Source source() {
    Head head = new Head(name, planId, toolVersion, splitBytes, files.size(), planFileName(planId), shard, directory,
        configuration, invocation, warnings, reads);
    return new Source() {
      @Override
      public Head head() {
        return head;
      }

      @Override
      public List<PlannedFile> files() {
        return files;
      }

      @Override
      public void units(UnitSink each) throws IOException {
        for (Unit u : units) {
          each.accept(u);
        }
      }

      @Override
      public List<WorkUnit> claimed() {
        return units.stream().map(Unit::unit).toList();
      }
    };
  }

  /**
   * The partial in {@code file} as a merge reads it: its head now, its plan (the file beside it that its head names)
   * and its units when asked, from the file again.
   */
  public static Source source(Path file, String name) throws IOException, MalformedException {
    Head head = head(file, name);
    return new Source() {
      @Override
      public Head head() {
        return head;
      }

      @Override
      public List<PlannedFile> files() throws IOException, MalformedException {
        List<PlannedFile> files = new ArrayList<>();
        readPlan(planFile(file, head), name, files::add);
        return files;
      }

      @Override
      public void files(java.util.function.Consumer<PlannedFile> each) throws IOException, MalformedException {
        readPlan(planFile(file, head), name, each);
      }

      @Override
      public void units(UnitSink each) throws IOException, MalformedException {
        try (JsonParser p = JSON.createParser(file.toFile())) {
          List<WorkUnit> units = new ArrayList<>();
          List<String> shown = new ArrayList<>();
          for (Descriptor d : descriptors(p, name)) {
            units.add(d.unit());
            shown.add(d.file());
          }
          if (p.nextToken() != JsonToken.FIELD_NAME || !p.currentName().equals("results")
              || p.nextToken() != JsonToken.START_ARRAY) {
            throw new MalformedException(name + " lacks the field \"results\" after its units");
          }
          for (int k = 0; k < units.size(); k++) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
              throw new MalformedException(name + " holds results of " + k + " units, not of its " + units.size());
            }
            each.accept(unit(p, name, units.get(k), shown.get(k)));
          }
        } catch (JsonProcessingException e) {
          throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
        }
      }

      @Override
      public List<WorkUnit> claimed() throws IOException, MalformedException {
        // the units come before their results: what a shard claims is read without its results
        try (JsonParser p = JSON.createParser(file.toFile())) {
          List<WorkUnit> out = new ArrayList<>();
          for (Descriptor d : descriptors(p, name)) {
            out.add(d.unit());
          }
          return out;
        } catch (JsonProcessingException e) {
          throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
        }
      }
    };
  }

  /**
   * The name of the file beside a partial that holds its plan's files: one file for every shard of a plan, whichever
   * shard wrote it, so that a merge reads the plan once and not once a shard.
   */
  public static String planFileName(String planId) {
    return PlanFile.name(KIND, planId);
  }

  private static Path planFile(Path partial, Head head) {
    Path dir = partial.toAbsolutePath().getParent();
    return dir.resolve(head.planFile());
  }

  /**
   * Writes the partial to {@code file} (whole or not at all: through a file beside it), and its plan's files beside
   * it unless another shard of the plan wrote them there already.
   */
  public void write(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    PlanFile.write(dir, KIND, planId, toolVersion, splitBytes, files, shard.index());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, JSON.writeValueAsBytes(json()));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The partial as {@link #write} writes it, without its plan's files: what a Spark task sends its driver. */
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
    plan.put("files", files.size());
    plan.put("plan_file", planFileName(planId));
    root.putObject("shard").put("index", shard.index()).put("count", shard.count());
    root.put("directory", directory);
    root.set("configuration", configuration);
    ArrayNode inv = root.putArray("invocation");
    invocation.forEach(inv::add);
    ArrayNode warns = root.putArray("warnings");
    warnings.forEach(warns::add);
    root.putObject("reads").put("files_opened", reads.filesOpened()).put("bytes_read", reads.bytesRead())
        .put("bytes_hashed", reads.bytesHashed());
    // which units the shard holds first, then their results in the same order: a merge checks the first without
    // reading the second
    ArrayNode us = root.putArray("units");
    ArrayNode rs = root.putArray("results");
    for (Unit u : units) {
      WorkUnit w = u.unit();
      us.addObject().put("unit", w.index()).put("file_index", w.file()).put("path", w.path()).put("axis", w.axis())
          .put("from", w.from()).put("to", w.to()).put("bytes", w.bytes()).put("file", u.file());
      ObjectNode o = rs.addObject();
      o.put("unit", w.index());
      ArrayNode results = o.putArray("results");
      for (RuleResult r : u.results()) {
        ObjectNode n = results.addObject();
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

  /** Reads a partial {@link #write} wrote, and its plan's files beside it; {@code name} is how messages call it. */
  public static ValidatePartial read(Path file, String name) throws IOException, MalformedException {
    Source s = source(file, name);
    List<Unit> units = new ArrayList<>();
    s.units(units::add);
    return of(s.head(), s.files(), units);
  }

  /** Reads the text {@link #toJson} wrote, of a plan of {@code files}; {@code name} is how messages call it. */
  public static ValidatePartial parse(String json, String name, List<PlannedFile> files) throws MalformedException {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
    Head head = head(root, name);
    List<Unit> units = new ArrayList<>();
    JsonNode us = need(name, root, "units");
    JsonNode rs = need(name, root, "results");
    if (us.size() != rs.size()) {
      throw new MalformedException(name + " holds results of " + rs.size() + " units, not of its " + us.size());
    }
    for (int k = 0; k < us.size(); k++) {
      units.add(unit(us.get(k), rs.get(k), name));
    }
    return of(head, files, units);
  }

  private static ValidatePartial of(Head h, List<PlannedFile> files, List<Unit> units) throws MalformedException {
    if (files.size() != h.fileCount()) {
      throw new MalformedException(h.name() + " names a plan of " + h.fileCount() + " files, its plan holds "
          + files.size());
    }
    return new ValidatePartial(h.name(), h.planId(), h.toolVersion(), h.splitBytes(), files, h.shard(), h.directory(),
        h.configuration(), h.invocation(), h.warnings(), units, h.reads());
  }

  /** The head of the partial in {@code file}, read without its units (which come last). */
  static Head head(Path file, String name) throws IOException, MalformedException {
    ObjectNode root = JSON.createObjectNode();
    try (JsonParser p = JSON.createParser(file.toFile())) {
      if (p.nextToken() == JsonToken.START_OBJECT) {
        while (p.nextToken() == JsonToken.FIELD_NAME && !p.currentName().equals("units")) {
          String field = p.currentName();
          p.nextToken();
          root.set(field, p.readValueAsTree());
        }
      }
    } catch (JsonProcessingException e) {
      throw new MalformedException(name + " is not JSON: " + e.getOriginalMessage());
    }
    return head(root, name);
  }

  /** A unit as a partial lists it: the plan's unit and the file's name in reports. */
  private record Descriptor(WorkUnit unit, String file) {}

  /**
   * The units a partial holds, without their results, leaving {@code p} before the results: read field by field, not
   * as trees (a merge reads the 100,000 units of a plan twice).
   */
  private static List<Descriptor> descriptors(JsonParser p, String name) throws IOException, MalformedException {
    toUnits(p, name);
    if (p.nextToken() != JsonToken.START_ARRAY) {
      throw new MalformedException(name + ": \"units\" is not a list");
    }
    List<Descriptor> out = new ArrayList<>();
    while (p.nextToken() == JsonToken.START_OBJECT) {
      out.add(descriptor(p, name));
    }
    if (p.currentToken() != JsonToken.END_ARRAY) {
      throw new MalformedException(name + ": \"units\" holds " + p.currentToken() + " where a unit belongs");
    }
    return out;
  }

  private static final String[] DESCRIPTOR_FIELDS = {"unit", "file_index", "path", "axis", "from", "to", "bytes",
    "file"};

  /**
   * One unit as a partial lists it, from a parser at the start of its object; a method of its own, called once a
   * unit, so that C2 compiles it once, small, instead of compiling the loop over a partial's units again and again
   * on the stack (a merge's compilations took more of its processors than its parsing did).
   */
  private static Descriptor descriptor(JsonParser p, String name) throws IOException, MalformedException {
    // unit, file_index, path, axis, from, to, bytes, file: bit i of seen for DESCRIPTOR_FIELDS[i]
    int seen = 0;
    long[] number = new long[DESCRIPTOR_FIELDS.length];
    String[] text = new String[DESCRIPTOR_FIELDS.length];
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      if (t == JsonToken.VALUE_NULL) {
        continue; // as absent
      }
      int i = switch (field) {
        case "unit" -> 0;
        case "file_index" -> 1;
        case "path" -> 2;
        case "axis" -> 3;
        case "from" -> 4;
        case "to" -> 5;
        case "bytes" -> 6;
        case "file" -> 7;
        default -> -1;
      };
      if (i < 0) {
        p.skipChildren();
      } else if (i == 2 || i == 3 || i == 7) {
        text[i] = PlanFile.text(p);
      } else {
        number[i] = i < 2 ? p.getValueAsInt() : p.getValueAsLong();
      }
      seen |= i < 0 ? 0 : 1 << i;
    }
    for (int i = 0; i < DESCRIPTOR_FIELDS.length; i++) {
      if ((seen & (1 << i)) == 0) {
        throw new MalformedException(name + " lacks the field \"" + DESCRIPTOR_FIELDS[i] + "\"");
      }
    }
    return new Descriptor(new WorkUnit((int) number[0], (int) number[1], text[2], text[3], number[4], number[5],
        number[6]), text[7]);
  }

  /** Moves {@code p} to the value of the top-level field {@code units}. */
  private static void toUnits(JsonParser p, String name) throws IOException, MalformedException {
    if (p.nextToken() == JsonToken.START_OBJECT) {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        if (p.currentName().equals("units")) {
          return;
        }
        p.nextToken();
        p.skipChildren();
      }
    }
    throw new MalformedException(name + " lacks the field \"units\"");
  }

  private static Head head(JsonNode root, String name) throws MalformedException {
    if (root == null || !FORMAT.equals(root.path("format").asText())
        || root.path("format_version").asInt() != FORMAT_VERSION || !KIND.equals(root.path("kind").asText())) {
      throw new MalformedException(name + " is not a partial report of validate, format " + FORMAT_VERSION);
    }
    try {
      JsonNode plan = need(name, root, "plan");
      JsonNode s = need(name, root, "shard");
      ShardSpec shard = new ShardSpec(need(name, s, "index").asInt(), need(name, s, "count").asInt());
      List<String> invocation = new ArrayList<>();
      need(name, root, "invocation").forEach(a -> invocation.add(a.asText()));
      List<String> warnings = new ArrayList<>();
      need(name, root, "warnings").forEach(a -> warnings.add(a.asText()));
      JsonNode r = need(name, root, "reads");
      Reads reads = new Reads(need(name, r, "files_opened").asLong(), need(name, r, "bytes_read").asLong(),
          need(name, r, "bytes_hashed").asLong());
      return new Head(name, need(name, plan, "id").asText(), need(name, plan, "tool_version").asText(),
          need(name, plan, "split_bytes").asLong(), need(name, plan, "files").asInt(),
          need(name, plan, "plan_file").asText(), shard, need(name, root, "directory").asText(),
          need(name, root, "configuration"), invocation, warnings, reads);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    }
  }

  private static Unit unit(JsonNode u, JsonNode r, String name) throws MalformedException {
    try {
      WorkUnit unit = workUnit(u, name);
      String shown = need(name, u, "file").asText();
      List<RuleResult> results = new ArrayList<>();
      for (JsonNode x : need(name, r, "results")) {
        results.add(Reports.result(x, shown).withSeconds(x.path("seconds").asDouble()));
      }
      return new Unit(unit, shown, results, parts(r.path("parts"), shown, name));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    }
  }

  private static List<RulePart> parts(JsonNode parts, String shown, String name) throws MalformedException {
    List<RulePart> out = new ArrayList<>();
    for (JsonNode x : parts) {
      JsonNode result = x.get("result");
      JsonNode state = x.get("state");
      out.add(new RulePart(need(name, x, "rule").asText(),
          result == null ? null : Reports.result(result, shown), state, x.path("seconds").asDouble()));
    }
    return out;
  }

  /**
   * The results of {@code unit} as {@link #unit(JsonNode, JsonNode, String)} reads them, from a parser at the start
   * of their object, without a tree; leaves the parser at the object's end.
   */
  private static Unit unit(JsonParser p, String name, WorkUnit unit, String shown)
      throws IOException, MalformedException {
    List<RuleResult> results = null;
    JsonNode parts = null;
    try {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        if (field.equals("results") && t == JsonToken.START_ARRAY) {
          results = new ArrayList<>();
          while (p.nextToken() == JsonToken.START_OBJECT) {
            results.add(Reports.result(p, shown));
          }
        } else if (field.equals("parts")) {
          parts = p.readValueAsTree();
        } else if (field.equals("unit") && p.getValueAsInt() != unit.index()) {
          throw new MalformedException(name + " holds the results of unit " + p.getValueAsInt() + " where those of"
              + " unit " + unit.index() + " belong");
        } else {
          p.skipChildren();
        }
      }
      if (results == null) {
        throw new MalformedException(name + " lacks the field \"results\" of unit " + unit.index());
      }
      return new Unit(unit, shown, results, parts == null ? List.of() : parts(parts, shown, name));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new MalformedException(name + " holds a malformed value: " + e.getMessage());
    }
  }

  private static WorkUnit workUnit(JsonNode u, String name) throws MalformedException {
    return new WorkUnit(need(name, u, "unit").asInt(), need(name, u, "file_index").asInt(),
        need(name, u, "path").asText(), need(name, u, "axis").asText(), need(name, u, "from").asLong(),
        need(name, u, "to").asLong(), need(name, u, "bytes").asLong());
  }

  /** The files of a plan {@link #write} wrote beside a partial; {@code name} is the partial's. */
  private static void readPlan(Path file, String name, java.util.function.Consumer<PlannedFile> files)
      throws IOException, MalformedException {
    try {
      PlanFile.read(file, name, KIND, files);
    } catch (PlanFile.MalformedException e) {
      throw new MalformedException(e.getMessage());
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
