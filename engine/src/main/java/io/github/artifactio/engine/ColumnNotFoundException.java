package io.github.artifactio.engine;

import java.nio.file.Path;

/** A column was asked for by a name the file does not have: the message lists the columns it has. */
public final class ColumnNotFoundException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public ColumnNotFoundException(Path file, String column, Long row, String detail) {
    super(file, column, null, row, detail);
  }
}
