package io.github.artifactio.checks.rules;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what a run read from the checked files: every footer, page, column chunk and hashed byte passes through
 * here, so a report can say how much a run read and a test can prove that a cached run read nothing.
 */
public final class ReadAccounting {
  private final AtomicLong filesOpened = new AtomicLong();
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong bytesHashed = new AtomicLong();

  public void opened() {
    filesOpened.incrementAndGet();
  }

  public void read(long bytes) {
    bytesRead.addAndGet(bytes);
  }

  public void hashed(long bytes) {
    bytesHashed.addAndGet(bytes);
    bytesRead.addAndGet(bytes);
  }

  /** How many times a checked file was opened for reading (footer, pages, columns or hashing). */
  public long filesOpened() {
    return filesOpened.get();
  }

  /** Bytes read from checked files, hashing included. */
  public long bytesRead() {
    return bytesRead.get();
  }

  /** Of {@link #bytesRead()}, the bytes read to hash files. */
  public long bytesHashed() {
    return bytesHashed.get();
  }
}
