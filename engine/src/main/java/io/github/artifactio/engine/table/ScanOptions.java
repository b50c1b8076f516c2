package io.github.artifactio.engine.table;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * How a streaming read runs. The batches are the same whatever the options: only the threads and the reads differ.
 *
 * <ul>
 *   <li>{@code executor}: where column groups decode in parallel. The caller owns the threads: the engine keeps no
 *       pool of its own and starts no decode thread, so without an executor a scan always decodes on the calling
 *       thread, whatever {@code decodeThreads} says.
 *   <li>{@code decodeThreads}: 0 (the default) is automatic, parallel where it pays: with an executor, the
 *       projection splits into as many groups as the machine has cores (at most 8, at most one per column) when it
 *       has at least 3 columns, at least 1 MiB of compressed bytes per kept row group, and no column holding more
 *       than half of those bytes; otherwise the single reader decodes. The rule and the measurements behind it are on
 *       {@code Scan.autoGroups}; {@link BatchReader#decodeGroups()} tells which way a scan went. 1 (or
 *       {@link Builder#singleReader()}) is the single reader on request; k asks for k groups (at most one per
 *       column).
 *   <li>{@code coalesce}: read each row group's projected chunks as coalesced spans ({@link SpanReadOptions}), for
 *       seek-bound storage.
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

  private final Executor executor;
  private final int decodeThreads;
  private final SpanReadOptions coalesce;
  private final boolean verifyPageChecksums;

  private ScanOptions(Builder b) {
    this.executor = b.executor;
    this.decodeThreads = b.decodeThreads;
    this.coalesce = b.coalesce;
    this.verifyPageChecksums = b.verifyPageChecksums;
  }

  /** No executor, so the single reader on the calling thread; plain reads; page checksums verified. */
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

  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
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
    private Executor executor;
    private int decodeThreads;
    private SpanReadOptions coalesce;
    private boolean verifyPageChecksums = true;

    private Builder() {}

    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** The single reader on the calling thread, even with an executor ({@code decodeThreads(1)}). */
    public Builder singleReader() {
      return decodeThreads(1);
    }

    /** 0 automatic, 1 single reader, k column groups. */
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
