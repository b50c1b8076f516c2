package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rows axis: a table cut into row ranges, each written its own way, spliced back reads as the table. */
class SpliceRowsTest {
  @TempDir Path dir;

  static final List<Column> TABLE = Fixtures.everyKind(9000, 12);
  static final WriteOptions SNAPPY_1000 = WriteOptions.builder().rowGroupRows(1000).build();
  static final WriteOptions PLAIN_UNCOMPRESSED =
      WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(1700).plainColumn("f64").floatPlan(false).build();
  static final WriteOptions UNCAPPED = WriteOptions.defaults();

  @Test
  void a_table_split_by_rows_and_written_three_ways_splices_back_to_the_table() throws Exception {
    List<Path> parts = Parts.write(dir, TABLE, new int[] {0, 2500, 2501, 9000}, SNAPPY_1000, PLAIN_UNCOMPRESSED,
        UNCAPPED);
    Path out = dir.resolve("out/spliced.parquet");
    ConcatResult r = Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertEquals(9000, r.rows());
    assertEquals(ConcatResult.Publish.SPLICED, r.publish());
    assertEquals(3 + 1 + 1, r.rowGroups(), "each input keeps its row groups");
    Table t = Table.read(out);
    for (Column c : TABLE) {
      assertEquals(c, t.column(c.name()), c.name());
    }
    assertEquals(Blake3.hashFile(out), r.contentHash(), "hashed while written");
    assertEquals(Files.size(out), r.bytesWritten());
  }

  @Test
  void the_footer_keeps_the_arrow_schema_and_the_indexes_and_records_where_every_row_came_from() {
    List<Path> parts = Parts.write(dir, TABLE, new int[] {0, 4000, 9000}, SNAPPY_1000, UNCAPPED);
    Path out = dir.resolve("spliced.parquet");
    ConcatResult r = Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    TableFile whole = TableFile.open(parts.get(0));
    TableFile spliced = TableFile.openWithOffsetIndex(out);
    assertEquals(whole.metadata().get("ARROW:schema"), spliced.metadata().get("ARROW:schema"));
    assertFalse(spliced.metadata().containsKey("artifact_io.writer"), "no single writer wrote the spliced bytes");
    assertTrue(spliced.rowGroups().stream().allMatch(g -> g.chunks().stream().allMatch(c -> c.hasOffsetIndex())));
    Provenance p = Provenance.read(out).orElseThrow();
    assertEquals(r.provenance().toJson(), p.toJson());
    assertEquals(new Provenance.Origin(0, "part-0.parquet", 3999), p.origin(3999));
    assertEquals(new Provenance.Origin(1, "part-1.parquet", 0), p.origin(4000));
    assertEquals(new Provenance.Origin(1, "part-1.parquet", 4999), p.origin(8999));
    assertEquals(Blake3.hashFile(parts.get(1)).hex(), p.inputs().get(1).blake3());
  }

  @Test
  void the_same_inputs_give_the_same_bytes_on_the_serial_context_and_with_threads() throws Exception {
    List<Path> parts = Parts.write(dir, TABLE, new int[] {0, 3000, 6000, 9000}, SNAPPY_1000, PLAIN_UNCOMPRESSED);
    Path a = dir.resolve("a/out.parquet");
    Path b = dir.resolve("b/out.parquet");
    ConcatResult ra = Concat.concat(a, parts, Axis.ROWS, ConcatOptions.builder().bufferBytes(1 << 20).build());
    ConcatResult rb;
    try (io.github.artifactio.engine.EngineContext context =
        io.github.artifactio.engine.EngineContext.create("concat-test", 2)) {
      rb = Concat.concat(b, parts, Axis.ROWS, ConcatOptions.builder().context(context).build());
    }
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    assertEquals(ra.contentHash(), rb.contentHash());
    assertArrayEquals(Files.readAllBytes(a.resolveSibling("out.parquet.report.json")),
        Files.readAllBytes(b.resolveSibling("out.parquet.report.json")));
  }

  @Test
  void a_splice_gives_its_context_turns_back_so_the_next_one_hashes_on_its_threads_too() {
    List<Path> parts = Parts.write(dir, TABLE, new int[] {0, 4500, 9000}, SNAPPY_1000);
    try (io.github.artifactio.engine.EngineContext context =
        io.github.artifactio.engine.EngineContext.create("concat-turns", 2)) {
      io.github.artifactio.engine.internal.concurrent.Workers workers =
          io.github.artifactio.engine.internal.concurrent.Workers.of(context);
      for (int i = 0; i < 3; i++) {
        Concat.concat(dir.resolve("turns-" + i + ".parquet"), parts, Axis.ROWS,
            ConcatOptions.builder().context(context).bufferBytes(1 << 20).build());
        // a turn kept by a finished splice leaves every later one on the calling thread alone (a benchmark's
        // rounds after the first hashed 1.2 GB on one core)
        assertEquals(0, workers.activeTurns(), "turns held after splice " + i);
      }
    }
  }

  @Test
  void chosen_row_groups_are_spliced_and_the_provenance_names_them() {
    List<Path> parts = Parts.write(dir, TABLE, new int[] {0, 5000, 9000}, SNAPPY_1000);
    Path out = dir.resolve("chosen.parquet");
    ConcatResult r;
    try (SpliceWriter w = SpliceWriter.open(out, ConcatOptions.defaults())) {
      w.append(parts.get(0), 1, 2, 4);
      w.append(parts.get(1));
      r = w.finish();
    }
    assertEquals(3000 + 4000, r.rows());
    Table t = Table.read(out);
    Column id = TABLE.get(0);
    List<Column> expected = List.of(id.slice(1000, 3000), id.slice(4000, 5000), id.slice(5000, 9000));
    long[] want = new long[7000];
    int k = 0;
    for (Column c : expected) {
      for (long v : ((io.github.artifactio.engine.column.Int64Column) c).values()) {
        want[k++] = v;
      }
    }
    assertArrayEquals(want, t.get(id.name(), io.github.artifactio.engine.table.As.INT64));
    Provenance p = Provenance.read(out).orElseThrow();
    assertEquals(List.of(new Provenance.Run(0, 0, 1000, 2000), new Provenance.Run(0, 2000, 4000, 1000),
        new Provenance.Run(1, 3000, 0, 4000)), p.runs());
    assertEquals(new Provenance.Origin(0, "part-0.parquet", 4000), p.origin(2000));
    assertTrue(Optional.of(p).isPresent());
  }
}
