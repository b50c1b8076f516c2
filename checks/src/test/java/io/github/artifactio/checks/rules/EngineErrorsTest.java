package io.github.artifactio.checks.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.rules.EngineErrors;
import io.github.artifactio.engine.ArtifactException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A column that could not be read is reported without the file and without naming the column twice. */
class EngineErrorsTest {
  static final Path FILE = Path.of("scores.parquet");

  @Test
  void the_column_read_is_named_once_and_the_rest_of_the_location_follows() {
    ArtifactException e = new ArtifactException(FILE, "mz", 0, null, "compressed with LZ4");
    assertEquals("mz: not readable: row group 0: compressed with LZ4", EngineErrors.notReadable("mz", e));
  }

  @Test
  void another_column_in_the_error_is_named() {
    ArtifactException e = new ArtifactException(FILE, "id", 1, 30L, "a NULL in a required column");
    assertEquals("mz: not readable: column 'id', row group 1, row 30: a NULL in a required column",
        EngineErrors.notReadable("mz", e));
  }

  @Test
  void an_error_about_the_whole_file_is_its_detail() {
    ArtifactException e = new ArtifactException(FILE, "opening the file: java.nio.file.NoSuchFileException");
    assertEquals("mz: not readable: opening the file: java.nio.file.NoSuchFileException",
        EngineErrors.notReadable("mz", e));
  }
}
