package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** How a scan shares its columns among decode groups: by what their values come to, largest first. */
class ColumnGroupsTest {
  @Test
  void the_read_benchmarks_columns_split_into_two_groups_of_about_equal_values() {
    // id, a, b, c, s, l of the read benchmark's table, in MB of uncompressed values
    int[][] groups = Scan.balanced(new long[] {8, 16, 16, 2, 50, 72}, 2);
    assertArrayEquals(new int[] {0, 3, 5}, groups[0], "the list with id and c: 82");
    assertArrayEquals(new int[] {1, 2, 4}, groups[1], "the strings with a and b: 82");
  }

  @Test
  void no_group_is_left_empty_when_columns_cost_nothing() {
    int[][] groups = Scan.balanced(new long[] {0, 0, 0}, 3);
    assertArrayEquals(new int[] {0}, groups[0]);
    assertArrayEquals(new int[] {1}, groups[1]);
    assertArrayEquals(new int[] {2}, groups[2]);
  }

  @Test
  void one_group_holds_every_column_in_projection_order() {
    assertArrayEquals(new int[] {0, 1, 2, 3}, Scan.balanced(new long[] {5, 1, 9, 2}, 1)[0]);
  }
}
