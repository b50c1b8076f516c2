package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Direct IO changes how the bytes reach the disk, never which bytes: the same file as through the page cache. */
class DirectIoTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 1000, 2 * 65_536 + 17})
  void a_direct_write_is_the_buffered_writes_bytes_and_its_digest_the_files(int n) {
    List<Column> table = Fixtures.everyKind(n, 11);
    Path buffered = dir.resolve("buffered.parquet");
    TableWriter.writeTable(buffered, table);
    Path direct = dir.resolve("direct.parquet");
    Written w = TableWriter.writeTable(direct, table, WriteOptions.builder().directIo(true).contentHash().build());
    assertArrayEquals(Layouts.bytes(buffered), Layouts.bytes(direct));
    assertEquals(Blake3.hashFile(direct), w.contentHash().orElseThrow());
    assertEquals(n, TableFile.open(direct).read().rows());
  }

  @Test
  void a_chunked_column_parallel_direct_write_is_the_serial_buffered_ones_bytes() {
    List<Column> table = Fixtures.everyKind(9000, 12);
    Path serial = dir.resolve("serial.parquet");
    TableWriter.writeTable(serial, table, WriteOptions.builder().rowGroupRows(2000).build());
    Path direct = dir.resolve("direct.parquet");
    try (EngineContext pool = EngineContext.create("direct", 2);
        TableWriter w = TableWriter.open(direct, WriteOptions.builder().rowGroupRows(2000).directIo(true).build(),
            pool)) {
      for (int at = 0; at < 9000; at += 1234) {
        w.write(ChunkedWriterTest.rows(table, at, Math.min(9000, at + 1234)));
      }
      w.finish();
    }
    assertArrayEquals(Layouts.bytes(serial), Layouts.bytes(direct));
  }

  @Test
  void the_option_is_kept_by_toBuilder_and_shown() {
    WriteOptions o = WriteOptions.builder().directIo(true).build();
    assertEquals(true, o.toBuilder().build().directIo());
    assertEquals(false, WriteOptions.defaults().directIo());
    assertEquals(true, o.toString().contains("directIo=true"));
  }
}
