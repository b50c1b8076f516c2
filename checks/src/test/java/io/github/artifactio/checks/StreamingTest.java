package io.github.artifactio.checks;

import static io.github.artifactio.checks.Validation.messages;
import static io.github.artifactio.checks.Validation.result;
import static io.github.artifactio.checks.Validation.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.rules.AscendingRule;
import io.github.artifactio.checks.rules.BatchColumnSource;
import io.github.artifactio.checks.rules.ContiguousIdsRule;
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.checks.rules.Rule;
import io.github.artifactio.checks.rules.ValueChunk;
import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Content rules stream bounded batches: memory follows the batch, not the row group. */
class StreamingTest {
  @TempDir Path dir;

  @Test
  void one_row_group_of_200000_rows_reaches_rules_in_chunks_of_at_most_65536_rows_in_row_order() throws IOException {
    Path p = Inputs.precursors(dir.resolve("big.parquet"), 200_000, 200_000);
    TableFile file = TableFile.open(p);
    assertEquals(1, file.rowGroups().size());
    List<ValueChunk> got = new ArrayList<>();
    ReadAccounting accounting = new ReadAccounting();
    new BatchColumnSource(file, accounting).scan("candidate_id", got::add);
    assertEquals(List.of(65_536, 65_536, 65_536, 3_392), got.stream().map(ValueChunk::size).toList());
    long next = 0;
    for (ValueChunk c : got) {
      assertEquals(0, c.rowGroup());
      assertEquals(next, c.firstRow());
      for (int i = 0; i < c.size(); i++) {
        assertEquals(c.firstRow() + i, c.longAt(i), "candidate_id is the row");
      }
      next += c.size();
    }
    assertEquals(1, accounting.filesOpened());
    long chunkBytes = file.rowGroups().get(0).chunks().get(0).compressedBytes();
    assertTrue(accounting.bytesRead() >= chunkBytes && accounting.bytesRead() < Files.size(p),
        "read " + accounting.bytesRead() + " bytes: the candidate_id chunk (" + chunkBytes + ") and not the file");
  }

  /**
   * DuckDB's row groups of 122,880 rows come a group a chunk, not cut at 65,536 rows; a run holding one group larger
   * than that comes in chunks of 65,536 again.
   */
  @Test
  void row_groups_of_duckdbs_122880_rows_reach_rules_whole_and_larger_ones_in_chunks_of_65536() {
    TableFile duckSized = TableFile.open(Inputs.precursors(dir.resolve("duck.parquet"), 250_000, 122_880));
    List<ValueChunk> got = new ArrayList<>();
    new BatchColumnSource(duckSized, new ReadAccounting()).scan("candidate_id", got::add);
    assertEquals(List.of(122_880, 122_880, 4_240), got.stream().map(ValueChunk::size).toList());
    TableFile larger = TableFile.open(Inputs.precursors(dir.resolve("larger.parquet"), 250_000, 122_881));
    got.clear();
    new BatchColumnSource(larger, new ReadAccounting()).scan("candidate_id", got::add);
    assertEquals(List.of(65_536, 57_345, 65_536, 57_345, 4_238), got.stream().map(ValueChunk::size).toList());
  }

  @Test
  void a_chunk_never_straddles_two_row_groups_so_each_names_the_row_group_of_its_rows() {
    TableFile file = TableFile.open(Inputs.precursors(dir.resolve("p.parquet"), 2500, 1000));
    ReadAccounting accounting = new ReadAccounting();
    List<ValueChunk> got = new ArrayList<>();
    new BatchColumnSource(file, accounting, 300).scan("precursor_mz", got::add);
    assertEquals(1, accounting.filesOpened(), "the three row groups through one reader");
    assertEquals(List.of(300, 300, 300, 100, 300, 300, 300, 100, 300, 200),
        got.stream().map(ValueChunk::size).toList());
    for (ValueChunk c : got) {
      assertEquals(c.firstRow() / 1000, c.rowGroup());
      assertEquals((c.firstRow() + c.size() - 1) / 1000, c.rowGroup());
    }
  }

  @Test
  void a_column_two_rules_scan_is_read_once_and_handed_to_both_as_the_same_chunks() {
    TableFile file = TableFile.open(Inputs.precursors(dir.resolve("shared.parquet"), 2500, 1000));
    List<Rule> twoOnId = List.of(new ContiguousIdsRule(Severity.ERROR, List.of("candidate_id")),
        new AscendingRule(Severity.ERROR, List.of("candidate_id"), false, false));
    ReadAccounting once = new ReadAccounting();
    BatchColumnSource alone = new BatchColumnSource(file, once, 300);
    List<ValueChunk> first = new ArrayList<>();
    alone.scan("candidate_id", first::add);

    ReadAccounting shared = new ReadAccounting();
    BatchColumnSource source = new BatchColumnSource(file, shared, 300).sharing(twoOnId);
    List<ValueChunk> a = new ArrayList<>();
    List<ValueChunk> b = new ArrayList<>();
    source.scan("candidate_id", a::add);
    source.scan("candidate_id", 1, 3, b::add); // a range rule's later scan of row groups 1 and 2
    assertEquals(once.bytesRead(), shared.bytesRead(), "the second scan read nothing");
    assertEquals(first.stream().map(ValueChunk::firstRow).toList(), a.stream().map(ValueChunk::firstRow).toList());
    assertEquals(a.subList(4, 10), b, "row groups 1 and 2 replayed as the first scan handed them out");

    ReadAccounting third = new ReadAccounting();
    BatchColumnSource spent = new BatchColumnSource(file, third, 300).sharing(twoOnId);
    spent.scan("candidate_id", c -> {});
    spent.scan("candidate_id", c -> {});
    spent.scan("candidate_id", c -> {}); // a scan past the ones announced reads again: nothing is kept for it
    assertEquals(3 * once.bytesRead(), third.bytesRead() + once.bytesRead());
  }

