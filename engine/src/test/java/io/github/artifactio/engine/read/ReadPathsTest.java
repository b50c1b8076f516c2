package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.table.RowSelection;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.SpanReadOptions;
import io.github.artifactio.engine.table.SpanStats;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every read path (plain, span, selection, parallel, coalesced) gives the same batches. */
class ReadPathsTest {
  static final int ROWS = 60_000;
  @TempDir static Path dir;
  static Path file;
  static List<Column> cols;
  static EngineContext pool;

  @BeforeAll
  static void write() {
    file = dir.resolve("paths.parquet");
    cols = Fixtures.everyKind(ROWS, 77);
    // 25,000-row groups of 20,000-row pages: two pages a chunk, so spans and selections cut inside groups and pages
    TableWriter.writeTable(file, cols,
        WriteOptions.builder().rowGroupRows(25_000).pageRows(WriteOptions.DEFAULT_PAGE_ROWS).build());
    pool = EngineContext.create("read-paths", 2);
  }

  @AfterAll
  static void stop() {
    pool.close();
  }

  static final List<List<String>> PROJECTIONS =
      Arrays.asList(null, List.of("f64", "trace", "opt_name"), List.of("big_trace"), List.of("i64", "flag", "opt_u32"));

  @Test
  void parallel_decode_yields_the_single_readers_batches() {
    TableFile f = TableFile.openWithOffsetIndex(file);
    TableFile[] handles = {f, f.span(1, ROWS - 2), f.span(24_999, 2), f.span(19_999, 20_003)};
    for (TableFile h : handles) {
      for (List<String> proj : PROJECTIONS) {
        for (int batch : new int[] {4096, 30_000}) {
          List<List<List<Object>>> single = Values.batches(h.batches(proj, batch));
          for (int groups : new int[] {2, 3, 40}) {
            ScanOptions o = ScanOptions.builder().context(pool).decodeThreads(groups).build();
            try (BatchReader r = h.batches(proj, batch, o)) {
              int cols = proj == null ? 17 : proj.size();
              assertEquals(Math.min(groups, cols), r.decodeGroups());
              assertEquals(single, Values.batches(r), h + " " + proj + " " + batch + " groups " + groups);
            }
          }
          ScanOptions coalescedParallel =
              ScanOptions.builder().context(pool).decodeThreads(2).coalesce(SpanReadOptions.DEFAULT).build();
          assertEquals(single, Values.batches(h.batches(proj, batch, coalescedParallel)), "coalesced and parallel");
        }
      }
    }
  }

  @Test
  void coalesced_reads_yield_the_plain_readers_batches() {
    Path p = dir.resolve("coalesce.parquet");
    List<Column> c = Fixtures.everyKind(10_000, 5);
    TableWriter.writeTable(p, c,
        WriteOptions.builder().rowGroupRows(1500).pageRows(WriteOptions.DEFAULT_PAGE_ROWS).build());
    TableFile f = TableFile.open(p);
    TableFile[] handles = {f, f.span(0, 10_000), f.span(1234, 5000), f.span(2999, 2), f.span(9999, 1)};
    SpanReadOptions[] options = {
      SpanReadOptions.DEFAULT,
      new SpanReadOptions(1L << 20, 512L << 20, 1L << 30, false),
      new SpanReadOptions(1L << 20, 1, 1L << 30, true),
      new SpanReadOptions(0, 512L << 20, 1, true),
    };
    for (TableFile h : handles) {
      for (List<String> proj : List.of(PROJECTIONS.get(1), PROJECTIONS.get(2))) {
        for (int batch : new int[] {500, 4096}) {
          List<List<List<Object>>> plain = Values.batches(h.batches(proj, batch));
          for (SpanReadOptions o : options) {
            assertEquals(
                plain,
                Values.batches(h.batches(proj, batch, ScanOptions.builder().coalesce(o).build())),
                h + " " + proj + " " + batch + " " + o);
            assertEquals(
                plain,
                Values.batches(h.batches(proj, batch, ScanOptions.builder().coalesce(o).context(pool).build())),
                "prefetching on the caller's context");
          }
        }
      }
    }
  }

