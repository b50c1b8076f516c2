package io.github.artifactio.engine.table;

import java.util.List;
import java.util.OptionalDouble;

/**
 * A column's footer statistics for one row group, as numbers: its row count, and min and max where the footer holds
 * numeric ones (unsigned 32-bit values read as unsigned; empty for strings, lists of nothing and groups without
 * statistics).
 */
public record RowGroupStats(long rows, OptionalDouble min, OptionalDouble max) {
  /** Whether every group has min and max and each group's max is at most the next group's min. */
  public static boolean sortedByColumn(List<RowGroupStats> groups) {
    for (int i = 0; i < groups.size(); i++) {
      RowGroupStats g = groups.get(i);
      if (g.min.isEmpty() || g.max.isEmpty()) {
        return false;
      }
      if (i > 0 && groups.get(i - 1).max.getAsDouble() > g.min.getAsDouble()) {
        return false;
      }
    }
    return true;
  }
}