  @Test
  void a_shared_column_past_the_budget_is_read_again_with_the_same_values() {
    TableFile file = TableFile.open(Inputs.precursors(dir.resolve("budget.parquet"), 2500, 1000));
    List<Rule> twoOnId = List.of(new ContiguousIdsRule(Severity.ERROR, List.of("candidate_id")),
        new AscendingRule(Severity.ERROR, List.of("candidate_id"), false, false));
    ReadAccounting reads = new ReadAccounting();
    // room for one row group of 1,000 UInt32 values and no more
    BatchColumnSource source = new BatchColumnSource(file, reads, 300, 4_000).sharing(twoOnId);
    List<Long> a = new ArrayList<>();
    List<Long> b = new ArrayList<>();
    source.scan("candidate_id", c -> collect(c, a));
    long firstScan = reads.bytesRead();
    source.scan("candidate_id", c -> collect(c, b));
    assertEquals(a, b);
    assertTrue(reads.bytesRead() > firstScan && reads.bytesRead() < 2 * firstScan,
        "row group 0 replayed, the others read again: " + firstScan + " then " + reads.bytesRead());
  }

  private static void collect(ValueChunk c, List<Long> out) {
    for (int i = 0; i < c.size(); i++) {
      out.add(c.longAt(i));
    }
  }

  @Test
  void an_offence_deep_inside_one_big_row_group_is_reported_at_its_file_row() {
    long[] id = new long[200_000];
    for (int i = 0; i < id.length; i++) {
      id[i] = i < 150_001 ? i : i + 7; // a gap at file row 150,001, in the third batch
    }
    Inputs.write(dir.resolve("ids.parquet"), List.of(new Int64Column("id", id)), 200_000);
    RuleResult r = result(run(dir, List.of(new CheckConfig("contiguous-ids").setColumns(List.of("id"))), List.of()),
        "ids.parquet", "contiguous-ids");
    assertEquals(List.of("[contiguous-ids] ids.parquet, column 'id', row group 0: id 150008 at row 150001, but ids"
        + " must be the contiguous range 0..n-1 in row order (id == row) (first offending row 150001; 49999"
        + " violations)"), messages(r));
  }

  /**
   * The memory claim end to end: a JVM whose heap is smaller than one decoded column of the file's only row group
   * validates it, and the same JVM fails to read that row group whole (as the plugin did before it streamed).
   */
  @Test
  void a_row_group_whose_column_is_larger_than_the_heap_validates_in_a_small_heap() throws Exception {
    int n = 1 << 23; // 8,388,608 doubles: 64 MiB decoded, a few KiB written (8 distinct values, dictionary pages)
    double[] mz = new double[n];
    for (int i = 0; i < n; i++) {
      mz[i] = 400 + (i >> 20);
    }
    Path p = Inputs.write(dir.resolve("huge_group.parquet"), List.of(new Float64Column("mz", mz)), n);
    mz = null;
    assertEquals(1, TableFile.open(p).rowGroups().size());
    ChildProcess.Result child = ChildProcess.run(
        new ProcessBuilder(ChildProcess.java(List.of("-Xmx40m"), SmallHeap.class, dir.toString(), "mz"))
            .redirectErrorStream(true),
        Duration.ofSeconds(120));
    String out = child.stdout();
    assertEquals(0, child.exitCode(), out);
    assertTrue(out.contains("ascending PASS mz: non-decreasing"), out);
    // the whole read is refused before it allocates, with the engine's error (it was an OutOfMemoryError)
    assertTrue(out.contains("whole row group read: refused: " + p + ": its 8388608 rows of 1 columns take at"
        + " least 67108864 bytes as Java arrays, more than this JVM's maximum heap of "), out);
  }

  /** The small-heap JVM of the test above: validates a folder, then tries the whole-row-group read. */
  public static final class SmallHeap {
    public static void main(String[] args) throws IOException {
      Path dir = Path.of(args[0]);
      String column = args[1];
      Outcome o = run(dir, List.of(new CheckConfig("ascending").setColumns(List.of(column))), List.of());
      for (RuleResult r : o.results()) {
        System.out.println(r.rule() + " " + r.status() + " " + r.observed());
      }
      try (var files = Files.list(dir)) {
        Path p = files.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
        TableFile.open(p).readRowGroup(0, column);
        System.out.println("whole row group read: fits");
      } catch (io.github.artifactio.engine.ArtifactException e) {
        System.out.println("whole row group read: refused: " + e.getMessage());
      }
    }
  }
}
