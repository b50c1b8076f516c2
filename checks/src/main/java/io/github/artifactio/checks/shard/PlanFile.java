package io.github.artifactio.checks.shard;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlannedFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The file beside a job array's partial reports that holds their plan's files ({@code <kind>-<plan id>.plan}): written
 * once for every shard of a plan, whichever shard comes first, so that 1,000 reports of a 100,000-file plan do not
 * hold 1,000 copies of its files (13 GB), and read once by a merge. {@code validate} and {@code hash} reports name
 * theirs in their {@code plan}'s {@code plan_file}.
 */
public final class PlanFile {
  /** What its {@code format} field says. */
  public static final String FORMAT = "artifact-io plan";
  public static final int FORMAT_VERSION = 2;

  private static final JsonFactory JSON = new JsonFactory();

  private PlanFile() {}

  /** A plan file that cannot be read as one: the message names it or the report that names it. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedException(String message) {
      super(message);
    }
  }

  /** The name of the plan file of a plan of {@code kind} whose id is {@code planId}. */
  public static String name(String kind, String planId) {
    return kind + "-" + planId + ".plan";
  }

  /**
   * Writes the plan file into {@code dir} unless it is there: shards of one plan write the same bytes, through a file
   * of their own beside it, so whichever moves its copy in last, the file is whole.
   */
  public static void write(Path dir, String kind, String planId, String toolVersion, long splitBytes,
      List<PlannedFile> files, int shard) throws IOException {
    Path plan = dir.resolve(name(kind, planId));
    if (Files.exists(plan)) {
      return;
    }
    Path tmp = dir.resolve(plan.getFileName() + "." + shard + ".tmp");
    try (OutputStream out = Files.newOutputStream(tmp); JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeNumberField("format_version", FORMAT_VERSION);
      g.writeStringField("kind", kind);
      g.writeStringField("id", planId);
      g.writeStringField("tool_version", toolVersion);
      g.writeNumberField("split_bytes", splitBytes);
      g.writeArrayFieldStart("files");
      for (PlannedFile f : files) {
        g.writeStartObject();
        g.writeStringField("path", f.path());
        g.writeNumberField("size", f.stamp().size());
        g.writeNumberField("mtime_ns", f.stamp().mtimeNanos());
        if (!f.rowGroupBytes().isEmpty()) {
          g.writeArrayFieldStart("row_group_bytes");
          for (long b : f.rowGroupBytes()) {
            g.writeNumber(b);
          }
          g.writeEndArray();
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    Files.move(tmp, plan, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Each file of the plan file {@code file}, in order, read one at a time (a plan of 100,000 files is read without its
   * tree); {@code report} names the partial report that names it, {@code kind} its command.
   */
  public static void read(Path file, String report, String kind, Consumer<PlannedFile> each)
      throws IOException, MalformedException {
    if (!Files.isRegularFile(file)) {
      throw new MalformedException(report + " names its plan " + file.getFileName() + ", which is not beside it");
    }
    try (JsonParser p = JSON.createParser(file.toFile())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new MalformedException(file + " is not the plan of a partial report of " + kind);
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if (!field.equals("files")) {
          p.skipChildren();
          continue;
        }
        while (p.nextToken() == JsonToken.START_OBJECT) {
          each.accept(plannedFile(p, report));
        }
      }
    } catch (JsonProcessingException e) {
      throw new MalformedException(file + " is not JSON: " + e.getOriginalMessage());
    }
  }

  /** The plan file's files in a list. */
  public static List<PlannedFile> read(Path file, String report, String kind) throws IOException, MalformedException {
    List<PlannedFile> files = new ArrayList<>();
    read(file, report, kind, files::add);
    return files;
  }

  /** A plan's file, read field by field from a parser at the start of its object. */
  private static PlannedFile plannedFile(JsonParser p, String report) throws IOException, MalformedException {
    String path = null;
    Long size = null;
    Long mtime = null;
    List<Long> groups = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      if (t == JsonToken.VALUE_NULL) {
        continue; // as absent
      }
      switch (field) {
        case "path" -> path = text(p);
        case "size" -> size = p.getValueAsLong();
        case "mtime_ns" -> mtime = p.getValueAsLong();
        case "row_group_bytes" -> {
          if (t == JsonToken.START_ARRAY) {
            while (p.nextToken() != JsonToken.END_ARRAY) {
              groups.add(p.getValueAsLong());
              p.skipChildren();
            }
          } else {
            p.skipChildren();
          }
        }
        default -> p.skipChildren();
      }
    }
    if (path == null) {
      throw new MalformedException(report + " lacks the field \"path\"");
    }
    if (size == null) {
      throw new MalformedException(report + " lacks the field \"size\"");
    }
    if (mtime == null) {
      throw new MalformedException(report + " lacks the field \"mtime_ns\"");
    }
    return new PlannedFile(path, new FileStamp(size, mtime), groups);
  }

  /** A field's value as text, as a tree's {@code asText} gives it: a container's is empty. */
  public static String text(JsonParser p) throws IOException {
    if (p.currentToken().isStructStart()) {
      p.skipChildren();
      return "";
    }
    return p.getText();
  }
}
