package io.github.artifactio.engine;

import java.nio.file.Path;

/**
 * An artifact was opened expecting one schema identifier ({@code name@version}) and its footer, its
 * {@code .report.json} or the run manifest records another, or none records one: raised before any data page is
 * decoded, naming both identifiers and where the recorded one came from.
 */
public final class SchemaMismatchException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public SchemaMismatchException(Path file, String detail) {
    super(file, detail);
  }
}
