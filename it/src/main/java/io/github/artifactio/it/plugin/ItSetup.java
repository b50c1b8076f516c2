package io.github.artifactio.it.plugin;

import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Prepares the plugin's integration tests: copies the projects under {@code src/it} to {@code target/it}, putting the
 * plugin's version where they say {@code @project.version@}, and writes each project's {@code data/} folder with
 * DuckDB or the engine. Inputs are generated rather than committed so that they are written by the tools named in
 * {@link ExternalFiles}; the invoker then runs the projects in place.
 *
 * <p>Usage: {@code ItSetup SRC_IT TARGET_IT PLUGIN_VERSION [PROJECT,PROJECT...]}; with the list, only the named
 * projects are prepared (the few that also run under another Maven version, in a folder of their own so that no
 * output of one Maven's run can satisfy the other's checks).
 */
public final class ItSetup {
  private ItSetup() {}

  public static void main(String[] args) throws IOException {
    Path src = Path.of(args[0]);
    Path target = Path.of(args[1]);
    String version = args[2];
    Set<String> only = args.length > 3 ? Set.of(args[3].split(",")) : null;
    deleteTree(target);
    try (Stream<Path> files = Files.walk(src)) {
      for (Path p : files.sorted().toList()) {
        Path rel = src.relativize(p);
        if (only != null && rel.getNameCount() > 0 && !rel.toString().isEmpty()
            && !only.contains(rel.getName(0).toString())) {
          continue;
        }
        Path out = target.resolve(rel.toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(out);
        } else {
          String text = Files.readString(p, StandardCharsets.UTF_8).replace("@project.version@", version);
          Files.writeString(out, text, StandardCharsets.UTF_8);
        }
      }
    }
    try (Stream<Path> cases = Files.list(target)) {
      for (Path c : cases.filter(Files::isDirectory).sorted().toList()) {
        data(c.getFileName().toString(), c);
      }
    }
  }

  /** Each project's inputs, by project name. */
  static void data(String name, Path dir) {
    Path data = dir.resolve("data");
    switch (name) {
      case "codec-snappy-passes", "cli-without-project-validates" ->
          ExternalFiles.withCodec(data.resolve("snappy.parquet"), "snappy", 1000);
      case "codec-zstd-fails", "skip-skips", "warn-does-not-fail" ->
          ExternalFiles.withCodec(data.resolve("zstd.parquet"), "zstd", 1000);
      case "ids-contiguous-passes" -> ExternalFiles.precursors(data.resolve("ids.parquet"), 5000);
      case "ids-gap-fails" -> ExternalFiles.precursorsWithGap(data.resolve("ids.parquet"), 5000, 3000);
      case "mz-ascending-passes" -> ExternalFiles.precursors(data.resolve("library_precursors.parquet"), 5000);
      case "mz-inversion-fails" ->
          ExternalFiles.precursorsWithInversion(data.resolve("library_precursors.parquet"), 5000, 2500);
      case "large-utf8-fails" -> ExternalFiles.largeUtf8(data.resolve("peptidoforms.parquet"));
      case "second-run-is-cached" -> {
        ExternalFiles.withCodec(data.resolve("a.parquet"), "snappy", 1000);
        ExternalFiles.precursors(data.resolve("b.parquet"), 2000);
      }
      case "symlinked-folder-fails" -> {
        // run -> data/real (relative link), data/real/nested -> ../other, data/real/loop -> . (a cycle)
        ExternalFiles.withCodec(data.resolve("real/zstd.parquet"), "zstd", 100);
        ExternalFiles.withCodec(data.resolve("other/snappy.parquet"), "snappy", 100);
        link(dir.resolve("run"), Path.of("data", "real"));
        link(data.resolve("real/nested"), Path.of("..", "other"));
        link(data.resolve("real/loop"), Path.of("."));
      }
      case "no-files-allowed-warns" -> mkdirs(data);
      case "inspect-prints-even-when-quiet" -> ExternalFiles.decimal(data.resolve("decimal.parquet"));
      case "scoped-off-exempts-its-file-passes", "suppression-with-reason-passes", "suppression-without-reason-fails" ->
          ExternalFiles.largeUtf8(data.resolve("legacy_large.parquet"));
      case "scoped-off-keeps-the-rule-elsewhere-fails" -> {
        ExternalFiles.largeUtf8(data.resolve("legacy_large.parquet"));
        ExternalFiles.largeUtf8(data.resolve("polars_large.parquet"));
      }
      case "cli-configuration-in-execution-warns", "cli-plugin-level-configuration-fails" ->
          ExternalFiles.precursorsWithGap(data.resolve("library_precursors.parquet"), 5000, 3000);
      case "undetermined-fails", "undetermined-allowed-passes" ->
          copy(testdata("parquet-testing/data/hadoop_lz4_compressed.parquet"), data.resolve("hadoop_lz4.parquet"));
      case "multi-module-reports-every-module" -> {
        ExternalFiles.withCodec(dir.resolve("module-a/data/a.parquet"), "snappy", 100);
        ExternalFiles.withCodec(dir.resolve("module-b/data/b.parquet"), "gzip", 100);
      }
      case "manifest-good-passes" -> run(data.resolve("run"));
      case "manifest-hash-mismatch-fails" -> {
        Path m = run(data.resolve("run"));
        String hash = SidecarJson.readManifest(m).artifacts().get("peptides").contentHash();
        replace(m, hash, "0".repeat(64));
      }
      case "manifest-path-escape-fails" -> {
        Path m = run(data.resolve("run"));
        copy(data.resolve("run/peptides.parquet"), data.resolve("peptides.parquet"));
        replace(m, "\"path\": \"peptides.parquet\"", "\"path\": \"../peptides.parquet\"");
      }
      case "manifest-duplicate-key-fails" -> {
        Path m = run(data.resolve("run"));
        replace(m, "\"config_hash\": ", "\"mumdia_version\": \"duplicate\",\n  \"config_hash\": ");
      }
      default -> {}
    }
  }

