package io.github.artifactio.engine;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs in a separate JVM (see {@link RuntimeClasspathTest}): writes the fixture table, reads it back, and exits 0 only
 * if every column reads back equal.
 */
public final class ForkedWriteMain {
  public static void main(String[] args) {
    Path out = Path.of(args[0]);
    int rows = Integer.parseInt(args[1]);
    List<Column> cols = Fixtures.everyKind(rows, 2026);
    TableWriter.writeTable(out, cols, WriteOptions.builder().rowGroupRows(4000).metadata("k", "v").build());
    Table t = Table.read(out);
    for (Column c : cols) {
      if (!c.equals(t.column(c.name()))) {
        System.err.println("column " + c.name() + " read back different");
        System.exit(2);
      }
    }
    System.out.println("ok " + t.rows());
  }

  private ForkedWriteMain() {}
}
