package io.github.artifactio.engine.table;

/**
 * How a coalesced scan reads ({@link ScanOptions#coalesced}), upstream's {@code SpanReadOptions}: per row group, the
 * projected column chunks at most {@code maxGapBytes} apart are read as one span with one sequential read; a span over
 * {@code maxSpanBytes} is read chunk by chunk instead; with {@code prefetch}, the next span is read on a thread of the
 * scan's {@link io.github.artifactio.engine.EngineContext} (none on the serial context) while the current one
 * decodes, if the spans held stay within {@code maxResidentBytes}.
 */
public record SpanReadOptions(long maxGapBytes, long maxSpanBytes, long maxResidentBytes, boolean prefetch) {
  /** 1 MiB gaps, 512 MiB spans, 1 GiB resident, prefetch on. */
  public static final SpanReadOptions DEFAULT = new SpanReadOptions(1L << 20, 512L << 20, 1L << 30, true);

  public SpanReadOptions {
    if (maxGapBytes < 0 || maxSpanBytes < 0 || maxResidentBytes < 0) {
      throw new IllegalArgumentException(
          "span read options must not be negative: gap " + maxGapBytes + ", span " + maxSpanBytes + ", resident "
              + maxResidentBytes);
    }
  }
}