  @Test
  void each_span_is_read_once_and_released_when_its_chunks_are_done() {
    Path p = dir.resolve("spans.parquet");
    TableWriter.writeTable(p, Fixtures.everyKind(10_000, 6),
        WriteOptions.builder().rowGroupRows(2500).pageRows(WriteOptions.DEFAULT_PAGE_ROWS).build());
    TableFile f = TableFile.open(p);
    long largest = f.rowGroups().stream().mapToLong(RowGroupInfo::compressedByteSize).max().orElseThrow();
    try (BatchReader r = f.batches(null, 1000, ScanOptions.coalesced())) {
      Values.batches(r);
      SpanStats s = r.spanStats().orElseThrow();
      assertEquals(4, s.spans(), "one span per row group");
      assertEquals(4, s.spanReads(), "each read once");
      assertEquals(0, s.directReads());
      assertTrue(s.peakResidentBytes() <= 3 * largest, s + " vs group of " + largest);
      assertEquals(0, s.residentBytes(), "released when done");
    }
    ScanOptions narrow = ScanOptions.builder().coalesce(new SpanReadOptions(0, 512L << 20, 1L << 30, true)).build();
    try (BatchReader r = TableFile.open(p).span(0, 5000).batches(List.of("i64", "f64"), 1000, narrow)) {
      Values.batches(r);
      SpanStats s = r.spanStats().orElseThrow();
      assertEquals(4, s.spans(), "two groups, two chunks apart each");
      assertEquals(4, s.spanReads());
    }
  }

  @Test
  void selections_return_exactly_the_kept_rows_on_every_path() {
    SplittableRandom rnd = new SplittableRandom(3);
    boolean[] mask = new boolean[ROWS];
    for (int i = 0; i < ROWS; i++) {
      mask[i] = (i >= 100 && i < 150) || (i >= 41_000 && i < 41_003) || (i >= 19_990 && i < 20_010)
          || (i >= 44_990 && i < 45_010) || rnd.nextInt(1000) == 0 || i == ROWS - 1;
    }
    long[] kept = java.util.stream.IntStream.range(0, ROWS).filter(i -> mask[i]).mapToLong(i -> i).toArray();
    RowSelection sel = RowSelection.ofMask(mask);
    for (TableFile f : new TableFile[] {TableFile.open(file), TableFile.openWithOffsetIndex(file)}) {
      for (List<String> proj : PROJECTIONS) {
        var expected = Values.pick(cols, proj, kept);
        assertEquals(expected, Values.drain(f.selected(sel, proj, 17)));
        assertEquals(expected, Values.drain(f.selected(sel, proj, 1000, ScanOptions.coalesced())));
        assertEquals(
            expected,
            Values.drain(f.selected(sel, proj, 64, ScanOptions.builder().context(pool).decodeThreads(3).build())));
      }
    }
    // a selection over a span counts the span's rows
    TableFile span = TableFile.openWithOffsetIndex(file).span(30_000, 1000);
    RowSelection first10 = RowSelection.runs(new long[] {5, 10}, new boolean[] {false, true});
    assertEquals(
        Values.pick(cols, List.of("i64"), Values.range(30_005, 30_015)),
        Values.drain(span.selected(first10, List.of("i64"), 4)));
    ArtifactException e = assertThrows(
        ArtifactException.class,
        () -> span.selected(RowSelection.runs(new long[] {1001}, new boolean[] {true}), null, 4));
    assertEquals(
        file + ": the selection covers 1001 rows, but the span (rows 30000..31000) has 1000", e.getMessage());
  }

  @Test
  void a_selection_skipping_from_inside_a_list_page_over_pages_it_does_not_read_lands_on_its_next_kept_row() {
    Path p = dir.resolve("list-gaps.parquet");
    List<Column> c = List.of(Fixtures.everyKind(1000, 8).get(14)); // trace: list<float32>, nulls and empty lists
    TableWriter.writeTable(p, c, WriteOptions.builder().pageRows(100).build());
    // rows 50..60 of page 0, then 350..400 of page 3: pages 1 and 2 are not read, and one batch holds both runs, so
    // the reader skips from row 60, inside page 0, to row 350
    RowSelection sel = RowSelection.runs(new long[] {50, 10, 290, 50, 600}, new boolean[] {false, true, false, true,
      false});
    long[] kept = java.util.stream.LongStream.concat(Arrays.stream(Values.range(50, 60)),
        Arrays.stream(Values.range(350, 400))).toArray();
    assertEquals(Values.pick(c, null, kept), Values.drain(TableFile.openWithOffsetIndex(p).selected(sel, null, 1000)));
  }

