package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Blake3FileErrorTest {
  @Test
  void a_missing_file_is_an_artifact_exception_naming_the_file(@TempDir Path dir) {
    Path missing = dir.resolve("missing.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> Blake3.hashFile(missing));
    assertEquals(missing + ": hashing failed: java.nio.file.NoSuchFileException: " + missing, e.getMessage());
    assertEquals(Optional.of(missing), e.file());
    assertEquals(NoSuchFileException.class, e.getCause().getClass());
  }

  @Test
  void a_missing_file_hashed_in_parallel_is_the_same_artifact_exception(@TempDir Path dir) {
    Path missing = dir.resolve("missing.parquet");
    try (EngineContext context = EngineContext.create("test-hash", 2)) {
      ArtifactException e = assertThrows(ArtifactException.class, () -> Blake3.hashFile(missing, context));
      assertEquals(missing + ": hashing failed: java.nio.file.NoSuchFileException: " + missing, e.getMessage());
    }
  }

  @Test
  void a_folder_is_an_artifact_exception_naming_it(@TempDir Path dir) {
    ArtifactException e = assertThrows(ArtifactException.class, () -> Blake3.hashFile(dir));
    assertEquals(Optional.of(dir), e.file());
    assertTrue(e.getMessage().startsWith(dir + ": hashing failed: java.io.IOException"), e.getMessage());
  }
}
