package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.NullValueException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ColumnType.Leaf;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every accessor against every kind: it reads exactly the kinds of its value type and shape (either nullability for
 * scalars, List and LargeList alike for lists) and refuses the others with a type error, whatever kinds exist.
 */
class AsTest {
  @TempDir Path dir;

  /** Each form with the kinds it reads, stated from the kinds' properties rather than listed. */
  private static final Map<As<?>, Predicate<ColumnType>> READS = new LinkedHashMap<>();

  static {
    Map<As<?>, Leaf> scalars = new LinkedHashMap<>();
    scalars.put(As.INT64, Leaf.INT64);
    scalars.put(As.INT32, Leaf.INT32);
    scalars.put(As.UINT32, Leaf.UINT32);
    scalars.put(As.FLOAT64, Leaf.FLOAT64);
    scalars.put(As.FLOAT32, Leaf.FLOAT32);
    scalars.put(As.BOOL, Leaf.BOOL);
    scalars.put(As.UTF8, Leaf.UTF8);
    scalars.put(As.UTF8_FLAT, Leaf.UTF8);
    scalars.put(As.OPT_INT64, Leaf.INT64);
    scalars.put(As.OPT_INT32, Leaf.INT32);
    scalars.put(As.OPT_UINT32, Leaf.UINT32);
    scalars.put(As.OPT_FLOAT64, Leaf.FLOAT64);
    scalars.put(As.OPT_FLOAT32, Leaf.FLOAT32);
    scalars.put(As.OPT_BOOL, Leaf.BOOL);
    scalars.put(As.OPT_UTF8, Leaf.UTF8);
    scalars.forEach((as, leaf) -> READS.put(as, t -> !t.isList() && t.leaf() == leaf));
    READS.put(As.LIST_FLOAT32, t -> t.isList() && t.leaf() == Leaf.FLOAT32);
    READS.put(As.LIST_FLOAT64, t -> t.isList() && t.leaf() == Leaf.FLOAT64);
  }

  @Test
  void every_form_reads_its_kinds_and_refuses_every_other_kind_by_name() {
    List<Column> every = Fixtures.everyKind(30, 9);
    Table t = new Table(dir.resolve("t.parquet"), 30, specs(every), every);
    int read = 0;
    for (Map.Entry<As<?>, Predicate<ColumnType>> form : READS.entrySet()) {
      for (Column c : every) {
        String what = form.getKey() + " of " + c.type();
        if (form.getValue().test(c.type())) {
          try {
            assertEquals(30, length(t.get(c.name(), form.getKey())), what);
          } catch (NullValueException e) {
            assertTrue(c.nullCount() > 0, what + ": a required form refuses a null, and only a null");
          }
          read++;
        } else {
          ColumnTypeException e = assertThrows(ColumnTypeException.class, () -> t.get(c.name(), form.getKey()), what);
          assertTrue(e.getMessage().contains("'" + c.name() + "'"), e.getMessage());
        }
      }
    }
    assertEquals(2 * 15 + 2 + 1, read, "each scalar form reads two kinds, List(Float32) two, List(Float64) one");
  }

  @Test
  void a_nullable_column_without_nulls_reads_through_the_required_form_and_a_required_one_through_the_opt_form() {
    Column ids = OptInt64Column.of("id", 4L, 5L);
    Table t = new Table(dir.resolve("t.parquet"), 2, specs(List.of(ids)), List.of(ids));
    assertArrayEquals(new long[] {4, 5}, t.get("id", As.INT64));
    Column names = Utf8Column.of("name", "a", "b");
    Table u = new Table(dir.resolve("u.parquet"), 2, specs(List.of(names)), List.of(names));
    assertEquals(0, u.get("name", As.OPT_UTF8).nullCount());
    assertArrayEquals(new String[] {"a", "b"}, u.get("name", As.UTF8));
  }

  private static List<ColumnSpec> specs(List<Column> columns) {
    return columns.stream()
        .map(c -> new ColumnSpec(c.name(), c.type().arrowName(), c.type().nullable(), "?", c.type()))
        .toList();
  }

  private static int length(Object v) {
    if (v instanceof Column c) {
      return c.length();
    }
    return java.lang.reflect.Array.getLength(v);
  }

  @Test
  void the_forms_read_distinct_sets_of_kinds_that_cover_every_kind() {
    for (ColumnType kind : ColumnType.values()) {
      long forms = READS.values().stream().filter(p -> p.test(kind)).count();
      assertTrue(forms >= 1, kind + " has a form that reads it");
    }
    assertEquals(Set.copyOf(READS.keySet()).size(), READS.size());
  }
}
