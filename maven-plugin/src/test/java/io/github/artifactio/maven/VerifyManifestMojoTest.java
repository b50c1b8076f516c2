package io.github.artifactio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactRecords;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verify-manifest goal run as Maven runs it, on a project of its own, its log captured. */
class VerifyManifestMojoTest {
  @TempDir Path dir;

  private static final SchemaId SCHEMA = SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS;

  /** A run folder with one artifact and the manifest that records it. */
  private Path run() {
    Path run = dir.resolve("run");
    Path artifact = run.resolve("ids.parquet");
    long[] ids = new long[1000];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
    }
    TableWriter.writeTable(
        artifact, List.of(new Int64Column("id", ids)), WriteOptions.builder().schema(SCHEMA).build());
    String config = "{\"seed\":7}";
    String configHash = Blake3.hashString(config).hex();
    ArtifactRecord r = ArtifactRecords.record("ids", SCHEMA, run, artifact, ids.length, "stage", configHash);
    SidecarJson.write(run.resolve("manifest.json"), Manifest.of("test", config, configHash).record(r));
    return run;
  }

  /** The info lines of one execution of the goal on {@code folder}, with the cache in {@code dir/cache}. */
  private List<String> verify(Path folder) throws Exception {
    MavenProject project = new MavenProject();
    project.setFile(dir.resolve("pom.xml").toFile());
    project.getBuild().setDirectory(dir.resolve("target").toString());
    VerifyManifestMojo mojo = new VerifyManifestMojo();
    mojo.project = project;
    mojo.directory = folder.toFile();
    mojo.failOn = "ERROR";
    mojo.cacheDir = dir.resolve("cache").toString();
    List<String> lines = new ArrayList<>();
    mojo.setLog(new SystemStreamLog() {
      @Override
      public void info(CharSequence line) {
        lines.add(line.toString());
      }
    });
    mojo.execute(); // throws when the goal fails
    return lines;
  }

  private static List<String> hashingLines(List<String> log) {
    return log.stream().filter(l -> l.contains("hashed") || l.contains("hashing")).toList();
  }

  @Test
  void the_log_says_what_was_hashed_and_a_run_whose_files_all_come_from_the_cache_says_nothing_of_hashing()
      throws Exception {
    Path run = run();
    assertEquals(List.of("artifact-io:verify-manifest: hashed 1 file in this JVM (" + Blake3.backend() + " back end)"),
        hashingLines(verify(run)));
    List<String> again = verify(run);
    assertEquals(List.of(), hashingLines(again), "every file's hash came from the cache: " + again);
    assertTrue(again.stream().anyMatch(l -> l.contains("from the cache")), again.toString());
  }
}