  /** A run folder as a two-stage pipeline leaves it: two engine-written artifacts and their manifest. */
  public static Path run(Path dir) {
    String config = "{\"seed\":7}";
    String configHash = Blake3.hashString(config).hex();
    Manifest m = Manifest.of("artifact-io-it 0.1.0", config, configHash);
    Path peptides = ExternalFiles.enginePrecursors(dir.resolve("peptides.parquet"), 300, 100);
    TableWriter.writeTable(peptides, Table.read(peptides).columns(),
        WriteOptions.builder().schema(SchemaRegistry.Upstream.PEPTIDES).build());
    m = m.record(ArtifactRecords.record("peptides", SchemaRegistry.Upstream.PEPTIDES, dir, peptides, 300, "digest",
        configHash));
    Path lib = ExternalFiles.enginePrecursors(dir.resolve("fragment_library_precursors.parquet"), 500, 200);
    ArtifactRecord r = ArtifactRecords.record("fragment_library_precursors",
        SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS, dir, lib, 500, "predict-frag", configHash);
    m = m.record(r);
    Path manifest = dir.resolve("manifest.json");
    SidecarJson.write(manifest, m);
    return manifest;
  }

  private static void replace(Path file, String from, String to) {
    try {
      String text = Files.readString(file);
      if (!text.contains(from)) {
        throw new IllegalStateException(file + " has no " + from);
      }
      Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from),
          java.util.regex.Matcher.quoteReplacement(to)));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A file of the repository's testdata/ folder, which the it module's POM names in artifact-io.testdata. */
  private static Path testdata(String relative) {
    String dir = System.getProperty("artifact-io.testdata");
    if (dir == null) {
      throw new IllegalStateException("artifact-io.testdata is not set (the it module's POM passes it to ItSetup)");
    }
    Path p = Path.of(dir, relative);
    if (!Files.isRegularFile(p)) {
      throw new IllegalStateException("test data " + relative + " is missing from " + dir);
    }
    return p;
  }

  private static void link(Path link, Path target) {
    try {
      Files.createSymbolicLink(link, target);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void mkdirs(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void copy(Path from, Path to) {
    try {
      Files.createDirectories(to.toAbsolutePath().getParent());
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Deletes {@code dir} and everything below it; nothing where it does not exist. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

}
