package io.github.artifactio.engine.internal.parquet.splice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Only an INTEGER annotation of the physical width, signed, counts as restating the physical type. */
class RestatedIntegersTest {
  @Test
  void signed_integer_annotations_of_the_physical_width_are_taken_out_and_no_other() {
    assertEquals("optional int32 id", SpliceInput.withoutRestatedIntegers("optional int32 id (INTEGER(32,true))"));
    assertEquals("required int64 big = 3",
        SpliceInput.withoutRestatedIntegers("required int64 big (INTEGER(64,true)) = 3"));
    assertEquals("optional group l (LIST) {\n  repeated group list {\n    optional int32 element;\n  }\n}",
        SpliceInput.withoutRestatedIntegers(
            "optional group l (LIST) {\n  repeated group list {\n    optional int32 element (INTEGER(32,true));\n  }\n}"));
    for (String kept : new String[] {"optional int32 id (INTEGER(16,true))", "optional int32 id (INTEGER(32,false))",
      "optional int64 id (INTEGER(32,true))", "optional int32 id (INTEGER(64,true))"}) {
      assertEquals(kept, SpliceInput.withoutRestatedIntegers(kept));
    }
  }
}