  @Test
  void a_selection_on_an_offset_indexed_handle_reads_only_the_pages_holding_kept_rows() throws Exception {
    Path p = dir.resolve("skip.parquet");
    int n = 400_000;
    long[] id = new long[n];
    double[] b = new double[n];
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < n; i++) {
      id[i] = i;
      b[i] = r.nextDouble();
    }
    List<Column> c = List.of(new Int64Column("id", id), new Float64Column("b", b));
    TableWriter.writeTable(p, c,
        WriteOptions.builder().rowGroupRows(200_000).pageRows(WriteOptions.DEFAULT_PAGE_ROWS).build());
    long size = Files.size(p);
    // 1% of the rows, in 40 runs of 100 spread over the file
    long[] runs = new long[81];
    boolean[] keep = new boolean[81];
    for (int i = 0; i < 40; i++) {
      runs[2 * i] = 9_900;
      runs[2 * i + 1] = 100;
      keep[2 * i + 1] = true;
    }
    runs[80] = n - 40 * 10_000;
    RowSelection sel = RowSelection.runs(runs, keep);
    long[] kept = new long[4000];
    for (int i = 0; i < 40; i++) {
      for (int k = 0; k < 100; k++) {
        kept[i * 100 + k] = i * 10_000L + 9_900 + k;
      }
    }
    TableFile indexed = TableFile.openWithOffsetIndex(p);
    assertTrue(indexed.offsetIndexed());
    try (BatchReader reader = indexed.selected(sel, null, 1024)) {
      assertEquals(Values.pick(c, null, kept), Values.drain(reader));
      // 40 runs touch 20 of the 20 pages per chunk here; a narrower selection touches fewer
      assertTrue(reader.bytesRead() <= size, reader.bytesRead() + " of " + size);
    }
    RowSelection narrow = RowSelection.runs(new long[] {123_456, 4_000}, new boolean[] {false, true});
    long full;
    try (BatchReader reader = TableFile.open(p).batches(null, 1024)) {
      Values.drain(reader);
      full = reader.bytesRead();
    }
    try (BatchReader reader = indexed.selected(narrow, null, 1024)) {
      assertEquals(Values.pick(c, null, Values.range(123_456, 127_456)), Values.drain(reader));
      assertTrue(reader.bytesRead() < size / 10, reader.bytesRead() + " bytes read of " + size);
      assertTrue(reader.bytesRead() * 10 < full,
          "a tenth of a full read at most: " + reader.bytesRead() + " vs " + full);
    }
    try (BatchReader reader = TableFile.open(p).selected(narrow, null, 1024)) {
      Values.drain(reader);
      assertTrue(reader.bytesRead() < full * 0.6, "without the index, the untouched row group is not read");
    }
  }

  @Test
  void parts_cut_a_handle_at_row_group_and_page_boundaries() {
    TableFile plain = TableFile.open(file);
    TableFile indexed = TableFile.openWithOffsetIndex(file);
    List<TableFile> groups = plain.rowGroupParts();
    assertEquals(List.of(0L, 25_000L, 50_000L), groups.stream().map(TableFile::firstRow).toList());
    assertEquals(List.of(25_000L, 25_000L, 10_000L), groups.stream().map(TableFile::rows).toList());
    assertEquals(2, plain.span(20_000, 10_000).rowGroupParts().size());
    assertArrayEquals(new long[] {0, 20_000, 25_000, 45_000, 50_000}, indexed.pageStarts("f64"));
    assertArrayEquals(new long[] {0, 5_000}, indexed.span(20_000, 10_000).pageStarts("f64"));
    ArtifactException e = assertThrows(ArtifactException.class, () -> plain.pageStarts("f64"));
    assertTrue(e.getMessage().contains("open the file with TableFile.openWithOffsetIndex"), e.getMessage());
    for (TableFile h : new TableFile[] {plain, indexed, indexed.span(1, 59_000)}) {
      for (int max : new int[] {1, 2, 3, 4, 6, 100}) {
        List<TableFile> parts = h.rowParts(max);
        assertTrue(parts.size() <= max && !parts.isEmpty());
        long at = h.firstRow();
        List<Object> rows = new ArrayList<>();
        for (TableFile part : parts) {
          assertEquals(at, part.firstRow(), "row-contiguous");
          at += part.rows();
          rows.addAll(Values.rows(part.read("i64").column("i64")));
        }
        assertEquals(h.firstRow() + h.rows(), at, "the parts cover the handle");
        assertEquals(Values.rows(h.read("i64").column("i64")), rows);
      }
    }
    assertEquals(3, plain.rowParts(100).size(), "a group without an offset index is never split");
    assertEquals(5, indexed.rowParts(100).size(), "page boundaries inside groups with one");
  }
}
