package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.InvalidTableException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteValidationTest {
  @TempDir Path dir;

  @Test
  void a_table_without_columns_is_refused_naming_the_path() {
    Path p = dir.resolve("t.parquet");
    InvalidTableException e = assertThrows(InvalidTableException.class, () -> TableWriter.writeTable(p, List.of()));
    assertEquals(p + ": writeTable: no columns", e.getMessage());
    assertEquals(p, e.file().orElseThrow());
  }

  @Test
  void a_duplicate_column_name_is_refused_naming_the_column_and_the_path() {
    Path p = dir.resolve("t.parquet");
    List<Column> cols = List.of(Int64Column.of("id", 1, 2), Float64Column.of("mz", 1, 2), Int64Column.of("id", 3, 4));
    InvalidTableException e = assertThrows(InvalidTableException.class, () -> TableWriter.writeTable(p, cols));
    assertEquals(p + ", column 'id': writeTable: a duplicate column name", e.getMessage());
    assertEquals("id", e.column().orElseThrow());
  }

  @Test
  void columns_of_unequal_length_are_refused_naming_the_column_and_the_expected_length() {
    Path p = dir.resolve("t.parquet");
    List<Column> cols = List.of(Int64Column.of("id", 1, 2, 3), Utf8Column.of("name", "a", "b"));
    InvalidTableException e = assertThrows(InvalidTableException.class, () -> TableWriter.writeTable(p, cols));
    assertEquals(
        p + ", column 'name': writeTable: the column has 2 rows, expected 3 (the length of column 'id')",
        e.getMessage());
  }

  @Test
  void a_refused_table_leaves_the_previous_file_and_no_temporary_file() throws IOException {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 7)));
    byte[] before = Files.readAllBytes(p);
    List<Column> bad = List.of(Int64Column.of("id", 1, 2, 3), Utf8Column.of("name", "a"));
    assertThrows(InvalidTableException.class, () -> TableWriter.writeTable(p, bad));
    assertArrayEquals(before, Files.readAllBytes(p));
    assertEquals(List.of(p), listing());
  }

  @Test
  void a_write_that_fails_while_encoding_publishes_nothing_and_removes_its_temporary_file() throws IOException {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 7)));
    byte[] before = Files.readAllBytes(p);
    // a record holds its arrays; corrupting the offsets after validation makes the third row group fail mid-write
    Utf8Column names = Utf8Column.of("name", "a", "b", "c");
    names.offsets()[3] = 1 << 20;
    List<Column> cols = List.of(Int64Column.of("id", 1, 2, 3), names);
    WriteOptions oneRowGroups = WriteOptions.builder().rowGroupRows(1).build();
    RuntimeException e = assertThrows(RuntimeException.class, () -> TableWriter.writeTable(p, cols, oneRowGroups));
    assertEquals(true, e.getMessage().startsWith(p + ": "), e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(p));
    assertEquals(List.of(p), listing());
  }

  @Test
  void parent_folders_are_created_and_a_finished_write_leaves_only_the_artifact() throws IOException {
    Path p = dir.resolve("a/b/c/t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 1, 2)));
    assertEquals(2, TableFile.open(p).rows());
    try (Stream<Path> s = Files.list(p.getParent())) {
      assertEquals(List.of(p), s.toList());
    }
  }

  @Test
  void a_parent_that_is_a_file_is_an_error_naming_the_folder() throws IOException {
    Path blocker = dir.resolve("blocker");
    Files.writeString(blocker, "x");
    Path p = blocker.resolve("t.parquet");
    RuntimeException e =
        assertThrows(RuntimeException.class, () -> TableWriter.writeTable(p, List.of(Int64Column.of("id", 1))));
    assertFalse(Files.exists(p));
    assertEquals(true, e.getMessage().startsWith(p + ": creating its folder " + blocker + ": "), e.getMessage());
  }

  private List<Path> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
