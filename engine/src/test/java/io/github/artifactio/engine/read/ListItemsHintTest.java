package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A list column's items array is sized from the previous batch; batches whose item counts jump up or down from one to
 * the next (the hint far too small, then far too large) still read every row's items.
 */
class ListItemsHintTest {
  @TempDir Path dir;

  @Test
  void batchesWithItemCountsFarFromThePreviousBatchReadEveryItem() {
    int n = 5_000;
    float[][] rows = new float[n][];
    for (int i = 0; i < n; i++) {
      // 1,000-row stretches alternating between empty lists, 40 items and one item
      int stretch = (i / 1_000) % 3;
      int len = stretch == 0 ? 0 : stretch == 1 ? 40 : 1;
      rows[i] = new float[len];
      for (int k = 0; k < len; k++) {
        rows[i][k] = i * 100 + k;
      }
    }
    ListFloat32Column written = ListFloat32Column.of("trace", rows);
    Path file = dir.resolve("lists.parquet");
    TableWriter.writeTable(file, List.of(written));
    List<Column> parts = new ArrayList<>();
    try (BatchReader r = TableFile.open(file).batches(List.of("trace"), 1_000)) {
      while (r.hasNext()) {
        Batch b = r.next();
        parts.add(b.column("trace"));
      }
    }
    assertEquals(5, parts.size());
    int row = 0;
    for (Column part : parts) {
      ListFloat32Column c = (ListFloat32Column) part;
      for (int i = 0; i < c.length(); i++, row++) {
        assertEquals(written.slice(row, row + 1), c.slice(i, i + 1), "row " + row);
      }
    }
    assertEquals(n, row);
  }
}
