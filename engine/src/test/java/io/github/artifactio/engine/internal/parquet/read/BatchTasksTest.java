package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a parallel scan cuts a batch's heavy columns in two and in which order its threads take the tasks. */
class BatchTasksTest {
  /** The read benchmark's layout: pages of 20,000 rows in every column, row groups of 1,048,576 rows. */
  private static final BatchTasks.PageStarts EVERY_20000 = (g, from, to) -> {
    List<Long> out = new ArrayList<>();
    for (long p = (from / 20_000 + 1) * 20_000; p < to; p += 20_000) {
      out.add(p);
    }
    return out;
  };

  private static final BatchTasks.PageStarts NONE = (g, from, to) -> List.of();

  @Test
  void a_batch_is_cut_at_the_page_start_nearest_its_middle() {
    List<Scan.Op> batch = List.of(new Scan.Op(0, 65_536, 65_536));
    // page starts 80,000, 100,000 and 120,000 fall at batch rows 14,464, 34,464 and 54,464
    assertEquals(new BatchTasks.Cut(34_464, true), BatchTasks.cut(batch, 65_536, EVERY_20000));
  }

  @Test
  void a_batch_over_two_row_groups_may_be_cut_where_the_second_begins() {
    List<Scan.Op> batch = List.of(new Scan.Op(3, 100_000, 30_000), new Scan.Op(4, 0, 35_536));
    assertEquals(new BatchTasks.Cut(30_000, false), BatchTasks.cut(batch, 65_536, NONE));
  }

  @Test
  void no_cut_is_made_where_a_part_would_hold_under_an_eighth_of_the_batch() {
    List<Scan.Op> batch = List.of(new Scan.Op(0, 0, 65_536));
    BatchTasks.PageStarts nearTheEnd = (g, from, to) -> List.of(60_000L);
    assertNull(BatchTasks.cut(batch, 65_536, nearTheEnd));
    assertNull(BatchTasks.cut(batch, 65_536, NONE), "a column whose page starts are not known is read whole");
  }

  @Test
  void the_reads_of_a_batch_part_at_the_cut() {
    List<Scan.Op> batch = List.of(new Scan.Op(0, 900, 100), new Scan.Op(1, 0, 50), new Scan.Op(1, 70, 30));
    List<List<Scan.Op>> parts = new BatchTasks.Cut(120, true).split(batch);
    assertEquals(List.of(new Scan.Op(0, 900, 100), new Scan.Op(1, 0, 20)), parts.get(0));
    assertEquals(List.of(new Scan.Op(1, 20, 30), new Scan.Op(1, 70, 30)), parts.get(1));
    List<List<Scan.Op>> atAnOp = new BatchTasks.Cut(100, false).split(batch);
    assertEquals(List.of(new Scan.Op(0, 900, 100)), atAnOp.get(0));
    assertEquals(batch.subList(1, 3), atAnOp.get(1));
  }

  @Test
  void the_threads_take_the_largest_tasks_first_and_equal_ones_in_column_order() {
    List<String> ran = new ArrayList<>();
    BatchTasks tasks = new BatchTasks(4);
    tasks.whole(0, 8, rows -> record(ran, "id", rows), 10);
    tasks.whole(1, 50, rows -> record(ran, "s", rows), 10);
    tasks.whole(2, 8, rows -> record(ran, "c", rows), 10);
    tasks.parts(3, 72, 10, 4, b -> ran.add("l first"), b -> ran.add("l second"),
        (rows, filled) -> new Builders.I32("l", false, rows, false), Builders.Base::build);
    tasks.ordered();
    Column[] out = new Column[4];
    for (int t = 0; t < tasks.size(); t++) {
      tasks.run(t, out);
    }
    // the list's parts cost 72 * 4/10 and 72 * 6/10
    assertEquals(List.of("s", "l second", "l first", "id", "c"), ran);
  }

  private static Column record(List<String> ran, String name, int rows) {
    ran.add(name);
    return new Int32Column(name, new int[rows]);
  }

  @Test
  void the_part_that_ends_last_joins_both_into_the_column() {
    BatchTasks tasks = new BatchTasks(4);
    tasks.parts(0, 10, 3, 2, head -> fill((Builders.Utf8) head, "a", "bc"), tail -> fill((Builders.Utf8) tail, "def"),
        (rows, filled) -> new Builders.Utf8("s", false, rows), Builders.Base::build);
    Column[] out = new Column[1];
    tasks.run(1, out);
    assertNull(out[0], "the first part has not ended");
    tasks.run(0, out);
    Utf8Column s = (Utf8Column) out[0];
    assertArrayEquals(new int[] {0, 1, 3, 6}, s.offsets());
    assertEquals("abcdef", new String(s.data(), java.nio.charset.StandardCharsets.UTF_8));
  }

  private static void fill(Builders.Utf8 b, String... values) {
    for (String v : values) {
      byte[] bytes = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      b.append(bytes, 0, bytes.length);
      b.offsets[++b.size] = b.used;
    }
  }

  @Test
  void list_parts_join_with_the_second_parts_offsets_moved_past_the_first_parts_items() {
    Builders.ListF32 head = new Builders.ListF32("l", 3, false, -1);
    Builders.ListF32 tail = new Builders.ListF32("l", 2, false, -1);
    head.values[0] = 1f;
    head.offsets[1] = 1;
    head.valid[0] = true;
    head.items = 1;
    head.size = 1; // one row [1.0]; then a null row and [2.0, 3.0] in the second part
    tail.offsets[1] = 0;
    tail.valid[1] = true;
    tail.values[0] = 2f;
    tail.values[1] = 3f;
    tail.offsets[2] = 2;
    tail.items = 2;
    tail.size = 2;
    head.append(tail);
    ListFloat32Column l = (ListFloat32Column) head.build();
    assertArrayEquals(new int[] {0, 1, 1, 3}, l.offsets());
    assertArrayEquals(new float[] {1f, 2f, 3f}, l.values());
    assertArrayEquals(new boolean[] {true, false, true}, l.valid());
  }
}
