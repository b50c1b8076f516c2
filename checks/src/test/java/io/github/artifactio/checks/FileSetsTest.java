package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.config.Dialect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File selection follows symbolic links, the folder itself included, and walks a cycle once. */
class FileSetsTest {
  @TempDir Path dir;

  private Path file(String rel) throws IOException {
    Path p = dir.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "x");
    return p;
  }

  @Test
  void a_folder_that_is_a_link_is_scanned_like_the_folder_it_points_to() throws IOException {
    file("real/a.parquet");
    file("real/sub/b.parquet");
    Path run = Files.createSymbolicLink(dir.resolve("run"), Path.of("real"));
    FileSets.Selection s = FileSets.scan(run, "**/*.parquet");
    assertEquals(List.of(run.resolve("a.parquet"), run.resolve("sub/b.parquet")), s.files());
    assertEquals(List.of(), s.cycles());
  }

  @Test
  void a_linked_subfolder_is_followed_and_a_link_back_up_is_a_cycle_walked_once() throws IOException {
    file("run/a.parquet");
    file("elsewhere/c.parquet");
    Files.createSymbolicLink(dir.resolve("run/stage"), Path.of("..", "elsewhere"));
    Files.createSymbolicLink(dir.resolve("run/loop"), Path.of("."));
    Path run = dir.resolve("run");
    FileSets.Selection s = FileSets.scan(run, "**/*.parquet");
    assertEquals(List.of(run.resolve("a.parquet"), run.resolve("stage/c.parquet")), s.files());
    assertEquals(List.of(run.resolve("loop")), s.cycles());
  }

  @Test
  void named_files_are_taken_as_they_are_folders_are_scanned_and_missing_paths_are_listed() throws IOException {
    Path a = file("a.parquet");
    Path notes = file("notes.txt");
    file("run/b.parquet");
    Path missing = dir.resolve("missing");
    FileSets.Selection s = FileSets.select(List.of(notes, dir.resolve("run"), missing, a), "**/*.parquet",
        Dialect.COMMAND_LINE);
    assertEquals(List.of(notes, dir.resolve("run/b.parquet"), a), s.files());
    assertEquals(List.of(missing), s.missing());
  }

  @Test
  void a_missing_folder_selects_nothing() {
    assertEquals(List.of(), FileSets.scan(dir.resolve("missing"), "**/*.parquet").files());
  }
}
