package io.github.artifactio.engine.layout;

/**
 * A page's CRC32 as its header records it and as its bytes (after the header, as stored) give it.
 *
 * @param recorded the CRC32 in the page header
 * @param computed the CRC32 of the page's stored bytes
 */
public record PageCrc(int recorded, int computed) {
  public boolean verified() {
    return recorded == computed;
  }
}
