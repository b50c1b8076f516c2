package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColumnFloorTest {
  @TempDir Path dir;

  @Test
  void the_floor_decompresses_every_value_of_a_plain_column_and_declines_a_dictionary_one() throws Exception {
    int n = 300_000; // several pages and two row groups
    double[] random = new Random(1).doubles(n).toArray();
    double[] few = new double[n];
    for (int i = 0; i < n; i++) {
      few[i] = i % 7;
    }
    Path file = dir.resolve("t.parquet");
    TableWriter.writeTable(file, List.of(new Float64Column("b", random), new Float64Column("c", few)),
        WriteOptions.builder().rowGroupRows(200_000).plainColumn("b").build());
    ColumnFloor floor = ColumnFloor.of(file, "b");
    assertNotNull(floor);
    assertEquals(n, floor.run());
    assertEquals(n, floor.run(), "a second pass, through the same window");
    assertNull(ColumnFloor.of(file, "c"), "dictionary pages are another reader's work");
  }
}
