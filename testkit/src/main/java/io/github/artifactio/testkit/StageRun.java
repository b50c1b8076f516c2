package io.github.artifactio.testkit;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The conditions of one run of a {@link Stage}: a fresh output directory, a thread count and a {@link Chunking}. A
 * stage writes its artifacts through {@link #writeTable}, or opens its own writers on {@link #context()} and feeds them
 * {@link #chunks} of its rows, so that the testkit can vary both and check that the bytes do not change.
 */
public final class StageRun implements AutoCloseable {
  private final Path dir;
  private final int threads;
  private final Chunking chunking;
  private EngineContext context;

  /**
   * A run writing under {@code dir} on an engine context of {@code threads} threads (1: the serial context, everything
   * on the calling thread).
   */
  public StageRun(Path dir, int threads, Chunking chunking) {
    this.dir = Objects.requireNonNull(dir, "dir");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1 but was " + threads);
    }
    this.threads = threads;
    this.chunking = Objects.requireNonNull(chunking, "chunking");
  }

  /** A directory of this run's own, for its outputs. */
  public Path dir() {
    return dir;
  }

  public int threads() {
    return threads;
  }

  public Chunking chunking() {
    return chunking;
  }

  /** The engine context of this run: the serial one for 1 thread, else a pool closed with the run. */
  public EngineContext context() {
    if (context == null) {
      context = threads > 1 ? EngineContext.create("testkit-stage", threads) : EngineContext.serial();
    }
    return context;
  }

  /** {@code columns} cut into this run's chunks. */
  public List<List<Column>> chunks(List<Column> columns) {
    int rows = columns.get(0).length();
    List<List<Column>> out = new ArrayList<>();
    int start = 0;
    for (int size : chunking.sizes(rows)) {
      int from = start;
      out.add(columns.stream().map(c -> c.slice(from, from + size)).toList());
      start += size;
    }
    return out;
  }

  /** Writes {@code columns} to {@code path} chunk by chunk on this run's context; returns {@code path}. */
  public Path writeTable(Path path, List<Column> columns, WriteOptions options) {
    try (TableWriter w = TableWriter.open(path, options, context())) {
      for (List<Column> chunk : chunks(columns)) {
        w.write(chunk);
      }
      w.finish();
    }
    return path;
  }

  @Override
  public void close() {
    if (context != null) {
      context.close();
    }
  }

  @Override
  public String toString() {
    return "threads " + threads + ", " + chunking;
  }
}
