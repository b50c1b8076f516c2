package io.github.artifactio.checks.rules;

import java.util.List;
import java.util.function.Consumer;

/**
 * The one way content rules read data: the values of one column of one file, in row order, chunk by chunk. Rules
 * keep O(1) state across chunks, so memory is bounded by the largest chunk an implementation hands out, never by the
 * file. {@link BatchColumnSource} is the implementation: the engine's streaming reader, one bounded batch of one
 * column at a time.
 */
public interface ColumnSource {
  /**
   * Streams the values of {@code column}, which must be an integer or floating-point column (see {@link
   * #describe}).
   *
   * @throws io.github.artifactio.engine.ArtifactException when the column cannot be read (an unsupported codec, a
   *     corrupt page); rules report that as undetermined
   */
  void scan(String column, Consumer<ValueChunk> consumer);

  /** {@link #scan(String, Consumer)} over row groups {@code [fromGroup, toGroup)} alone. */
  void scan(String column, int fromGroup, int toGroup, Consumer<ValueChunk> consumer);

  /**
   * Null when {@code column} can be scanned; else why not (it is missing, or of a type no content rule compares),
   * phrased for a message: {@code "has type Utf8, not an integer or floating-point type"}.
   */
  String describe(String column);

  /** Whether a scannable {@code column} holds integers (else floating-point values). */
  boolean isInteger(String column);

  /**
   * Null when {@code column} can be a key of {@link #scanRows} (an integer, floating-point, boolean or utf8 column
   * that is not nested); else why not, phrased as {@link #describe} does.
   */
  String describeKey(String column);

  /**
   * Streams {@code columns} of one row group together, in row order: each call gets the same rows of every column,
   * in the order named, so a rule can compare rows over several columns (a declared multi-column sort order) with
   * memory bounded by one batch per column.
   *
   * @throws io.github.artifactio.engine.ArtifactException when a column cannot be read
   */
  void scanRows(int rowGroup, List<String> columns, Consumer<Rows> consumer);

  /**
   * Consecutive rows of several columns of one row group.
   *
   * @param firstRow the file row of the first row
   * @param columns the key values of each requested column, in the requested order, each of {@code size} rows
   */
  record Rows(int rowGroup, long firstRow, int size, List<KeyValues> columns) {}
}
