package io.github.artifactio.engine;

import java.nio.file.Path;

/** A column was read through a getter of another type: the message names both types. */
public final class ColumnTypeException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public ColumnTypeException(Path file, String column, Long row, String detail) {
    super(file, column, null, row, detail);
  }
}
