package io.github.artifactio.engine.internal.parquet.format;

import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.FooterException.Problem;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.SchemaElement;

/**
 * The bound on how deep a footer's schema may nest. parquet-java converts a schema recursively (a frame or more per
 * level), and building each leaf's dotted path costs its depth, so a hostile schema nested 10,000 deep overflowed the
 * stack of every reader and took quadratic memory. No writer nests anywhere near {@link #MAX_DEPTH} (the engine's own
 * files nest 3 deep, Arrow's nested types a few more), so a deeper schema is refused before anything converts it.
 */
final class SchemaDepth {
  /** The deepest nesting read: the root is depth 0, its fields 1, a list's item of a top-level list 3. */
  static final int MAX_DEPTH = 100;

  private SchemaDepth() {}

  /**
   * Walks the flat, depth-first schema list with a counter per open group (no recursion, no strings) and refuses a
   * schema deeper than {@link #MAX_DEPTH}. Counts that do not add up are left to the layout, which names them.
   */
  static void check(Path path, List<SchemaElement> schema) {
    if (schema == null || schema.isEmpty()) {
      return;
    }
    int[] left = new int[MAX_DEPTH + 1]; // children still to come, per open group; left[0] is the root
    int depth = 0;
    left[0] = Math.max(0, schema.get(0).getNum_children());
    for (int i = 1; i < schema.size() && depth >= 0; i++) {
      while (depth >= 0 && left[depth] == 0) {
        depth--;
      }
      if (depth < 0) {
        return;
      }
      left[depth]--;
      SchemaElement e = schema.get(i);
      if (e.isSetNum_children() && e.getNum_children() > 0) {
        if (depth + 1 >= MAX_DEPTH) {
          throw new FooterException(path, Problem.SCHEMA_TOO_DEEP, "the footer's schema nests groups " + MAX_DEPTH
              + " levels deep at schema element " + i + " of " + schema.size() + ", deeper than the "
              + (MAX_DEPTH - 1) + " levels this engine reads", null);
        }
        left[++depth] = e.getNum_children();
      }
    }
  }
}
