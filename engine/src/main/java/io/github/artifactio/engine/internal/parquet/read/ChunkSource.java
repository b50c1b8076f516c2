package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;

/**
 * Where a scan gets the bytes of its column chunks: straight from the file ({@link FileReads}), or from coalesced
 * row-group spans ({@link SpanCache}). Thread-safe: the threads of a parallel scan share one source.
 */
interface ChunkSource {
  /** Bytes {@code [offset, offset + length)} of the file, which lie inside chunk ({@code rowGroup}, {@code leaf}). */
  Slice read(int rowGroup, int leaf, long offset, int length) throws IOException;

  /**
   * {@link #read}, except that a source which copies the bytes out of the file puts them in {@code reuse} when it holds
   * {@code length} bytes: an array of the caller's that nothing refers to any more (the previous chunk of a scan's
   * column), so a chunk read costs no fresh, zeroed array. A source that hands out bytes it holds (spans) ignores it.
   */
  default Slice read(int rowGroup, int leaf, long offset, int length, byte[] reuse) throws IOException {
    return read(rowGroup, leaf, offset, length);
  }

  /** Copies bytes {@code [offset, offset + length)} of the file into {@code dst} at {@code dstOff}. */
  default void readInto(int rowGroup, int leaf, long offset, byte[] dst, int dstOff, int length) throws IOException {
    Slice s = read(rowGroup, leaf, offset, length);
    System.arraycopy(s.data(), s.offset(), dst, dstOff, length);
  }

  /**
   * {@link #readInto} for bytes that are read again later (a walk of a chunk's page headers before its pages are
   * read): a source that counts the bytes it reads does not count these twice.
   */
  default void probe(int rowGroup, int leaf, long offset, byte[] dst, int dstOff, int length) throws IOException {
    readInto(rowGroup, leaf, offset, dst, dstOff, length);
  }

  /** The reader of chunk ({@code rowGroup}, {@code leaf}) is done with it. */
  default void released(int rowGroup, int leaf) {}

  /** A view of part of a byte array. */
  record Slice(byte[] data, int offset, int length) {}
}
