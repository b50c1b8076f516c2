package io.github.artifactio.engine.sidecar;

import static io.github.artifactio.engine.sidecar.Fixtures.NODES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SidecarJsonTest {
  @TempDir Path dir;

  @Test
  void floats_are_printed_as_serde_json_prints_them_with_ryu() {
    // expected strings are ryu's format_finite, which serde_json uses for f64
    String[][] cases = {
      {"0.0", "0.0"}, {"-0.0", "-0.0"}, {"1.0", "1.0"}, {"0.1", "0.1"}, {"0.3", "0.3"}, {"-2.5", "-2.5"},
      {"1e15", "1000000000000000.0"}, {"1e16", "1e16"}, {"1.5e16", "1.5e16"}, {"12345678.0", "12345678.0"},
      {"0.002", "0.002"}, {"1e-5", "0.00001"}, {"1.234e-5", "0.00001234"}, {"1e-6", "1e-6"},
      {"1.5e-7", "1.5e-7"}, {"1.2345678901234568e17", "1.2345678901234568e17"}, {"5e-324", "5e-324"},
      {"1.7976931348623157e308", "1.7976931348623157e308"}, {"2e23", "2e23"},
      {"9007199254740993", "9007199254740992.0"},
      {"123.456", "123.456"},
    };
    for (String[] c : cases) {
      assertEquals(c[1], SerdeNumbers.formatDouble(Double.parseDouble(c[0])), c[0]);
    }
    // an f32 is printed as the f64 it widens to, as serde_json's Value holds it
    assertEquals("0.10000000149011612", SidecarJson.toJson(NODES.numberNode(0.1f)));
  }

  @Test
  void a_non_finite_float_cannot_be_written() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SerdeNumbers.formatDouble(Double.NaN));
    assertEquals("a non-finite number (NaN) cannot be written as JSON", e.getMessage());
  }

  @Test
  void floats_read_from_a_rust_file_are_written_back_with_the_same_bytes() throws IOException {
    String json = "{\n  \"a\": 1e-7,\n  \"b\": 12345678.9,\n  \"c\": [\n    1.0,\n    2\n  ]\n}";
    Path p = Fixtures.write(dir, "params.json", json);
    ObjectNode node = (ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.toFile());
    assertEquals(json, SidecarJson.toJson(node));
  }

  @Test
  void strings_are_escaped_as_serde_json_escapes_them() {
    ObjectNode node = NODES.objectNode();
    node.put("s", "tab\there \"q\" back\\slash unit\u001fsep del\u007f é 🧬 /");
    assertEquals("{\n  \"s\": \"tab\\there \\\"q\\\" back\\\\slash unit\\u001fsep del\u007f é 🧬 /\"\n}",
        SidecarJson.toJson(node));
  }

  @Test
  void map_keys_sort_in_code_point_order_as_rusts_btreemap_does() {
    ObjectNode node = NODES.objectNode();
    node.put("\uFF21", 1); // fullwidth A, U+FF21
    node.put("\uD83E\uDDEC", 2); // U+1F9EC: after U+FF21 by code point, before it by UTF-16 unit
    node.put("b", 3);
    assertEquals("{\n  \"b\": 3,\n  \"\uFF21\": 1,\n  \"\uD83E\uDDEC\": 2\n}", SidecarJson.toJson(node));
  }

  @Test
  void a_missing_file_is_a_reading_error_naming_it() {
    Path p = dir.resolve("absent.report.json");
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": reading json: NoSuchFileException: " + p, e.getMessage());
    assertTrue(e.getCause() instanceof NoSuchFileException);
  }

  @Test
  void trailing_content_is_refused_with_its_location() throws IOException {
    Path p = Fixtures.write(dir, "r.json", Fixtures.resource("peptides.parquet.report.json") + "\n{}");
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertEquals(p + ": parsing json: trailing content after the JSON value at line 26, column 1", e.getMessage());
    // a trailing newline or other whitespace is not content
    Path ok = Fixtures.write(dir, "ok.json", Fixtures.resource("peptides.parquet.report.json") + "\n");
    assertEquals(Fixtures.digestReport(), SidecarJson.readReport(ok));
  }

  @Test
  void a_syntax_error_is_located() throws IOException {
    Path p = Fixtures.write(dir, "r.json", "{\n  \"logical_name\": \"x\",,\n}");
    ArtifactException e = assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p));
    assertTrue(e.getMessage().startsWith(p + ": parsing json: Unexpected character (','"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" at line 2, column 23"), e.getMessage());
  }

  @Test
  void an_empty_file_and_a_non_object_are_refused() throws IOException {
    Path empty = Fixtures.write(dir, "empty.json", "");
    assertEquals(empty + ": parsing json: the file holds no JSON value",
        assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(empty)).getMessage());
    Path array = Fixtures.write(dir, "array.json", "[]");
    assertEquals(array + ": parsing json: the document: expected an object, got an array",
        assertThrows(ArtifactException.class, () -> SidecarJson.readManifest(array)).getMessage());
  }

  @Test
  void a_float_that_overflows_f64_is_refused_as_serde_refuses_it() throws IOException {
    String json = Fixtures.resource("peptides.parquet.report.json").replace("\"rng_seed\": 42", "\"rng_seed\": 1e400");
    Path p = Fixtures.write(dir, "r.json", json);
    assertEquals(p + ": parsing json: field params[\"rng_seed\"]: the number is out of range for an f64",
        assertThrows(ArtifactException.class, () -> SidecarJson.readReport(p)).getMessage());
  }

  @Test
  void only_sidecar_types_and_json_trees_are_written() {
    assertThrows(IllegalArgumentException.class, () -> SidecarJson.write(dir.resolve("x.json"), "text"));
  }

  @Test
  void a_folder_that_cannot_be_created_is_a_writing_error() throws IOException {
    Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
    Path target = file.resolve("manifest.json");
    ArtifactException e =
        assertThrows(ArtifactException.class, () -> SidecarJson.write(target, Fixtures.twoArtifactManifest()));
    assertTrue(e.getMessage().startsWith(target + ": writing json: creating its folder "), e.getMessage());
  }
}
