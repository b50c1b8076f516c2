package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchDocTest {
  private static Path resource(String name) throws URISyntaxException {
    return Path.of(BenchDocTest.class.getResource("/bench-doc/" + name).toURI());
  }

  private static String read(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }

  @Test
  void one_runs_json_becomes_benchmarks_md_and_the_readme_headline_lines(@TempDir Path root) throws Exception {
    Files.copy(resource("README.in.md"), root.resolve("README.md"));
    BenchDoc.generate(resource("run"), root);
    assertEquals(read(resource("benchmarks.expected.md")), read(root.resolve("docs/benchmarks.md")));
    assertEquals(read(resource("README.expected.md")), read(root.resolve("README.md")));
  }

  @Test
  void a_second_generation_from_the_same_run_changes_nothing(@TempDir Path root) throws Exception {
    Files.copy(resource("README.in.md"), root.resolve("README.md"));
    BenchDoc.generate(resource("run"), root);
    String readme = read(root.resolve("README.md"));
    BenchDoc.generate(resource("run"), root);
    assertEquals(readme, read(root.resolve("README.md")));
  }

  @Test
  void a_readme_without_the_markers_fails_naming_them_and_nothing_is_written(@TempDir Path root) throws Exception {
    Files.writeString(root.resolve("README.md"), "# A project\n\nNo figures here.\n");
    BenchDoc.DocException e =
        assertThrows(BenchDoc.DocException.class, () -> BenchDoc.generate(resource("run"), root));
    assertEquals(root.resolve("README.md"), e.file());
    assertEquals(root.resolve("README.md") + ": has no headline block: put the lines"
        + " <!-- benchmarks:headline:begin --> and <!-- benchmarks:headline:end --> where the headline figures go,"
        + " in that order", e.getMessage());
    assertFalse(Files.exists(root.resolve("docs/benchmarks.md")));
    assertEquals("# A project\n\nNo figures here.\n", read(root.resolve("README.md")));
  }

  @Test
  void a_json_without_the_machine_object_is_refused_with_its_file(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("read.json");
    Files.writeString(json, "{\"benchmark\": \"read\", \"arms\": []}");
    BenchDoc.DocException e = assertThrows(BenchDoc.DocException.class, () -> BenchDoc.read(dir));
    assertEquals(json, e.file());
    assertEquals(json + ": has no machine object: it was not written by a run of Bench", e.getMessage());
  }

  @Test
  void numbers_keep_at_most_four_decimals_and_no_trailing_zeros() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    assertEquals("1.2346", BenchDoc.value(f.numberNode(1.23456789)));
    assertEquals("0.5", BenchDoc.value(f.numberNode(0.5)));
    assertEquals("2", BenchDoc.value(f.numberNode(2.0)));
    assertEquals("1500000", BenchDoc.value(f.numberNode(1_500_000L)));
    assertEquals("a \\| b", BenchDoc.value(f.textNode("a | b")));
  }
}
