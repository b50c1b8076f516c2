package io.github.artifactio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
  void a_missing_folder_selects_nothing_and_the_goal_says_which_folder() throws IOException {
    Path missing = dir.resolve("missing");
    assertEquals(List.of(), FileSets.scan(missing, "**/*.parquet").files());
    ValidateMojo mojo = new ValidateMojo();
    assertEquals("artifact-io:validate: the folder " + missing + " does not exist", mojo.noFiles(missing, "**/*.parquet"));
    Files.createDirectories(dir.resolve("empty"));
    assertEquals("artifact-io:validate: no file under " + dir.resolve("empty") + " matches **/*.parquet",
        mojo.noFiles(dir.resolve("empty"), "**/*.parquet"));
  }
}
