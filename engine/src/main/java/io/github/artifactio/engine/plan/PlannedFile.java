package io.github.artifactio.engine.plan;

import io.github.artifactio.engine.hash.FileStamp;
import java.util.List;
import java.util.Objects;

/**
 * A file of a plan: its path as the command line gave it, and its size and modification time when it was planned.
 *
 * @param rowGroupBytes the compressed bytes of each row group, from the footer read at planning: what a plan that cuts
 *     a large file into row-group ranges ({@link WorkPlan#rowGroups}) cuts by; empty for a file planned whole (its
 *     footer was not read)
 */
public record PlannedFile(String path, FileStamp stamp, List<Long> rowGroupBytes) {
  public PlannedFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(stamp, "stamp");
    rowGroupBytes = List.copyOf(rowGroupBytes);
  }

  /** A file planned whole, without its footer. */
  public PlannedFile(String path, FileStamp stamp) {
    this(path, stamp, List.of());
  }
}
