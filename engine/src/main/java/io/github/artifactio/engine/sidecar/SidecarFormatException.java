package io.github.artifactio.engine.sidecar;

/**
 * A sidecar's JSON is well formed but not the shape expected (missing field, wrong type, out of range). The message
 * names the field; {@link SidecarJson} adds {@code parsing json <path>: } and turns it into an ArtifactException.
 */
final class SidecarFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SidecarFormatException(String message) {
    super(message);
  }
}
