package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkedWriterTest {
  @TempDir Path dir;

  static List<Column> rows(List<Column> table, int from, int to) {
    List<Column> out = new ArrayList<>();
    for (Column c : table) {
      out.add(c.slice(from, to));
    }
    return out;
  }

  /** Writes {@code table} in chunks of the given sizes (cycled), reusing nothing. */
  static void writeChunked(Path p, List<Column> table, WriteOptions o, int[] sizes, EngineContext context) {
    int n = table.get(0).length();
    try (TableWriter w = TableWriter.open(p, o, context)) {
      int at = 0;
      int k = 0;
      do {
        int size = sizes[k++ % sizes.length];
        int to = Math.min(n, at + size);
        w.write(rows(table, at, to));
        at = to;
      } while (at < n);
      assertEquals(n, w.finish().rows());
    }
  }

  @ParameterizedTest(name = "cap {0}")
  @ValueSource(ints = {0, 1, 1000, 2048, 4096})
  void chunked_writes_are_the_one_shot_file_whatever_the_chunk_sizes(int cap) {
    // one-row row groups make every row a row group of 17 chunks: fewer rows keep that case quick
    List<Column> table = Fixtures.everyKind(cap == 1 ? 257 : 9_001, 11);
    WriteOptions o = cap == 0 ? WriteOptions.defaults() : WriteOptions.builder().rowGroupRows(cap).build();
    Path whole = dir.resolve("whole.parquet");
    TableWriter.writeTable(whole, table, o);
    int[][] chunkings = {{0, 1000, 0, 3333, 1, 0, 2047, 2500}, {1}, {9_001}, {700}, {4096, 0}};
    for (int[] sizes : chunkings) {
      Path chunked = dir.resolve("chunked.parquet");
      writeChunked(chunked, table, o, sizes, EngineContext.serial());
      assertArrayEquals(Layouts.bytes(whole), Layouts.bytes(chunked), java.util.Arrays.toString(sizes));
    }
  }

  @Test
  void an_empty_first_chunk_fixes_the_schema_and_a_zero_row_table_keeps_its_columns() {
    Path p = dir.resolve("empty.parquet");
    List<Column> table = Fixtures.everyKind(0, 1);
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      w.write(table);
      assertEquals(0, w.finish().rows());
    }
    assertEquals(17, TableFile.open(p).columnNames().size());
    assertEquals(0, TableFile.open(p).rows());
  }

  @Test
  void a_chunk_with_another_schema_is_refused_naming_both_schemas() {
    Path p = dir.resolve("t.parquet");
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      w.write(List.of(Int64Column.of("id", 1), Float64Column.of("mz", 1.5)));
      ArtifactException e =
          assertThrows(ArtifactException.class,
              () -> w.write(List.of(Int64Column.of("id", 2), Int64Column.of("mz", 3))));
      assertEquals(
          p + ": TableWriter: the chunk's schema differs from the first chunk's\n  first: [id: INT64, mz: FLOAT64]\n"
              + "  chunk: [id: INT64, mz: INT64]",
          e.getMessage());
      ArtifactException after = assertThrows(ArtifactException.class, () -> w.write(List.of(Int64Column.of("id", 2))));
      assertEquals(p + ": the parquet writer was used after a failed write", after.getMessage());
    }
    assertFalse(Files.exists(p), "a failed writer publishes nothing");
  }

  @Test
  void finishing_before_any_chunk_is_refused() {
    Path p = dir.resolve("t.parquet");
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      ArtifactException e = assertThrows(ArtifactException.class, w::finish);
      assertEquals(
          p + ": TableWriter: no chunk written; write one (possibly empty) chunk to fix the schema",
          e.getMessage());
    }
  }

  @Test
  void an_abandoned_writer_leaves_the_previous_file_and_no_temporary_file() throws IOException {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 7)));
    byte[] before = Files.readAllBytes(p);
    try (TableWriter w = TableWriter.open(p, WriteOptions.builder().rowGroupRows(2).build())) {
      w.write(List.of(Int64Column.of("id", 1, 2, 3, 4, 5)));
      // no finish(): closing abandons it
    }
    assertArrayEquals(before, Files.readAllBytes(p));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(p), s.toList());
    }
  }

  @Test
  void the_callback_form_asks_for_the_write_table_ranges_and_writes_the_write_table_file() {
    List<Column> table = Fixtures.everyKind(150_000, 4);
    Path whole = dir.resolve("whole.parquet");
    TableWriter.writeTable(whole, table);
    Path cb = dir.resolve("cb.parquet");
    List<String> asked = new ArrayList<>();
    long rows =
        TableWriter.writeTableChunked(
            cb,
            150_000,
            (a, b) -> {
              asked.add(a + ".." + b);
              return rows(table, (int) (long) a, (int) (long) b);
            },
            WriteOptions.defaults(),
            EngineContext.serial()).rows();
    assertEquals(150_000, rows);
    assertEquals(List.of("0..65536", "65536..131072", "131072..150000"), asked);
    assertArrayEquals(Layouts.bytes(whole), Layouts.bytes(cb));
  }

  @Test
  void the_callback_form_asks_once_for_an_empty_table() {
    List<String> asked = new ArrayList<>();
    TableWriter.writeTableChunked(
        dir.resolve("e.parquet"), 0, (a, b) -> {
          asked.add(a + ".." + b);
          return List.of(Int64Column.of("id"));
        }, WriteOptions.defaults(), EngineContext.serial());
    assertEquals(List.of("0..0"), asked);
  }
}
