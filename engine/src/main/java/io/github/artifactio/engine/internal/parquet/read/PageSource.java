package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;

/**
 * Where a {@link LeafReader} gets the pages of its chunk, in order: straight from {@link ChunkPages}, or from the page
 * walk ({@link PageWalker}), which frames, checksums and decompresses each page before handing it on, so that a walk
 * with values reads and decompresses every page once.
 */
interface PageSource {
  /**
   * The next page, or null at the end of the chunk. The caller is done with the previous page's bytes (it decompressed,
   * decoded or copied what it keeps): a source may read the next page over them ({@link ChunkPages#streamed}).
   */
  ChunkPages.RawPage next() throws IOException;

  /** The reader is done with the chunk. */
  void release();
}
