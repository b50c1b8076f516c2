package io.github.artifactio.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The repository stands alone: nothing it builds or tests with names a path of one machine or above its root. */
class RepositoryPathsTest {
  static Path root() {
    String dir = System.getProperty("artifact-io.repository");
    assertTrue(dir != null && Files.isRegularFile(Path.of(dir, "pom.xml")), "artifact-io.repository: " + dir);
    return Path.of(dir);
  }

  @Test
  void no_source_pom_script_or_invoker_project_names_an_absolute_path_or_a_path_above_the_root() throws IOException {
    List<Path> read = PathGuard.files(root());
    assertTrue(read.size() > 300, "the guard read only " + read.size() + " files");
    assertTrue(read.contains(root().resolve(".ci/run")), ".ci/run is read");
    assertEquals(List.of(), PathGuard.scan(root()));
  }

  // the guard itself: the paths are built from pieces so that this file does not trip it

  @Test
  void an_absolute_path_of_this_machine_is_found_with_its_file_and_line() {
    String text = "class A {\n  Path p = Path.of(\"/" + "work/shared/corpus/x.parquet\");\n}\n";
    assertEquals(
        "[engine/src/test/java/A.java:2: /" + "work/shared/corpus/x.parquet (an absolute path)]",
        PathGuard.scan("engine/src/test/java/A.java", "engine", text).toString());
    assertEquals(1, PathGuard.scan("pom.xml", "", "<dir>/" + "home/me/data</dir>").size());
    assertEquals(1, PathGuard.scan("a.txt", "", "see C:" + "\\Users\\me\\x").size());
  }

  @Test
  void a_relative_path_is_judged_from_the_folder_it_is_used_from() {
    // maven-plugin/pom.xml may name ../testdata (the root's folder), not a folder two levels up
    assertTrue(PathGuard.scan("maven-plugin/pom.xml", "maven-plugin", "<d>../testdata</d>").isEmpty());
    assertEquals(1, PathGuard.scan("maven-plugin/pom.xml", "maven-plugin", "<d>" + up(2) + "x</d>").size());
    // sources run from their module's folder
    assertEquals("engine", PathGuard.baseOf("engine/src/test/java/io/A.java"));
    assertEquals("it/src/it/p", PathGuard.baseOf("it/src/it/p/verify.groovy"));
    assertEquals(1, PathGuard.scan("engine/src/test/java/A.java", "engine", "\"" + up(2) + "sibling/x\"").size());
    assertTrue(PathGuard.climbsAboveRoot("", ".."));
    assertFalse(PathGuard.climbsAboveRoot("it/src/it/p", "../peptides.parquet"));
  }

  /** {@code n} steps up, built so that this file names none. */
  static String up(int n) {
    return ".".repeat(2).concat("/").repeat(n);
  }

  @Test
  void urls_kernel_files_a_shebang_and_ordinary_text_are_not_paths() {
    assertEquals(List.of(), PathGuard.scan(".ci/run", ".ci", "#!/" + "usr/bin/env bash\necho ok\n"));
    String text =
        "https://repo.maven.apache.org/maven2/org x/y /proc/meminfo /dev/null a / b 1/2 <url>http://a/b</url>";
    assertEquals(List.of(), PathGuard.scan("a.java", "", text));
  }
}
