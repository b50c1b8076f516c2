package io.github.artifactio.checks;

import static io.github.artifactio.checks.Validation.messages;
import static io.github.artifactio.checks.Validation.result;
import static io.github.artifactio.checks.Validation.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.layout.SortingColumn;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sort order the footer declares over several columns is verified over all of them, lexicographically. */
class DeclaredOrderTest {
  @TempDir Path dir;

  /** A {@code sorting_columns} entry; column indexes are leaf positions in the file's schema. */
  private static SortingColumn key(int leaf, boolean descending, boolean nullsFirst) {
    return new SortingColumn(leaf, descending, nullsFirst);
  }

  private RuleResult ascending(String file) {
    return result(run(dir, List.of(), List.of()), file, "ascending");
  }

  @Test
  void ties_on_the_first_declared_column_are_ordered_by_the_second() {
    Inputs.declareSort(Inputs.write(dir.resolve("ok.parquet"), List.of(Int64Column.of("a", 1, 1, 1, 2, 2, 3),
        Utf8Column.of("b", "a", "b", "c", "a", "b", "a")), 4), key(0, false, false), key(1, false, false));
    RuleResult ok = ascending("ok.parquet");
    assertEquals(Status.PASS, ok.status(), ok.toString());
    assertEquals("declared a ascending nulls last, b ascending nulls last in 2 row groups: holds", ok.observed());
  }

  @Test
  void a_second_column_out_of_order_within_a_tie_fails_and_names_both_columns_and_the_row() {
    // a alone is sorted: a check of the first declared column only would pass this file
    Inputs.declareSort(Inputs.write(dir.resolve("bad.parquet"), List.of(Int64Column.of("a", 1, 1, 1, 2, 2, 3),
        Utf8Column.of("b", "a", "c", "b", "b", "a", "a")), 100), key(0, false, false), key(1, false, false));
    RuleResult r = ascending("bad.parquet");
    assertEquals(Status.FAIL, r.status());
    assertEquals(List.of("[ascending] bad.parquet, column 'b', row group 0: (a=1, b='b') follows (a=1, b='c'), but the"
        + " row group declares the rows sorted by a ascending nulls last, b ascending nulls last (sorting_columns)"
        + " (first offending row 2; 2 violations)"), messages(r));
    assertEquals("declared a ascending nulls last, b ascending nulls last in 1 row group: 2 inversions", r.observed());
  }

  @Test
  void descending_and_nulls_first_are_honoured_per_column() {
    List<io.github.artifactio.engine.column.Column> cols = List.of(OptInt64Column.of("a", null, 3L, 2L, 2L, 1L),
        OptInt64Column.of("b", 9L, 5L, 1L, null, 7L));
    // a descending with its NULL first; within a == 2, b ascending with its NULL last
    Inputs.declareSort(Inputs.write(dir.resolve("desc.parquet"), cols, 100), key(0, true, true), key(1, false, false));
    assertEquals(Status.PASS, ascending("desc.parquet").status());
    // the same rows declared with a's nulls last: the NULL in row 0 should have come after every value
    Inputs.declareSort(Inputs.write(dir.resolve("desc.parquet"), cols, 100), key(0, true, false), key(1, false, false));
    assertEquals(List.of("[ascending] desc.parquet, column 'a', row group 0: (a=3, b=5) follows (a=NULL, b=9), but the"
        + " row group declares the rows sorted by a descending nulls last, b ascending nulls last (sorting_columns)"
        + " (first offending row 1; 1 violation)"), messages(ascending("desc.parquet")));
    // and with b's nulls first: within a == 2, the NULL in row 3 should have come before 1
    Inputs.declareSort(Inputs.write(dir.resolve("desc.parquet"), cols, 100), key(0, true, true), key(1, false, true));
    assertEquals(List.of("[ascending] desc.parquet, column 'b', row group 0: (a=2, b=NULL) follows (a=2, b=1), but the"
        + " row group declares the rows sorted by a descending nulls first, b ascending nulls first (sorting_columns)"
        + " (first offending row 3; 1 violation)"), messages(ascending("desc.parquet")));
  }

  @Test
  void a_tie_broken_wrongly_across_two_batches_is_found_at_the_first_row_of_the_second() {
    int n = 70_000;
    long[] a = new long[n];
    long[] b = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = (i + 1) / 2; // rows 65,535 and 65,536 tie on a, on either side of the first batch edge
      b[i] = (i + 1) % 2;
    }
    b[65_535] = 1;
    b[65_536] = 0;
    Inputs.declareSort(Inputs.write(dir.resolve("edge.parquet"), List.of(new Int64Column("a", a),
        new Int64Column("b", b)), n), key(0, false, false), key(1, false, false));
    assertEquals(List.of("[ascending] edge.parquet, column 'b', row group 0: (a=32768, b=0) follows (a=32768, b=1),"
        + " but the row group declares the rows sorted by a ascending nulls last, b ascending nulls last"
        + " (sorting_columns) (first offending row 65536; 1 violation)"), messages(ascending("edge.parquet")));
  }
}
