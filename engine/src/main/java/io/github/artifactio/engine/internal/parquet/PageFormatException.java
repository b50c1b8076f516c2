package io.github.artifactio.engine.internal.parquet;

/**
 * A page whose bytes do not decode as their header says. Raised deep in the decoders without file or column; the
 * scan that drives them catches it and reports an {@code ArtifactException} naming the file, column and row group.
 */
final class PageFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  PageFormatException(String message) {
    super(message);
  }

  PageFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
