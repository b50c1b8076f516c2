package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** One property prefix, artifact-io.*, with the first release's names read and warned about; CI=false is not CI. */
class TestkitPropertyTest {
  @Test
  void ci_false_0_and_blank_are_not_ci_and_any_other_value_is() {
    assertFalse(Ci.isCi(null));
    assertFalse(Ci.isCi(""));
    assertFalse(Ci.isCi("  "));
    assertFalse(Ci.isCi("false"));
    assertFalse(Ci.isCi("FALSE"));
    assertFalse(Ci.isCi("0"));
    assertTrue(Ci.isCi("true"));
    assertTrue(Ci.isCi("1"));
    assertTrue(Ci.isCi("yes"));
  }

  @Test
  void the_new_name_wins_and_the_old_name_is_read_with_one_warning() {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      System.setProperty("artifactio.example", "7");
      assertEquals("7", TestkitProperty.get("artifact-io.example", "artifactio.example"));
      assertEquals("7", TestkitProperty.get("artifact-io.example", "artifactio.example"));
      System.setProperty("artifact-io.example", "8");
      assertEquals("8", TestkitProperty.get("artifact-io.example", "artifactio.example"));
      System.clearProperty("artifact-io.example");
      System.clearProperty("artifactio.example");
      assertNull(TestkitProperty.get("artifact-io.example", "artifactio.example"));
    } finally {
      System.setErr(err);
      System.clearProperty("artifact-io.example");
      System.clearProperty("artifactio.example");
    }
    assertEquals("artifact-io testkit: -Dartifactio.example is deprecated and will stop working in the next release;"
        + " use -Dartifact-io.example\n", captured.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
  }

  @Test
  void a_seed_that_is_not_a_number_is_an_error_naming_the_property() {
    System.setProperty(Property.SEED_PROPERTY, "abc");
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Property.forAll(Gens.integers(0, 3)).tries(1).check(i -> {}));
      assertEquals("-Dartifact-io.seed=abc is not a whole number (a seed is a long)", e.getMessage());
    } finally {
      System.clearProperty(Property.SEED_PROPERTY);
    }
  }
}
