package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: a table cut into row ranges, each written with its own options. */
final class Parts {
  private Parts() {}

  static List<Column> slice(List<Column> table, int from, int to) {
    List<Column> out = new ArrayList<>();
    for (Column c : table) {
      out.add(c.slice(from, to));
    }
    return out;
  }

  /**
   * Writes rows {@code [cuts[i], cuts[i+1])} of {@code table} to {@code dir/part-i.parquet} with {@code options[i]}.
   */
  static List<Path> write(Path dir, List<Column> table, int[] cuts, WriteOptions... options) {
    List<Path> out = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      Path p = dir.resolve("part-" + i + ".parquet");
      TableWriter.writeTable(p, slice(table, cuts[i], cuts[i + 1]), options[i % options.length]);
      out.add(p);
    }
    return out;
  }

  /** The columns of {@code table} named {@code names}, in that order. */
  static List<Column> pick(List<Column> table, String... names) {
    List<Column> out = new ArrayList<>();
    for (String n : names) {
      out.add(table.stream().filter(c -> c.name().equals(n)).findFirst().orElseThrow());
    }
    return out;
  }
}
