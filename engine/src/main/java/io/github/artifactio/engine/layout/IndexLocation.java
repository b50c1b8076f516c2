package io.github.artifactio.engine.layout;

/**
 * Where a page index (column index or offset index) of a column chunk lies in the file, as the footer says.
 *
 * @param offset the file offset of its first byte
 * @param length its length in bytes (0 where the footer gives an offset without a length)
 */
public record IndexLocation(long offset, int length) {
  /** The offset just past it. */
  public long end() {
    return offset + length;
  }
}
