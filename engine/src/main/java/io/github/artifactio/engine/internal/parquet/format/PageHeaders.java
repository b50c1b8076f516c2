package io.github.artifactio.engine.internal.parquet.format;

/**
 * What a page header may take, the one limit the read path's page walk and the splice's page check share: a header
 * is Thrift with no length prefix, so a reader holding a window of a chunk cannot tell a header cut by the window's
 * end from a corrupt one until it has given the header this many bytes.
 */
public final class PageHeaders {
  /** A page header that does not parse from this many bytes is corrupt, not cut by a window's end. */
  public static final int MAX_BYTES = 16 << 20;

  private PageHeaders() {}
}
