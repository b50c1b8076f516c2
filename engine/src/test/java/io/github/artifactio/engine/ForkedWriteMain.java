package io.github.artifactio.engine;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs in a separate JVM (see {@link RuntimeClasspathTest}): writes the fixture table, reads it back, walks its pages
 * and values, and exits 0 only if every column reads back equal and decodes in the walk.
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
    // the footer reader, the page walk and the walk with values need no Hadoop either
    long[] pages = new long[1];
    io.github.artifactio.engine.layout.FileLayout.read(out).walkPages(w -> pages[0] += w.pages().size());
    io.github.artifactio.engine.table.TableFile.open(out).walkPagesAndValues(w -> w.values().ifPresent(v -> {
      if (v.status() != io.github.artifactio.engine.layout.ValueDecoding.Status.DECODED) {
        System.err.println("column " + v.column() + " did not decode in the walk: " + v);
        System.exit(3);
      }
    }));
    if (pages[0] == 0) {
      System.err.println("the page walk found no page");
      System.exit(4);
    }
    System.out.println("ok " + t.rows());
  }

  private ForkedWriteMain() {}
}
