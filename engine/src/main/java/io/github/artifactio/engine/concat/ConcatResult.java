package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.hash.ContentHash;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a concatenation produced.
 *
 * @param publish how the output came to be: spliced or joined bytes, or (one input) a hard link or a byte copy of it
 * @param contentHash the blake3 of the output, taken while it was written (of the input, for a link or a copy)
 * @param bytesRead every byte read from the inputs (page indexes and footers included)
 * @param bytesWritten the output's size
 * @param reencodedColumns columns a join decoded and wrote again because their row groups did not line up (empty
 *     otherwise)
 * @param equatedColumns columns whose declarations differed between inputs only by an annotation that restates the
 *     physical type ({@code INTEGER(32,true)} on an INT32), spliced as one column under input 0's declaration, and
 *     re-encoded columns a join declares as the engine wrote them rather than as their input did (a list the input
 *     declares {@code required}): one line each, as the report says it (empty otherwise)
 */
public record ConcatResult(
    Path destination,
    Axis axis,
    Publish publish,
    long rows,
    int rowGroups,
    ContentHash contentHash,
    long bytesRead,
    long bytesWritten,
    Provenance provenance,
    List<String> reencodedColumns,
    List<String> equatedColumns) {

  /** How the output was made; {@link #reportName()} is the Rust engine's {@code stats.publish} value. */
  public enum Publish {
    SPLICED("spliced"),
    JOINED("joined"),
    HARD_LINK("hard_link"),
    BYTE_COPY("byte_copy");

    private final String reportName;

    Publish(String reportName) {
      this.reportName = reportName;
    }

    public String reportName() {
      return reportName;
    }
  }

  public ConcatResult {
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(axis, "axis");
    Objects.requireNonNull(publish, "publish");
    Objects.requireNonNull(contentHash, "contentHash");
    Objects.requireNonNull(provenance, "provenance");
    reencodedColumns = List.copyOf(reencodedColumns);
    equatedColumns = List.copyOf(equatedColumns);
  }
}
