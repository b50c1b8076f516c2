package io.github.artifactio.engine.hash;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The BLAKE3 of spans {@code [fromSpan, toSpan)} of a file (1 MiB spans, {@link Blake3Parts#SPAN_LEN}), as
 * {@link Blake3Parts#hash} computes it and {@link Blake3Parts#merge} consumes it.
 *
 * @param file the file, as the plan names it
 * @param stamp the file's size and modification time, checked before and after its bytes were read
 * @param fromSpan the first span of the part
 * @param toSpan the span after the last one
 * @param subtrees the chaining values of the part's aligned subtrees, left to right; empty when {@code digest} is
 *     present
 * @param digest the file's digest, present only for a part covering a whole file of one span (1 MiB or less), which
 *     has no subtree below its root
 */
public record FilePart(
    Path file, FileStamp stamp, long fromSpan, long toSpan, List<SubtreeCv> subtrees, Optional<ContentHash> digest) {
  public FilePart {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(stamp, "stamp");
    subtrees = List.copyOf(subtrees);
    Objects.requireNonNull(digest, "digest");
    if (fromSpan < 0 || toSpan <= fromSpan) {
      throw new IllegalArgumentException("a part is spans [from, to) with 0 <= from < to, got [" + fromSpan + ", "
          + toSpan + ")");
    }
    if (digest.isPresent() == !subtrees.isEmpty()) {
      throw new IllegalArgumentException("a part holds either subtrees or a whole file's digest, not both or none");
    }
  }

  /** {@code spans [0, 4)}: how messages name a part. */
  String spans() {
    return "spans [" + fromSpan + ", " + toSpan + ")";
  }
}
