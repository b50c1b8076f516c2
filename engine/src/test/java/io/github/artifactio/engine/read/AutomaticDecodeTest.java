package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.internal.parquet.read.Scan;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Automatic decode splits a projection where it pays, as ScanOptions documents; the caller owns the threads. */
class AutomaticDecodeTest {
  static final long MIB = 1 << 20;
  @TempDir Path dir;

  @Test
  void three_balanced_columns_with_a_mebibyte_per_row_group_split_over_the_cores() {
    long[] third = {MIB / 3 + 1, MIB / 3 + 1, MIB / 3 + 1};
    assertEquals(2, Scan.autoGroups(third, 1, 2));
    assertEquals(3, Scan.autoGroups(third, 1, 16), "at most one group per column");
    long[] twelve = new long[12];
    java.util.Arrays.fill(twelve, MIB);
    assertEquals(8, Scan.autoGroups(twelve, 1, 64), "at most 8 groups");
    assertEquals(2, Scan.autoGroups(new long[] {4 * MIB, 4 * MIB, 4 * MIB}, 10, 2), "bytes are per kept row group");
  }

  @Test
  void the_single_reader_decodes_below_a_mebibyte_per_row_group() {
    assertEquals(1, Scan.autoGroups(new long[] {MIB / 3, MIB / 3, MIB / 3}, 1, 2));
    assertEquals(1, Scan.autoGroups(new long[] {4 * MIB, 4 * MIB, 4 * MIB}, 13, 2), "12 MiB over 13 row groups");
  }

  @Test
  void the_single_reader_decodes_one_or_two_columns_and_a_projection_one_column_dominates() {
    assertEquals(1, Scan.autoGroups(new long[] {64 * MIB}, 1, 2));
    assertEquals(1, Scan.autoGroups(new long[] {32 * MIB, 32 * MIB}, 1, 2));
    assertEquals(1, Scan.autoGroups(new long[] {MIB + 1, MIB / 2, MIB / 2}, 1, 2), "one column holds over half");
    assertEquals(2, Scan.autoGroups(new long[] {MIB, MIB / 2, MIB / 2}, 1, 2), "exactly half still splits");
  }

  @Test
  void one_core_never_splits() {
    assertEquals(1, Scan.autoGroups(new long[] {8 * MIB, 8 * MIB, 8 * MIB}, 1, 1));
  }

  /** Four random float64 columns of 2.4 MB each in one row group. */
  private Path fourColumns() {
    SplittableRandom r = new SplittableRandom(3);
    List<Column> cols = new ArrayList<>();
    for (String name : List.of("w", "x", "y", "z")) {
      cols.add(new Float64Column(name, r.doubles(300_000).toArray()));
    }
    Path p = dir.resolve("four.parquet");
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(300_000).build());
    return p;
  }

  @Test
  void a_scan_with_a_context_follows_the_rule_and_on_the_serial_one_or_on_request_uses_the_single_reader() {
    TableFile f = TableFile.open(fourColumns());
    int cores = Runtime.getRuntime().availableProcessors();
    try (EngineContext pool = EngineContext.create("auto", 2)) {
      ScanOptions auto = ScanOptions.builder().context(pool).build();
      try (BatchReader r = f.batches(null, 65_536, auto)) {
        assertEquals(cores < 2 ? 1 : Math.min(cores, 4), r.decodeGroups(), "4 balanced columns, ~9.6 MB");
      }
      try (BatchReader r = f.batches(List.of("w", "x"), 65_536, auto)) {
        assertEquals(1, r.decodeGroups(), "two columns");
      }
      try (BatchReader r = f.batches(null, 65_536, ScanOptions.builder().context(pool).singleReader().build())) {
        assertEquals(1, r.decodeGroups(), "single reader on request");
      }
      try (BatchReader r = f.batches(null, 65_536, ScanOptions.builder().decodeThreads(4).build())) {
        assertEquals(1, r.decodeGroups(), "the serial context, no parallelism");
      }
      try (BatchReader r = f.batches(null, 65_536)) {
        assertEquals(1, r.decodeGroups(), "the defaults have the serial context");
      }
    }
  }
}
