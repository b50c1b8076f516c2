package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.table.WriteOptions;
import java.util.Arrays;
import java.util.Objects;

/**
 * One write to check: a table, the writer options, a chunking of its rows (sizes that add up to the row count, empty
 * chunks included) and a codec-pool thread count.
 */
public record WriteCase(TableCase table, WriteOptions options, int[] chunks, int threads) {
  public WriteCase {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    chunks = chunks.clone();
    if (Arrays.stream(chunks).asLongStream().sum() != table.rows()) {
      throw new IllegalArgumentException(
          "chunks " + Arrays.toString(chunks) + " do not add up to the " + table.rows() + " rows");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1 but was " + threads);
    }
  }

  @Override
  public int[] chunks() {
    return chunks.clone();
  }

  @Override
  public String toString() {
    String c = chunks.length > 20
        ? chunks.length + " chunks " + Arrays.toString(Arrays.copyOf(chunks, 20)).replace("]", ", ...]")
        : Arrays.toString(chunks);
    return options + ", chunks " + c + ", threads " + threads + "\n  " + table;
  }
}
