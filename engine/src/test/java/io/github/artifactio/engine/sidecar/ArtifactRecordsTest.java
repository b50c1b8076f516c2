package io.github.artifactio.engine.sidecar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.TableWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactRecordsTest {
  @TempDir Path dir;

  @Test
  void a_record_carries_the_files_blake3_and_its_path_relative_to_the_manifest() {
    Path artifact = dir.resolve("stage/peptides.parquet");
    long rows = TableWriter.writeTable(artifact, List.of(Int64Column.of("id", 1, 2, 3))).rows();
    ArtifactRecord r =
        ArtifactRecords.record("peptides", SchemaRegistry.Upstream.PEPTIDES, dir, artifact, rows, "digest",
            "c".repeat(64));
    assertEquals("stage/peptides.parquet", r.path());
    assertEquals(Blake3.hashFile(artifact).hex(), r.contentHash());
    assertEquals("parquet", r.format());
    assertEquals(3, r.rows());
    assertEquals(SchemaRegistry.Upstream.PEPTIDES, r.schemaId());
    assertEquals("digest", r.producingStage());
  }

  @Test
  void an_artifact_outside_the_manifest_folder_is_refused() {
    Path outside = dir.resolve("elsewhere/x.parquet");
    ArtifactException e =
        assertThrows(
            ArtifactException.class,
            () -> ArtifactRecords.recordWithHash(
                "x", SchemaRegistry.Upstream.PEPTIDES, dir.resolve("run"), outside, 1, "s", "c",
                Blake3.hashString("")));
    assertEquals(
        outside + ": recording the artifact: it is not inside the manifest's folder " + dir.resolve("run"),
        e.getMessage());
  }
}
