package io.github.artifactio.maven.check;

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

  /**
   * Null when {@code column} can be scanned; else why not (it is missing, or of a type no content rule compares),
   * phrased for a message: {@code "has type Utf8, not an integer or floating-point type"}.
   */
  String describe(String column);

  /** Whether a scannable {@code column} holds integers (else floating-point values). */
  boolean isInteger(String column);
}
