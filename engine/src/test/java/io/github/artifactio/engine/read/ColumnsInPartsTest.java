package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.RowSelection;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan on two decode threads cuts its heavy columns (here the strings and the lists, the most bytes of these
 * tables) at page and row group boundaries and decodes the parts on both threads: every batch must come out as the
 * single reader's, value for value and null for null, and as the table written. A property over random tables:
 * random row counts, row groups, page sizes, batch sizes, nulls, empty lists, dictionary and PLAIN strings.
 */
class ColumnsInPartsTest {
  private static final int TABLES = 40;

  @TempDir static Path dir;

  static EngineContext pool;

  @BeforeAll
  static void start() {
    pool = EngineContext.create("columns-in-parts", 2);
  }

  @AfterAll
  static void stop() {
    pool.close();
  }

  private static ScanOptions twoThreads() {
    return ScanOptions.builder().context(pool).decodeThreads(2).build();
  }

  @Test
  void two_decode_threads_read_random_tables_as_one_thread_does_and_as_they_were_written() {
    for (int seed = 0; seed < TABLES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      List<Column> table = randomTable(r, 1 + r.nextInt(12_000));
      int rows = table.get(0).length();
      WriteOptions.Builder w = WriteOptions.builder()
          .rowGroupRows(1 + r.nextInt(Math.max(1, rows)))
          .pageRows(20 + r.nextInt(3000));
      if (r.nextBoolean()) {
        w.plainColumn("s");
      }
      Path p = dir.resolve("random-" + seed + ".parquet");
      TableWriter.writeTable(p, table, w.build());
      int batch = 1 + r.nextInt(5000);
      String what = "table " + seed + " (" + rows + " rows), batches of " + batch;
      for (TableFile f : List.of(TableFile.open(p), TableFile.openWithOffsetIndex(p))) {
        List<List<List<Object>>> single = Values.batches(f.batches(null, batch));
        try (BatchReader two = f.batches(null, batch, twoThreads())) {
          assertEquals(2, two.decodeGroups(), what);
          assertEquals(single, Values.batches(two), what + ", offset index " + f.offsetIndexed());
        }
        assertEquals(written(table), Values.drain(f.batches(null, batch, twoThreads())), what);
      }
      // a span starting and ending inside pages, and a selection of runs, on the offset index's pages
      TableFile indexed = TableFile.openWithOffsetIndex(p);
      long from = r.nextInt(rows);
      TableFile span = indexed.span(from, r.nextInt((int) (rows - from) + 1));
      assertEquals(Values.batches(span.batches(null, batch)), Values.batches(span.batches(null, batch, twoThreads())),
          what + ", " + span);
      RowSelection sel = randomSelection(r, rows);
      assertEquals(Values.batches(indexed.selected(sel, null, batch)),
          Values.batches(indexed.selected(sel, null, batch, twoThreads())), what + ", a selection");
    }
  }

  @Test
  void two_decode_threads_read_duckdb_files_without_an_offset_index_as_one_thread_does() {
    for (int seed = 100; seed < 106; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      List<Column> table = randomTable(r, 5000 + r.nextInt(20_000));
      Path ours = dir.resolve("for-duckdb-" + seed + ".parquet");
      TableWriter.writeTable(ours, table, WriteOptions.defaults());
      // DuckDB's layout: larger pages, dictionaries where they pay, no offset index, row groups of 2,048-row vectors
      Path duck = TestFiles.duckdb(dir.resolve("duckdb-" + seed + ".parquet"),
          "SELECT * FROM read_parquet('" + ours + "')", "ROW_GROUP_SIZE " + 2048 * (1 + r.nextInt(4)));
      TableFile f = TableFile.open(duck);
      assertTrue(f.rowGroups().size() > 1, "several row groups");
      int batch = 500 + r.nextInt(5000);
      try (BatchReader two = f.batches(null, batch, twoThreads())) {
        assertEquals(Values.batches(f.batches(null, batch)), Values.batches(two), "table " + seed);
      }
      assertEquals(written(table), Values.drain(f.batches(null, batch, twoThreads())), "table " + seed);
    }
  }

