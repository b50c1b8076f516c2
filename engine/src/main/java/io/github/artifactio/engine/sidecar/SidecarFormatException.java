package io.github.artifactio.engine.sidecar;

/**
 * A sidecar's JSON is well formed but not the shape expected (missing field, wrong type, out of range). The message
 * names the field; {@link SidecarJson} turns it into an ArtifactException on the file, detail {@code parsing json: }
 * and this message. Not an ArtifactException itself: it is raised where the file is not known.
 */
final class SidecarFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SidecarFormatException(String message) {
    super(message);
  }
}
