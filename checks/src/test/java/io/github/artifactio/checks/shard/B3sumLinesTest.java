package io.github.artifactio.checks.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class B3sumLinesTest {
  @Test
  void the_line_format_refuses_what_b3sum_refuses() {
    String hex = "a".repeat(64);
    assertEquals(new B3sumLines.Entry(hex, "a\\b"), B3sumLines.parse(hex + "  a\\b"), "unescaped: taken literally");
    assertEquals("an escape other than \\\\ or \\n in the path",
        assertThrows(IllegalArgumentException.class, () -> B3sumLines.parse("\\" + hex + "  a\\tb")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> B3sumLines.parse(hex + "  a\uFFFDb")).getMessage()
        .startsWith("the path holds a replacement"));
  }

  @Test
  void a_path_with_a_newline_or_backslash_is_escaped_and_its_line_marked() {
    String hex = "b".repeat(64);
    assertEquals(hex + "  plain", B3sumLines.format(hex, "plain"));
    assertEquals("\\" + hex + "  a\\nb\\\\c", B3sumLines.format(hex, "a\nb\\c"));
    assertEquals(new B3sumLines.Entry(hex, "a\nb\\c"), B3sumLines.parse(B3sumLines.format(hex, "a\nb\\c")));
  }
}
