package io.github.artifactio.engine.internal.parquet;

import java.util.function.IntConsumer;

/**
 * Runs one task per top-level column. The serial writer runs them in a loop on the calling thread; a pool may run
 * them concurrently. Each task touches only its own column's encoder, so the bytes cannot depend on which.
 */
@FunctionalInterface
public interface ColumnRunner {
  ColumnRunner SERIAL =
      (n, task) -> {
        for (int i = 0; i < n; i++) {
          task.accept(i);
        }
      };

  /** Runs {@code task.accept(i)} for every {@code i} in {@code [0, n)} and returns when all are done. */
  void run(int n, IntConsumer task);
}
