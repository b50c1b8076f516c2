package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Gens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One concatenation to check: a table cut two ways. Along its rows into parts ({@code rowParts}: sizes adding up to
 * the row count, empty parts included), each written with its own options and chunking; along its columns into
 * groups ({@code columnParts}: sizes adding up to the column count), each written with its own options but the same
 * row-group cap ({@code joinCap}, 0 for uncapped), so their row groups line up. {@code keep} is a row selection over
 * the table (one flag per row) for the page-index check.
 */
public record SplitCase(
    TableCase table, int[] rowParts, List<WriteOptions> partOptions, List<int[]> partChunks, int[] columnParts,
    List<WriteOptions> groupOptions, int joinCap, boolean[] keep) {
  public SplitCase {
    Objects.requireNonNull(table, "table");
    rowParts = rowParts.clone();
    columnParts = columnParts.clone();
    partOptions = List.copyOf(partOptions);
    partChunks = List.copyOf(partChunks);
    groupOptions = List.copyOf(groupOptions);
    keep = keep.clone();
    if (Arrays.stream(rowParts).sum() != table.rows() || Arrays.stream(columnParts).sum() != table.columns().size()) {
      throw new IllegalArgumentException("parts " + Arrays.toString(rowParts) + " / " + Arrays.toString(columnParts)
          + " do not cover the table's " + table.rows() + " rows and " + table.columns().size() + " columns");
    }
  }

  /** Cases of {@code shape}: up to 5 row parts and up to 3 column groups. */
  public static Gen<SplitCase> cases(TableShape shape) {
    return s -> {
      TableCase table = s.draw(Tables.tables(shape));
      int rows = table.rows();
      List<String> names = table.columns().stream().map(Column::name).toList();
      int parts = s.draw(Gens.integers(1, 5));
      int[] rowParts = cut(s.draw(Gens.integers(0, Math.max(0, rows)).list(parts - 1, parts - 1)), rows);
      List<WriteOptions> partOptions = new ArrayList<>();
      List<int[]> partChunks = new ArrayList<>();
      for (int size : rowParts) {
        partOptions.add(s.draw(Tables.writeOptions(names, s.draw(Tables.rowGroupCaps()))));
        partChunks.add(s.draw(Tables.chunkings(size)));
      }
      int groups = s.draw(Gens.integers(1, Math.min(3, names.size())));
      // distinct cuts inside the column list: every group holds a column (a table needs one)
      List<Integer> columnCuts = s.draw(Gens.integers(1, Math.max(1, names.size() - 1)).list(groups - 1, groups - 1))
          .stream().distinct().filter(i -> i < names.size()).toList();
      int[] columnParts = cut(columnCuts, names.size());
      int joinCap = s.draw(Tables.rowGroupCaps());
      List<WriteOptions> groupOptions = new ArrayList<>();
      int from = 0;
      for (int size : columnParts) {
        // a group's plain columns are among its own (the writer refuses a name it does not hold)
        groupOptions.add(s.draw(Tables.writeOptions(names.subList(from, from + size), joinCap)));
        from += size;
      }
      boolean[] keep = new boolean[rows];
      int mode = s.draw(Gens.integers(0, 2));
      for (int r = 0; r < rows; r++) {
        keep[r] = mode == 0 ? r % 3 == 0 : mode == 1 ? (r / 97) % 2 == 1 : r >= rows / 2;
      }
      return new SplitCase(table, rowParts, partOptions, partChunks, columnParts, groupOptions, joinCap, keep);
    };
  }

  /** Sizes between sorted cut points in {@code [0, total]}; an empty list is one part. Equal cuts make empty parts. */
  private static int[] cut(List<Integer> points, int total) {
    int[] p = points.stream().mapToInt(i -> Math.min(Math.max(i, 0), total)).sorted().toArray();
    int[] sizes = new int[p.length + 1];
    int prev = 0;
    for (int i = 0; i < p.length; i++) {
      sizes[i] = p[i] - prev;
      prev = p[i];
    }
    sizes[p.length] = total - prev;
    return sizes;
  }

  @Override
  public int[] rowParts() {
    return rowParts.clone();
  }

  @Override
  public int[] columnParts() {
    return columnParts.clone();
  }

  @Override
  public boolean[] keep() {
    return keep.clone();
  }

  @Override
  public String toString() {
    return "row parts " + Arrays.toString(rowParts) + " " + partOptions + ", column groups "
        + Arrays.toString(columnParts) + " (cap " + joinCap + ") " + groupOptions + "\n  " + table;
  }
}
