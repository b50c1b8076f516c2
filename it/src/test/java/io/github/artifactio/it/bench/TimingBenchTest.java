package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimingBenchTest {
  @Test
  void the_schema_given_to_parquet_java_is_the_one_our_writer_writes_column_orders_included(@TempDir Path dir) {
    Path file = dir.resolve("t.parquet");
    TableWriter.writeTable(file, TimingBench.generate(100, 1).columns(), WriteOptions.defaults());
    // the benchmark's cross-check compares these after minutes of timing; this finds a drift in a second
    // (as text: the column orders are printed, and the test stays clear of parquet-java, as ArchitectureTest asks)
    assertEquals(TimingBench.schema().toString(), TableFile.open(file).parquetSchema());
  }
}
