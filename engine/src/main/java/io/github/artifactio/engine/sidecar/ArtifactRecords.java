package io.github.artifactio.engine.sidecar;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import java.nio.file.Path;

/**
 * Builds manifest records, as upstream's {@code record_artifact} and {@code record_artifact_with_hash} do, with two
 * differences: the path is written relative to the manifest's folder, with {@code /} separators, and an artifact
 * outside that folder is refused (a manifest must stay valid when its folder is moved, and {@code verify-manifest}
 * refuses paths that leave it).
 */
public final class ArtifactRecords {
  private ArtifactRecords() {}

  /** A record whose content hash is the blake3 of the file as it is now (the file is read once). */
  public static ArtifactRecord record(
      String logicalName, SchemaId schema, Path manifestDir, Path artifact, long rows, String stage,
      String configHash) {
    return recordWithHash(
        logicalName, schema, manifestDir, artifact, rows, stage, configHash, Blake3.hashFile(artifact));
  }

  /** A record from a hash the caller already has (from a hashed write or a report); nothing is read. */
  public static ArtifactRecord recordWithHash(
      String logicalName,
      SchemaId schema,
      Path manifestDir,
      Path artifact,
      long rows,
      String stage,
      String configHash,
      ContentHash contentHash) {
    return new ArtifactRecord(
        logicalName,
        relativePath(manifestDir, artifact),
        ArtifactRecord.FORMAT_PARQUET,
        schema.name(),
        schema.version(),
        rows,
        contentHash.hex(),
        stage,
        configHash);
  }

  /** {@code artifact} relative to {@code manifestDir}, with forward slashes; an artifact outside it is an error. */
  static String relativePath(Path manifestDir, Path artifact) {
    Path dir = manifestDir.toAbsolutePath().normalize();
    Path file = artifact.toAbsolutePath().normalize();
    if (!file.startsWith(dir) || file.equals(dir)) {
      throw new ArtifactException(
          artifact, "recording the artifact: it is not inside the manifest's folder " + dir);
    }
    return dir.relativize(file).toString().replace('\\', '/');
  }
}
