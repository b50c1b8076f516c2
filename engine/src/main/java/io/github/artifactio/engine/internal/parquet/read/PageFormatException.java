package io.github.artifactio.engine.internal.parquet.read;

/**
 * A page whose bytes do not decode as their header says. Raised deep in the decoders without file or column; the
 * scan that drives them catches it and reports an {@code ArtifactException} naming the file, column and row group.
 */
final class PageFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  PageFormatException(String message) {
    this(message, null, false);
  }

  /** Whether the message already names its page ({@code data page 3: ...}). */
  final boolean page;

  PageFormatException(String message, Throwable cause) {
    this(message, cause, false);
  }

  PageFormatException(String message, Throwable cause, boolean page) {
    super(message, cause);
    this.page = page;
  }

  /** The message without the page a reader put before it, for callers that say which page themselves. */
  String unlocated() {
    return page && getCause() instanceof PageFormatException ? ((PageFormatException) getCause()).unlocated()
        : getMessage();
  }
}