  @Test
  void an_offset_index_that_moves_a_list_pages_first_row_fails_the_parallel_read_naming_the_page() {
    // pages of 100 rows, and the index moves page 5's first row by one: the read cuts the batch there, trusting the
    // index for the pages the second part skips, and whichever part reaches the contradiction first says where (the
    // first part's page 4 ends elsewhere, or a page starts at another row than the index gives)
    String contradiction = "data page \\d: (it starts at row \\d+ but is read at row \\d+"
        + "|it holds rows past row 499, where the offset index starts the next page)";
    for (long moved : new long[] {501, 499}) {
      Path p = listFileWithPage5At(moved);
      ArtifactException e = assertThrows(ArtifactException.class,
          () -> Values.batches(TableFile.open(p).batches(null, 1000, twoThreads())));
      String prefix = p + ", column 'l', row group 0: ";
      assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
      assertTrue(e.getMessage().substring(prefix.length()).matches(contradiction), e.getMessage());
      assertEquals(1000, Values.drain(TableFile.open(p).batches(null, 1000)).get("l").size(),
          "the single reader does not read the index");
    }
  }

  /** 1,000 rows of an id and a list in one row group, pages of 100 rows, page 5's first row in the index changed. */
  private static Path listFileWithPage5At(long firstRow) {
    List<Column> table = randomTable(new SplittableRandom(firstRow), 1000).subList(0, 4);
    Path p = dir.resolve("index-page5-at-" + firstRow + ".parquet");
    TableWriter.writeTable(p, table, WriteOptions.builder().pageRows(100).plainColumn("s").build());
    assertEquals(500, TableFile.openWithOffsetIndex(p).pageStarts("l")[5]);
    return TestFiles.moveIndexedPageStart(p, 0, 3, 5, firstRow);
  }

  /**
   * An id, a float64 of few values (a dictionary), strings of 0-40 bytes with nulls (of few values in some tables: a
   * dictionary), a list of 0-12 float32 with null and empty lists, and a list of float64.
   */
  private static List<Column> randomTable(SplittableRandom r, int n) {
    long[] id = new long[n];
    double[] few = new double[n];
    String[] s = new String[n];
    float[][] l = new float[n][];
    double[][] l64 = new double[n][];
    int distinct = r.nextBoolean() ? 1 + r.nextInt(30) : Integer.MAX_VALUE;
    int nulls = r.nextInt(4); // none, or one row in 3, 5 or 7
    for (int i = 0; i < n; i++) {
      id[i] = i;
      few[i] = r.nextInt(50) * 0.25;
      int len = r.nextInt(41);
      s[i] = nulls > 0 && r.nextInt(2 * nulls + 1) == 0
          ? null
          : distinct == Integer.MAX_VALUE ? randomString(r, len) : "value " + r.nextInt(distinct);
      int items = r.nextInt(13);
      if (r.nextInt(9) == 0) {
        l[i] = null;
      } else {
        l[i] = new float[items];
        for (int k = 0; k < items; k++) {
          l[i][k] = r.nextInt(100) == 0 ? Float.NaN : (float) r.nextDouble();
        }
      }
      l64[i] = new double[r.nextInt(3)];
      for (int k = 0; k < l64[i].length; k++) {
        l64[i][k] = r.nextDouble();
      }
    }
    List<Column> cols = new ArrayList<>();
    cols.add(new Int64Column("id", id));
    cols.add(new Float64Column("few", few));
    cols.add(nulls > 0 ? OptUtf8Column.of("s", s) : Utf8Column.of("s", s));
    cols.add(ListFloat32Column.of("l", l));
    cols.add(ListFloat64Column.of("l64", l64));
    return cols;
  }

  private static String randomString(SplittableRandom r, int len) {
    StringBuilder b = new StringBuilder(len);
    for (int i = 0; i < len; i++) {
      b.append((char) (r.nextInt(20) == 0 ? 'é' : 'a' + r.nextInt(26)));
    }
    return b.toString();
  }

  private static RowSelection randomSelection(SplittableRandom r, int rows) {
    List<Long> runs = new ArrayList<>();
    List<Boolean> keep = new ArrayList<>();
    long left = rows;
    boolean k = r.nextBoolean();
    while (left > 0) {
      long run = Math.min(left, 1 + r.nextInt(4000));
      runs.add(run);
      keep.add(k);
      k = !k;
      left -= run;
    }
    long[] a = runs.stream().mapToLong(Long::longValue).toArray();
    boolean[] b = new boolean[keep.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = keep.get(i);
    }
    return RowSelection.runs(a, b);
  }

  private static Map<String, List<Object>> written(List<Column> table) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (Column c : table) {
      out.put(c.name(), Values.rows(c));
    }
    return out;
  }
}
