package io.github.artifactio.engine;

import java.nio.file.Path;

/** A table was refused before a byte was written (no columns, a duplicate name, unequal lengths). */
public final class InvalidTableException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public InvalidTableException(Path file, String column, Long row, String detail) {
    super(file, column, null, row, detail);
  }
}
