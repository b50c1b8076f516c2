package io.github.artifactio.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Written;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The work a launcher's first run does after the user's command, so that the class-data sharing archive it writes
 * at exit ({@code -XX:ArchiveClassesAtExit}, see the launcher script) holds the classes of every command, not only
 * of the one that happened to run first: each command runs once, on a small artifact with its report and a
 * manifest written into a temporary folder that is deleted afterwards, its output discarded.
 *
 * <p>Why: an archive maps the classes a run loaded instead of loading them from the jar again. Made by a first {@code
 * validate}, it held none of {@code concat}'s splicing classes, and a {@code concat} of two 151 MB files took some
 * 0.2 s longer (of about 1 s) than with an archive its own first run had made. The training costs the first run
 * about a second (a first {@code validate} of a small file took 1.41 s against 0.57 s in the start-up benchmark);
 * later runs of any command start as if each had run first ({@code concat} of two small files 0.68x the time).
 *
 * <p>Only the launcher asks for it ({@value #PROPERTY}), and only on the run that writes the archive. Nothing of it
 * reaches the user: its output goes nowhere, a failure is swallowed (the archive then holds what was loaded until
 * then), and the command's exit code is the user's command's.
 */
final class ArchiveTraining {
  /** Set by the launcher on the run that writes the archive. */
  static final String PROPERTY = "artifact-io.archive-training";

  private ArchiveTraining() {}

  /** Runs the training when the launcher asked for it; never throws. */
  static void runIfAsked() {
    if (!Boolean.getBoolean(PROPERTY)) {
      return;
    }
    try {
      run();
    } catch (RuntimeException | IOException | LinkageError e) {
      // best effort: the archive holds what was loaded so far, and the user's command has already finished
    }
  }

  /** Runs each command once in a temporary folder, deleted afterwards; returns each command line's exit code. */
  static Map<String, Integer> run() throws IOException {
    Path dir = Files.createTempDirectory("artifact-io-archive-training");
    try {
      Path artifact = dir.resolve("fragment_library_precursors.parquet");
      SchemaId schema = SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS;
      Written written = TableWriter.writeTable(artifact, precursors(), WriteOptions.builder().schema(schema)
          .contentHash().build());
      String hash = written.contentHash().orElseThrow().hex();
      Fingerprint.of(artifact).recordIn(new ArtifactReport("fragment_library_precursors", schema.name(),
          schema.version(), "train", written.rows(), hash, JsonNodeFactory.instance.objectNode(), new TreeMap<>(),
          null, 0)).writeFor(artifact);
      String config = "{}";
      String configHash = Blake3.hashString(config).hex();
      SidecarJson.write(dir.resolve("manifest.json"), Manifest.of("artifact-io", config, configHash)
          .record(new ArtifactRecord("fragment_library_precursors", artifact.getFileName().toString(),
              ArtifactRecord.FORMAT_PARQUET, schema.name(), schema.version(), written.rows(), hash, "train",
              configHash)));
      Path extra = dir.resolve("extra.parquet");
      TableWriter.writeTable(extra, List.of(Utf8Column.of("note", "a", "b", "c", "d")));

      String a = artifact.toString();
      Map<String, String[]> commands = new LinkedHashMap<>();
      commands.put("validate", new String[] {"validate", a, "--contract", "library-precursors"});
      commands.put("verify-manifest", new String[] {"verify-manifest", dir.toString()});
      commands.put("inspect", new String[] {"inspect", a});
      commands.put("hash", new String[] {"hash", a});
      commands.put("concat", new String[] {"concat", "-o", dir.resolve("rows.parquet").toString(), a, a});
      commands.put("concat --axis columns", new String[] {"concat", "--axis", "columns", "-o",
        dir.resolve("columns.parquet").toString(), a, extra.toString()});
      Map<String, Integer> codes = new LinkedHashMap<>();
      PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
      for (Map.Entry<String, String[]> c : commands.entrySet()) {
        codes.put(c.getKey(), Main.run(c.getValue(), nowhere, nowhere));
      }
      return codes;
    } finally {
      deleteAll(dir);
    }
  }

  /** Four rows of the demo's precursor table: a list column, a float64, ints, ascending contiguous ids. */
  private static List<Column> precursors() {
    return List.of(
        new UInt32Column("candidate_id", new int[] {0, 1, 2, 3}),
        new Float64Column("precursor_mz", new double[] {350.1, 350.2, 350.4, 350.5}),
        new Int32Column("charge", new int[] {2, 3, 2, 4}),
        ListFloat32Column.of("fragment_intensities", new float[][] {{0.5f}, {}, {0.25f, 1f}, {0.125f}}));
  }

  private static void deleteAll(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
