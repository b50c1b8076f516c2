package io.github.artifactio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.SpanReadOptions;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Written;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the serial context the engine starts no thread: hashed, capped, chunked writes, scans asking for column groups
 * and prefetched spans, and file hashes all run on the calling thread. Counted with the JVM's started-thread counter
 * over a second round of the same work, so that threads the JVM starts lazily on first use are not counted.
 */
class SerialContextTest {
  @TempDir Path dir;

  @Test
  void the_serial_context_starts_no_thread_for_writes_hashes_or_scans() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    work(dir.resolve("warm-up.parquet"));
    long before = mx.getTotalStartedThreadCount();
    work(dir.resolve("counted.parquet"));
    assertEquals(before, mx.getTotalStartedThreadCount(), "threads started during the serial work");
  }

  private static void work(Path p) {
    SplittableRandom r = new SplittableRandom(5);
    List<Column> cols = new ArrayList<>();
    for (String name : List.of("a", "b", "c", "d")) {
      cols.add(new Float64Column(name, r.doubles(300_000).toArray()));
    }
    cols.add(new Int64Column("id", r.longs(300_000).toArray()));
    EngineContext serial = EngineContext.serial();
    Written w = TableWriter.writeTable(
        p, cols, WriteOptions.builder().rowGroupRows(50_000).contentHash().build(), serial);
    assertEquals(Blake3.hashFile(p, serial), w.contentHash().orElseThrow());
    ScanOptions everything = ScanOptions.builder()
        .context(serial)
        .decodeThreads(4)
        .coalesce(new SpanReadOptions(0, 512L << 20, 1L << 30, true))
        .build();
    long rows = 0;
    try (BatchReader b = TableFile.open(p).batches(null, 10_000, everything)) {
      assertEquals(1, b.decodeGroups());
      while (b.hasNext()) {
        rows += b.next().rows();
      }
      assertEquals(0, b.spanStats().orElseThrow().prefetches(), "no prefetch without a thread");
    }
    assertEquals(300_000, rows);
  }
}
