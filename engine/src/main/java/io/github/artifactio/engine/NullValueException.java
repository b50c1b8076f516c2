package io.github.artifactio.engine;

import java.nio.file.Path;

/** A required column holds a NULL: the message names the column and the absolute file row. */
public final class NullValueException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public NullValueException(Path file, String column, Long row, String detail) {
    super(file, column, null, row, detail);
  }
}
