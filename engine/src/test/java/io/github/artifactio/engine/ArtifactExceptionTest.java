package io.github.artifactio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.artifactio.engine.FooterException.Problem;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every error renders one format from its fields: {@code FILE, column 'c', row group g, row r: DETAIL}. */
class ArtifactExceptionTest {
  static final Path FILE = Path.of("run", "scores.parquet");

  @Test
  void every_known_part_of_the_location_comes_before_the_detail_in_order() {
    ArtifactException e = new ArtifactException(FILE, "mz", 2, 1500L, "data page 3: its bytes are short");
    assertEquals(FILE + ", column 'mz', row group 2, row 1500: data page 3: its bytes are short", e.getMessage());
    assertEquals("data page 3: its bytes are short", e.detail());
  }

  @Test
  void a_file_alone_is_followed_by_the_detail() {
    assertEquals(FILE + ": the file has 3 bytes", new ArtifactException(FILE, "the file has 3 bytes").getMessage());
  }

  @Test
  void a_column_without_a_row_group_names_the_column_and_the_row() {
    assertEquals(FILE + ", column 'id', row 7: a NULL in a required column",
        new ArtifactException(FILE, "id", null, 7L, "a NULL in a required column").getMessage());
    assertEquals(FILE + ", column 'id': not found",
        new ArtifactException(FILE, "id", null, null, "not found").getMessage());
  }

  @Test
  void a_row_group_without_a_column_names_the_row_group() {
    assertEquals(FILE + ", row group 4: reading the page indexes failed",
        new ArtifactException(FILE, null, 4, null, "reading the page indexes failed").getMessage());
  }

  @Test
  void without_a_file_the_known_parts_lead_and_without_any_the_detail_stands_alone() {
    assertEquals("column 'mz', row group 0: compressed with LZ4",
        new ArtifactException(null, "mz", 0, null, "compressed with LZ4").getMessage());
    assertEquals("no inputs", new ArtifactException(null, "no inputs").getMessage());
  }

  @Test
  void the_message_without_the_file_keeps_the_rest_of_the_location() {
    ArtifactException e = new ArtifactException(FILE, "mz", 0, null, "compressed with LZ4");
    assertEquals("column 'mz', row group 0: compressed with LZ4", e.messageWithoutFile());
    assertEquals("compressed with LZ4", new ArtifactException(FILE, "compressed with LZ4").messageWithoutFile());
  }

  @Test
  void the_message_for_a_report_on_a_column_leaves_out_that_column_and_names_another() {
    ArtifactException e = new ArtifactException(FILE, "mz", 0, 12L, "data page 1: its bytes are short");
    assertEquals("row group 0, row 12: data page 1: its bytes are short", e.messageWithoutFile("mz"));
    assertEquals("column 'mz', row group 0, row 12: data page 1: its bytes are short", e.messageWithoutFile("id"));
    assertEquals("compressed with LZ4", new ArtifactException(FILE, "mz", null, null, "compressed with LZ4")
        .messageWithoutFile("mz"));
  }

  @Test
  void located_fills_in_only_the_parts_that_are_missing_and_keeps_the_exception() {
    NullValueException e = new NullValueException(null, "id", 7L, "a NULL in a required column");
    ArtifactException same = e.located(FILE, "other", 1, 99L);
    assertSame(e, same);
    assertEquals(Optional.of(FILE), e.file());
    assertEquals(FILE + ", column 'id', row group 1, row 7: a NULL in a required column", e.getMessage());
  }

  @Test
  void the_subclasses_render_the_same_way() {
    assertEquals(FILE + ": the trailing magic is 'PARX', not PAR1",
        new FooterException(FILE, Problem.NO_TRAILING_MAGIC, "the trailing magic is 'PARX', not PAR1", null)
            .getMessage());
    assertEquals(FILE + ", column 'x': the column is not f64: it is Utf8",
        new ColumnTypeException(FILE, "x", null, "the column is not f64: it is Utf8").getMessage());
    assertEquals(FILE + ": opened expecting schema peptides@2, but its footer records peptides@1",
        new SchemaMismatchException(FILE, "opened expecting schema peptides@2, but its footer records peptides@1")
            .getMessage());
  }

  @Test
  void printing_the_exception_shows_the_rendered_message() {
    assertEquals(ArtifactException.class.getName() + ": " + FILE + ": no such file",
        new ArtifactException(FILE, "no such file").toString());
  }
}
