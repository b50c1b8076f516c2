package io.github.artifactio.engine.layout;

import java.util.List;
import java.util.Optional;

/**
 * The walk of one column chunk: its pages in file order, where the walk stopped if it could not reach the chunk's
 * end, and, in a walk with values, what decoding them gave.
 *
 * @param chunk the chunk as the footer declares it
 * @param pages every page framed, in order
 * @param stop why the walk ended before the chunk's end, if it did
 * @param values in a walk with values, the decode of the chunk of a top-level column's leaf; empty otherwise
 * @param bytesRead the bytes read from the file for this chunk
 */
public record ChunkWalk(
    ColumnChunkLayout chunk,
    List<PageLayout> pages,
    Optional<WalkStop> stop,
    Optional<ValueDecoding> values,
    long bytesRead) {
  public ChunkWalk {
    pages = List.copyOf(pages);
  }

  /** The values (levels) the data pages declare, summed. */
  public long dataPageValues() {
    long n = 0;
    for (PageLayout p : pages) {
      if (p.kind().isData()) {
        n += p.values();
      }
    }
    return n;
  }

  /** How many of the pages are data pages. */
  public int dataPages() {
    int n = 0;
    for (PageLayout p : pages) {
      if (p.kind().isData()) {
        n++;
      }
    }
    return n;
  }
}
