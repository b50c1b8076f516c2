package io.github.artifactio.engine.plan;

import io.github.artifactio.engine.hash.FileStamp;
import java.util.Objects;

/**
 * A file of a plan: its path as the command line gave it, and its size and modification time when it was planned.
 */
public record PlannedFile(String path, FileStamp stamp) {
  public PlannedFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(stamp, "stamp");
  }
}
