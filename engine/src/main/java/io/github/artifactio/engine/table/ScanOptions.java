package io.github.artifactio.engine.table;

import io.github.artifactio.engine.EngineContext;
import java.util.Objects;
import java.util.Optional;

/**
 * How a streaming read runs. The batches are the same whatever the options: only the threads and the reads differ.
 *
 * <ul>
 *   <li>{@code context}: the {@link EngineContext} where a batch's columns decode in parallel and coalesced spans are
 *       prefetched. The caller owns the threads: with the default, {@link EngineContext#serial()}, a scan decodes on
 *       the calling thread whatever {@code decodeThreads} says, and prefetches nothing.
 *   <li>{@code decodeThreads}: 0 (the default) is automatic, parallel where it pays: with a context, the
 *       projection splits into as many groups as the machine has cores (at most 8, at most one per column) when it
 *       has at least 3 columns, at least 1 MiB of compressed bytes per kept row group, and no column holding more
 *       than half of those bytes; otherwise the single reader decodes. The rule and the measurements behind it are on
 *       {@code Scan.autoGroups}; {@link BatchReader#decodeGroups()} tells which way a scan went. 1 (or
 *       {@link Builder#singleReader()}) is the single reader on request; k asks for k threads (at most one per
 *       column), which take a batch's columns largest first, a column of a large share of the batch cut in two parts
 *       at a page or row group boundary.
 *   <li>{@code coalesce}: read each row group's projected chunks as coalesced spans ({@link SpanReadOptions}), for
 *       seek-bound storage; with a context that has threads, the next span is read there while the current one
 *       decodes.
 *   <li>{@code verifyPageChecksums} (default on): a page whose header records a CRC32 (parquet's optional {@code crc},
 *       over the page's bytes as stored) is checked before it is decoded; a mismatch is an {@code ArtifactException}
 *       naming the file, column, row group and page. Pages a selection skips unread are not checked. On by default
 *       because it is nearly free: {@code java.util.zip.CRC32} (an intrinsic) checks the whole 151 MB reference file of
 *       the read benchmark in 8-10 ms (16-19 GB/s) on the 2-core bench machine, 2-3% of a full read's 0.28-0.40 s;
 *       full reads with and without it differed by less than the run-to-run noise of that shared machine.
 * </ul>
 */
public final class ScanOptions {
  private static final ScanOptions DEFAULTS = builder().build();

  private final EngineContext context;
  private final int decodeThreads;
  private final SpanReadOptions coalesce;
  private final boolean verifyPageChecksums;

  private ScanOptions(Builder b) {
    this.context = b.context;
    this.decodeThreads = b.decodeThreads;
    this.coalesce = b.coalesce;
    this.verifyPageChecksums = b.verifyPageChecksums;
  }

  /** The serial context, so the single reader on the calling thread; plain reads; page checksums verified. */
  public static ScanOptions defaults() {
    return DEFAULTS;
  }

  /** Coalesced reads with the default span options. */
  public static ScanOptions coalesced() {
    return builder().coalesce(SpanReadOptions.DEFAULT).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Where the scan may decode in parallel and prefetch ({@link EngineContext#serial()} unless set). */
  public EngineContext context() {
    return context;
  }

  public int decodeThreads() {
    return decodeThreads;
  }

  public Optional<SpanReadOptions> coalesce() {
    return Optional.ofNullable(coalesce);
  }

  public boolean verifyPageChecksums() {
    return verifyPageChecksums;
  }

  public static final class Builder {
    private EngineContext context = EngineContext.serial();
    private int decodeThreads;
    private SpanReadOptions coalesce;
    private boolean verifyPageChecksums = true;

    private Builder() {}

    /** The context whose threads decode a batch's columns and prefetch spans; the caller owns and closes it. */
    public Builder context(EngineContext context) {
      this.context = Objects.requireNonNull(context, "context");
      return this;
    }

    /** The single reader on the calling thread, even with a context ({@code decodeThreads(1)}). */
    public Builder singleReader() {
      return decodeThreads(1);
    }

    /** 0 automatic, 1 single reader, k decode threads. */
    public Builder decodeThreads(int decodeThreads) {
      if (decodeThreads < 0) {
        throw new IllegalArgumentException("decodeThreads must be 0 (automatic) or more, got " + decodeThreads);
      }
      this.decodeThreads = decodeThreads;
      return this;
    }

    public Builder coalesce(SpanReadOptions options) {
      this.coalesce = Objects.requireNonNull(options, "span read options");
      return this;
    }

    /** Whether pages whose header records a CRC32 are checked before they are decoded (default: yes). */
    public Builder verifyPageChecksums(boolean verify) {
      this.verifyPageChecksums = verify;
      return this;
    }

    public ScanOptions build() {
      return new ScanOptions(this);
    }
  }
}
