package io.github.artifactio.testkit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.property.PropertyFailedError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Saves the shrunk input of a failed artifact property under {@code target/testkit-failures/<property>/<seed>/}: the
 * table as {@code input.parquet} (default writer options) and {@code case.json} (the property, seed, how to replay,
 * the failure, the writer settings, chunking and thread count, and each column's kind and first values), ready to be
 * promoted to a golden file or a regression test. The base directory is {@code -Dartifact-io.testkit.failures} when
 * set.
 */
public final class FailureArchive {
  /** The system property that moves the base directory. */
  public static final String DIR_PROPERTY = "artifact-io.testkit.failures";
  static final String OLD_DIR_PROPERTY = "artifactio.testkit.failures";

  private FailureArchive() {}

  /** The base directory: {@code -Dartifactio.testkit.failures}, else {@code target/testkit-failures}. */
  public static Path baseDir() {
    String d = TestkitProperty.get(DIR_PROPERTY, OLD_DIR_PROPERTY);
    return Path.of(d == null || d.isBlank() ? "target/testkit-failures" : d);
  }

  /**
   * Saves {@code table} and its description for the failure {@code e}; {@code settings} are extra entries (writer
   * options, chunking, threads). Returns the directory written, or null when even that failed (the property's failure
   * is what matters then).
   */
  public static Path save(PropertyFailedError e, TableCase table, Map<String, String> settings) {
    return save(e, table, settings, Map.of());
  }

  /**
   * As {@link #save(PropertyFailedError, TableCase, Map)}, plus {@code artifacts} (file name to file) copied beside the
   * input: the two artifacts a byte-identity property found different, so both can be inspected or diffed.
   */
  public static Path save(
      PropertyFailedError e, TableCase table, Map<String, String> settings, Map<String, Path> artifacts) {
    Path dir = baseDir().resolve(safe(e.property())).resolve(Long.toString(e.seed()));
    try {
      Files.createDirectories(dir);
      ObjectNode json = describe(e, table, settings);
      ArrayNode kept = json.putArray("artifacts");
      for (Map.Entry<String, Path> a : artifacts.entrySet()) {
        Files.copy(a.getValue(), dir.resolve(a.getKey()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        kept.add(a.getKey());
      }
      try {
        TableWriter.writeTable(dir.resolve("input.parquet"), table.columns());
        json.put("input", "input.parquet");
      } catch (RuntimeException writeFailed) {
        json.put("input", "not written: " + writeFailed);
      }
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(dir.resolve("case.json").toFile(), json);
      return dir;
    } catch (IOException | UncheckedIOException io) {
      return null;
    }
  }

  static ObjectNode describe(PropertyFailedError e, TableCase table, Map<String, String> settings) {
    ObjectMapper m = new ObjectMapper();
    ObjectNode json = m.createObjectNode();
    json.put("property", e.property());
    json.put("seed", e.seed());
    json.put("try", e.tryNumber());
    json.put("replay", "-D" + io.github.artifactio.testkit.property.Property.SEED_PROPERTY + "=" + e.seed());
    json.put("failure", String.valueOf(e.getCause()));
    ObjectNode s = json.putObject("settings");
    settings.forEach(s::put);
    json.put("rows", table.rows());
    ArrayNode cols = json.putArray("columns");
    for (Column c : table.columns()) {
      ObjectNode col = cols.addObject();
      col.put("name", c.name());
      col.put("kind", c.type().name());
      col.put("arrow_type", c.type().arrowName());
      col.put("nullable", c.type().nullable());
      col.put("nulls", c.nullCount());
      ArrayNode values = col.putArray("first_values");
      IntFunction<String> text = TableCase.values(c);
      for (int i = 0; i < Math.min(20, c.length()); i++) {
        values.add(text.apply(i));
      }
    }
    return json;
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "-");
  }
}
