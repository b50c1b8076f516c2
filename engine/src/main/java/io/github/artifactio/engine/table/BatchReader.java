package io.github.artifactio.engine.table;

import io.github.artifactio.engine.internal.parquet.read.Scan;
import io.github.artifactio.engine.internal.parquet.read.SpanCache;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * A streaming read of a handle's projected columns as {@link Batch}es of primitive arrays: each batch holds
 * {@code batchRows} rows (the last fewer) and at most the row groups it touches are resident. Close it (or read it to
 * the end) to release the file. Not thread-safe; decoding may use the engine context of its {@link ScanOptions}.
 */
public final class BatchReader implements Iterator<Batch>, AutoCloseable {
  private final Scan scan;
  private Batch next;
  private boolean done;

  BatchReader(Scan scan) {
    this.scan = scan;
  }

  @Override
  public boolean hasNext() {
    if (next == null && !done) {
      var cols = scan.next();
      if (cols == null) {
        done = true;
        scan.close();
      } else {
        next = new Batch(cols.isEmpty() ? 0 : cols.get(0).length(), cols);
      }
    }
    return next != null;
  }

  @Override
  public Batch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more batches");
    }
    Batch b = next;
    next = null;
    return b;
  }

  /** How many threads decode each batch (1: the single reader). */
  public int decodeGroups() {
    return scan.decodeGroups();
  }

  /** Bytes read from the file so far (pages, dictionaries and spans; the footer is read when the handle opens). */
  public long bytesRead() {
    return scan.bytesRead();
  }

  /** Read calls issued so far. */
  public long readCalls() {
    return scan.readCalls();
  }

  /** What the span cache did, for a coalesced scan. */
  public Optional<SpanStats> spanStats() {
    SpanCache spans = scan.spans();
    if (spans == null) {
      return Optional.empty();
    }
    SpanCache.Stats s = spans.stats();
    return Optional.of(
        new SpanStats(s.spans(), s.spanReads(), s.directReads(), s.prefetches(), s.residentBytes(),
            s.peakResidentBytes()));
  }

  @Override
  public void close() {
    done = true;
    next = null;
    scan.close();
  }
}
