package io.github.artifactio.engine.sidecar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaIdTest {

  private static String parseError(String text) {
    return assertThrows(IllegalArgumentException.class, () -> SchemaId.parse(text)).getMessage();
  }

  @Test
  void the_text_form_is_name_at_version_and_parses_back() {
    SchemaId id = new SchemaId("psms_scored", 4);
    assertEquals("psms_scored@4", id.toString());
    assertEquals(id, SchemaId.parse("psms_scored@4"));
    assertEquals(new SchemaId("chromatograms", 0), SchemaId.parse("chromatograms@0"));
    assertEquals(new SchemaId("odd@name", 2), SchemaId.parse("odd@name@2"));
  }

  @Test
  void malformed_text_is_refused_with_a_message_that_quotes_it() {
    assertEquals("schema id \"peptides\" is not of the form name@version (no '@')", parseError("peptides"));
    assertEquals("schema id \"@1\" has a blank name", parseError("@1"));
    assertEquals("schema id \" @1\" has a blank name", parseError(" @1"));
    assertEquals("schema id \"peptides@\": the version is empty", parseError("peptides@"));
    assertEquals(
        "schema id \"peptides@-1\": the version \"-1\" is not a non-negative decimal integer",
        parseError("peptides@-1"));
    assertEquals(
        "schema id \"peptides@v1\": the version \"v1\" is not a non-negative decimal integer",
        parseError("peptides@v1"));
    assertEquals("schema id \"peptides@01\": the version \"01\" has a leading zero", parseError("peptides@01"));
    assertEquals(
        "schema id \"peptides@4294967296\": the version 4294967296 does not fit a u32",
        parseError("peptides@4294967296"));
    assertEquals(
        "schema id \"peptides@4294967295\": the version 4294967295 fits a u32 but exceeds 2147483647, the largest this "
            + "engine supports",
        parseError("peptides@4294967295"));
  }

  @Test
  void the_constructor_refuses_a_blank_name_and_a_negative_version() {
    assertThrows(IllegalArgumentException.class, () -> new SchemaId(" ", 1));
    assertThrows(IllegalArgumentException.class, () -> new SchemaId("peptides", -1));
    assertThrows(NullPointerException.class, () -> new SchemaId(null, 1));
  }

  @Test
  void ids_order_by_name_then_version() {
    assertTrue(new SchemaId("a", 9).compareTo(new SchemaId("b", 1)) < 0);
    assertTrue(new SchemaId("a", 2).compareTo(new SchemaId("a", 10)) < 0);
  }

  @Test
  void the_footer_entries_round_trip() {
    SchemaId id = SchemaRegistry.Upstream.FEATURES;
    Map<String, String> footer = id.toFooter();
    assertEquals(
        Map.of("artifact_io.schema_name", "features", "artifact_io.schema_version", "2"), footer);
    Map<String, String> withOthers = new HashMap<>(footer);
    withOthers.put("ARROW:schema", "...");
    assertEquals(Optional.of(id), SchemaId.fromFooter(withOthers));
  }

  @Test
  void a_footer_without_the_keys_has_no_schema_id() {
    assertEquals(Optional.empty(), SchemaId.fromFooter(Map.of("writer", "parquet-rs")));
  }

  @Test
  void a_malformed_footer_version_names_the_key_and_the_value() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> SchemaId.fromFooter(
                Map.of(SchemaId.FOOTER_KEY_NAME, "features", SchemaId.FOOTER_KEY_VERSION, "two")));
    assertEquals(
        "footer key artifact_io.schema_version=\"two\": the version \"two\" is not a non-negative decimal integer",
        e.getMessage());
  }

  @Test
  void a_footer_with_only_one_of_the_keys_is_refused() {
    assertEquals(
        "footer has artifact_io.schema_version=\"2\" but no artifact_io.schema_name",
        assertThrows(IllegalArgumentException.class,
            () -> SchemaId.fromFooter(Map.of(SchemaId.FOOTER_KEY_VERSION, "2"))).getMessage());
    assertEquals(
        "footer has artifact_io.schema_name=\"features\" but no artifact_io.schema_version",
        assertThrows(IllegalArgumentException.class,
            () -> SchemaId.fromFooter(Map.of(SchemaId.FOOTER_KEY_NAME, "features"))).getMessage());
  }
}
