package io.github.artifactio.engine.layout;

import java.util.Objects;

/**
 * What decompressing a page gave: its declared uncompressed size ({@link Status#OK}), or why not. A page stored
 * uncompressed is OK when it holds the size its header declares.
 *
 * @param detail empty for OK; else the reason ({@code snappy page decompresses to 10 bytes, its header says 12},
 *     {@code codec LZ4 is not read})
 */
public record Decompression(Status status, String detail) {
  public enum Status {
    /** The page decompressed to its declared size. */
    OK,
    /** The page does not decompress to its declared size. */
    FAILED,
    /** The chunk's codec is one the engine does not read (Hadoop-framed LZ4, LZO): the page was not tried. */
    CODEC_NOT_READ
  }

  public static final Decompression OK = new Decompression(Status.OK, "");

  public Decompression {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(detail, "detail");
  }

  public boolean ok() {
    return status == Status.OK;
  }
}
