package io.github.artifactio.engine.hash;

import java.util.Objects;

/**
 * The chaining value of one aligned complete subtree of a file's BLAKE3 tree: a node below the root, which a merge
 * chains with its neighbours.
 *
 * @param chunkOffset the index of its first 1 KiB chunk, a multiple of {@code chunks}
 * @param chunks how many chunks it spans when full, a power of two of at least 1024 (one 1 MiB span); the subtree
 *     holding the file's last chunk may hold fewer
 * @param cv its chaining value, the 32 little-endian bytes of its eight words, as hex
 */
public record SubtreeCv(long chunkOffset, long chunks, ContentHash cv) {
  public SubtreeCv {
    Objects.requireNonNull(cv, "cv");
    if (chunks < 1024 || Long.bitCount(chunks) != 1 || chunkOffset < 0 || chunkOffset % chunks != 0) {
      throw new IllegalArgumentException("a subtree is 2^k >= 1024 chunks at a multiple of its size, got " + chunks
          + " chunks at chunk " + chunkOffset);
    }
  }
}
