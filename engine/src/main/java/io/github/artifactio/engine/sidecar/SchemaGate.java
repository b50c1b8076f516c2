package io.github.artifactio.engine.sidecar;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.SchemaMismatchException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The schema-version gate of {@code TableFile.open(path, OpenOptions)}: before any page of an artifact is read, the
 * schema identifier its footer records, the one in its {@code <artifact>.report.json} (when there is one) and the one
 * of its record in a run's {@code manifest.json} (when one is given) must all be the expected one, and at least one of
 * them must record an identifier. Each refusal is a {@link SchemaMismatchException} naming the artifact, both
 * identifiers and where the other one was found.
 */
public final class SchemaGate {
  private SchemaGate() {}

  /**
   * Checks {@code artifact} against {@code expected}.
   *
   * @param footer the identifier the artifact's footer records, empty when it records none
   * @param manifest the run's {@code manifest.json}, or null
   */
  public static void require(Path artifact, SchemaId expected, Optional<SchemaId> footer, Path manifest) {
    List<String> recorded = new ArrayList<>();
    if (footer.isPresent()) {
      mismatch(artifact, expected, footer.get(), "its footer");
      recorded.add("footer");
    }
    Path report = ArtifactReport.sidecarPathFor(artifact);
    if (Files.exists(report)) {
      SchemaId r;
      try {
        r = ArtifactReport.readFor(artifact).schemaId();
      } catch (RuntimeException e) {
        throw new SchemaMismatchException(
            artifact, "opened expecting schema " + expected + ", but its report " + report
                + " does not read: " + why(e));
      }
      mismatch(artifact, expected, r, "its report " + report);
      recorded.add("report");
    }
    if (manifest != null) {
      Manifest m;
      try {
        m = SidecarJson.readManifest(manifest);
      } catch (RuntimeException e) {
        throw new SchemaMismatchException(
            artifact, "opened expecting schema " + expected + ", but the manifest " + manifest
                + " does not read: " + why(e));
      }
      Path dir = manifest.toAbsolutePath().normalize().getParent();
      Path me = artifact.toAbsolutePath().normalize();
      for (ArtifactRecord r : m.artifacts().values()) {
        if (dir.resolve(r.path()).normalize().equals(me)) {
          mismatch(artifact, expected, r.schemaId(), "the manifest " + manifest + " (artifact '" + r.logicalName()
              + "')");
          recorded.add("manifest");
        }
      }
    }
    if (recorded.isEmpty()) {
      throw new SchemaMismatchException(
          artifact, "opened expecting schema " + expected + ", but neither its footer, a report "
              + report.getFileName() + (manifest == null ? "" : " nor the manifest " + manifest)
              + " records a schema, so the version cannot be checked");
    }
  }

  /** What is wrong with a sidecar: the sidecar is named already, so an engine error gives only its detail. */
  private static String why(RuntimeException e) {
    return e instanceof ArtifactException ? ((ArtifactException) e).detail() : e.getMessage();
  }

  private static void mismatch(Path artifact, SchemaId expected, SchemaId found, String where) {
    if (!expected.equals(found)) {
      throw new SchemaMismatchException(
          artifact, "opened expecting schema " + expected + ", but " + where + " records " + found
              + "; no data was read");
    }
  }
}
