package io.github.artifactio.cli;

import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * Standard output that reaches the terminal within a tenth of a second of a line, not after every line: a merge of
 * 100,000 files prints a summary line a file, and a flush (a write to the terminal or pipe) a line was a twentieth
 * of its time. {@link Main} flushes it before the process exits, so nothing printed is lost.
 */
final class PacedOut extends PrintWriter {
  static final long PACE_NANOS = 100_000_000L;

  private long flushedAt = System.nanoTime();

  PacedOut(OutputStream out) {
    super(out, false);
  }

  @Override
  public void println() {
    super.println();
    long now = System.nanoTime();
    if (now - flushedAt >= PACE_NANOS) {
      flush();
      flushedAt = now;
    }
  }
}
