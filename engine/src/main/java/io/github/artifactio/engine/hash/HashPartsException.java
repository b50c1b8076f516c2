package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import java.nio.file.Path;

/**
 * Parts of a file's hash that do not make up the file: they overlap, leave a gap, or were taken of different
 * versions of it (another size or modification time). The message names the file and the spans.
 */
public class HashPartsException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  public HashPartsException(Path file, String detail) {
    super(file, detail);
  }
}
