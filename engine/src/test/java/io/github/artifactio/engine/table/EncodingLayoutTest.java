package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.UInt32Column;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row-group caps, page layout, the float-encoding plan and plain columns. */
class EncodingLayoutTest {
  @TempDir Path dir;

  /** A features-shaped table: ids, near-unique floats, a constant, an indicator, a short and a long list. */
  static List<Column> shaped(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] id = new int[n];
    double[] mz = new double[n];
    double[] constant = new double[n];
    float[] indicator = new float[n];
    int[] charge = new int[n];
    float[][] trace = new float[n][];
    float[][] big = new float[n][];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      mz[i] = 400 + r.nextDouble() * 800;
      constant[i] = 1.5;
      indicator[i] = i % 3 == 0 ? 1f : 0f;
      charge[i] = 2 + r.nextInt(3);
      trace[i] = new float[50];
      for (int k = 0; k < 50; k++) {
        trace[i][k] = (float) r.nextInt(40) * 0.25f; // a few hundred distinct values, many repeats
      }
      big[i] = new float[8];
      for (int k = 0; k < 8; k++) {
        big[i][k] = (float) r.nextDouble();
      }
    }
    return List.of(
        new UInt32Column("candidate_id", id),
        new Float64Column("mz", mz),
        new Float64Column("const_feat", constant),
        new Float32Column("indicator", indicator),
        new Int32Column("charge", charge),
        ListFloat32Column.of("trace", trace),
        ListFloat32Column.of("big", big));
  }

  @Test
  void a_capped_writer_cuts_exact_row_groups_and_pages_by_size_not_every_20000_rows() {
    List<Column> t = shaped(3 * 65_536, 1);
    Path capped = dir.resolve("capped.parquet");
    TableWriter.writeTable(capped, t, WriteOptions.builder().rowGroupRows(65_536).build());
    assertArrayEquals(new long[] {65_536, 65_536, 65_536}, TableFile.open(capped).rowGroupRows());
    assertEquals(List.of(1, 1, 1), Layouts.pages(capped, "candidate_id"), "a scalar chunk of 65,536 rows is one page");
    assertEquals(List.of(1, 1, 1), Layouts.pages(capped, "charge"));
    Path uncapped = dir.resolve("uncapped.parquet");
    TableWriter.writeTable(uncapped, t);
    assertEquals(List.of(10), Layouts.pages(uncapped, "candidate_id"), "uncapped: a page every 20,000 rows");
    assertTrue(Layouts.pages(capped, "trace.list.item").get(0) > 1, "list pages still end at 1 MiB");
    assertEquals(Table.read(uncapped).columns(), Table.read(capped).columns(), "values unchanged");
    Path small = dir.resolve("small-pages.parquet");
    TableWriter.writeTable(small, t, WriteOptions.builder().rowGroupRows(65_536).pageRows(20_000).build());
    assertEquals(List.of(4, 4, 4), Layouts.pages(small, "candidate_id"), "an explicit page row limit wins");
    assertTrue(TableFile.open(small).metadataValue(WriteOptions.WRITER_SETTINGS_KEY).orElseThrow()
        .contains("\"page_rows\":20000"));
  }

  @Test
  void a_row_group_cap_splits_large_chunks_and_the_last_group_is_shorter() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, shaped(10_000, 2), WriteOptions.builder().rowGroupRows(3000).build());
    assertArrayEquals(new long[] {3000, 3000, 3000, 1000}, TableFile.open(p).rowGroupRows());
  }

  @Test
  void the_plan_writes_near_unique_floats_plain_and_leaves_other_leaves_dictionary_encoded() {
    List<Column> t = shaped(40_000, 3);
    Path planned = dir.resolve("planned.parquet");
    Path unplanned = dir.resolve("unplanned.parquet");
    TableWriter.writeTable(planned, t, WriteOptions.builder().rowGroupRows(16_384).build());
    TableWriter.writeTable(unplanned, t, WriteOptions.builder().rowGroupRows(16_384).floatPlan(false).build());
    assertFalse(Layouts.hasDictionary(planned, "mz"), "near-unique: PLAIN from the first page");
    assertFalse(Layouts.hasDictionary(planned, "big.list.item"));
    assertTrue(Layouts.hasDictionary(planned, "const_feat"));
    assertTrue(Layouts.hasDictionary(planned, "indicator"));
    assertTrue(Layouts.hasDictionary(planned, "trace.list.item"), "a list leaf with repeats keeps its dictionary");
    // unplanned, the engine decides every chunk's dictionary from its first values, so near-unique floats are PLAIN
    // there too (parquet-rs would fill a dictionary first); the plan saves that sampling, never bytes lost
    assertTrue(Layouts.bytes(planned, "mz") <= Layouts.bytes(unplanned, "mz"));
    assertTrue(Layouts.bytes(planned, "big.list.item") <= Layouts.bytes(unplanned, "big.list.item"));
    assertEquals(Layouts.bytes(planned, "const_feat"), Layouts.bytes(unplanned, "const_feat"));
    assertEquals(Layouts.bytes(planned, "charge"), Layouts.bytes(unplanned, "charge"), "non-float leaves untouched");
    assertEquals(Layouts.bytes(planned, "candidate_id"), Layouts.bytes(unplanned, "candidate_id"));
    assertEquals(Table.read(unplanned).columns(), Table.read(planned).columns(), "values unchanged");
    WriterSettings s = Written(planned);
    assertTrue(s.floatPlan());
    assertEquals(List.of("big.list.item", "mz"), s.plainLeaves().stream().sorted().toList());
    assertFalse(Written(unplanned).floatPlan());
  }

  @Test
  void the_plan_depends_on_the_rows_not_the_chunks() {
    List<Column> t = shaped(40_000, 4);
    WriteOptions o = WriteOptions.builder().rowGroupRows(16_384).build();
    Path whole = dir.resolve("whole.parquet");
    TableWriter.writeTable(whole, t, o);
    Path pieces = dir.resolve("pieces.parquet");
    ChunkedWriterTest.writeChunked(pieces, t, o, new int[] {0, 1, 999, 0, 4096, 7, 30_000, 30_433},
        EngineContext.serial());
    assertArrayEquals(Layouts.bytes(whole), Layouts.bytes(pieces));
  }

  @Test
  void a_sample_too_small_to_plan_leaves_the_unplanned_layout() {
    List<Column> t = shaped(3000, 5).subList(0, 5); // scalars only: 3000 rows, a sample of 1024 values
    Path planned = dir.resolve("planned.parquet");
    Path unplanned = dir.resolve("unplanned.parquet");
    TableWriter.writeTable(planned, t, WriteOptions.builder().rowGroupRows(4096).build());
    TableWriter.writeTable(unplanned, t, WriteOptions.builder().rowGroupRows(4096).floatPlan(false).build());
    // the footers differ (each records whether the plan was on); every page is the same
    assertArrayEquals(Layouts.dataSection(unplanned), Layouts.dataSection(planned));
  }

  @Test
  void a_plain_column_is_written_without_a_dictionary_and_an_unknown_name_is_refused() {
    List<Column> t = shaped(5000, 6);
    Path plain = dir.resolve("plain.parquet");
    Path plan = dir.resolve("plan.parquet");
    TableWriter.writeTable(plain, t, WriteOptions.builder().plainColumn("trace").plainColumn("charge").build());
    TableWriter.writeTable(plan, t);
    assertFalse(Layouts.hasDictionary(plain, "trace.list.item"));
    assertFalse(Layouts.hasDictionary(plain, "charge"));
    assertTrue(Layouts.hasDictionary(plan, "charge"));
    assertEquals(Layouts.bytes(plan, "mz"), Layouts.bytes(plain, "mz"), "other leaves are byte-equal");
    assertEquals(Table.read(plan).columns(), Table.read(plain).columns());
    Path bad = dir.resolve("bad.parquet");
    ArtifactException e =
        assertThrows(
            ArtifactException.class,
            () -> TableWriter.writeTable(bad, t, WriteOptions.builder().plainColumn("rt").build()));
    assertEquals(
        bad + ": WriteOptions.plainColumn(\"rt\"): no such column in [candidate_id, mz, const_feat, indicator, charge,"
            + " trace, big]",
        e.getMessage());
  }

  @Test
  void footer_metadata_is_written_in_sorted_key_order_and_read_from_the_footer_alone() {
    Path a = dir.resolve("a.parquet");
    Path b = dir.resolve("b.parquet");
    List<Column> t = shaped(10, 7);
    TableWriter.writeTable(a, t, WriteOptions.builder().metadata("zeta", "1").metadata("alpha", "2").build());
    TableWriter.writeTable(b, t, WriteOptions.builder().metadata("alpha", "2").metadata("zeta", "1").build());
    assertArrayEquals(Layouts.bytes(a), Layouts.bytes(b), "insertion order does not matter");
    assertEquals("2", TableFile.open(a).metadataValue("alpha").orElseThrow());
    assertNotEquals(Layouts.bytes(a).length, 0);
  }

  @Test
  void the_writer_settings_are_recorded_in_the_footer() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, shaped(100, 8), WriteOptions.builder().rowGroupRows(50).plainColumn("charge").build());
    String json = TableFile.open(p).metadataValue(WriteOptions.WRITER_SETTINGS_KEY).orElseThrow();
    assertTrue(json.startsWith("{\"codec\":\"SNAPPY\",\"dictionary_limits\":{"), json);
    assertTrue(json.contains("\"page_rows\":50,\"parquet_java\":\"parquet-mr version 1.18.1"), json);
    assertTrue(json.contains("\"plain_columns\":[\"charge\"]"), json);
    assertTrue(json.contains("\"float_plan\":true,\"layout_revision\":" + WriterSettings.LAYOUT_REVISION + ","), json);
    assertTrue(json.contains("\"row_group_cap\":50,\"row_group_rows\":50}"), json);
  }

  private static WriterSettings Written(Path p) {
    // the settings a hashed write returns are the ones recorded; here rebuild them from a rewrite with hashing
    Table t = Table.read(p);
    String json = TableFile.open(p).metadataValue(WriteOptions.WRITER_SETTINGS_KEY).orElseThrow();
    Path again = p.resolveSibling("again-" + p.getFileName());
    WriteOptions.Builder o = WriteOptions.builder().contentHash();
    int cap = Integer.parseInt(json.replaceAll(".*\"row_group_cap\":(\\d+).*", "$1"));
    if (cap > 0) {
      o.rowGroupRows(cap);
    }
    o.floatPlan(json.contains("\"float_plan\":true"));
    return TableWriter.writeTable(again, t.columns(), o.build()).settings();
  }
}
