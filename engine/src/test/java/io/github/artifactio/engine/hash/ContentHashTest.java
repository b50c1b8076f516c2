package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ContentHashTest {
  private static final String EMPTY = "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262";

  @Test
  void a_hash_round_trips_through_its_bytes_and_prints_as_hex() {
    ContentHash hash = new ContentHash(EMPTY);
    assertEquals(hash, ContentHash.of(hash.bytes()));
    assertEquals(EMPTY, hash.toString());
  }

  @Test
  void upper_case_short_long_and_non_hex_strings_are_rejected() {
    assertThrows(IllegalArgumentException.class, () -> new ContentHash(EMPTY.toUpperCase(java.util.Locale.ROOT)));
    assertThrows(IllegalArgumentException.class, () -> new ContentHash(EMPTY.substring(1)));
    assertThrows(IllegalArgumentException.class, () -> new ContentHash(EMPTY + "0"));
    assertThrows(IllegalArgumentException.class, () -> new ContentHash(EMPTY.substring(1) + "g"));
    assertThrows(NullPointerException.class, () -> new ContentHash(null));
    assertThrows(IllegalArgumentException.class, () -> ContentHash.of(new byte[31]));
  }

  @Test
  void a_string_hashes_as_its_utf8_bytes() {
    String s = "config: größe=1";
    assertEquals(Blake3.hashBytes(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)), Blake3.hashString(s));
    assertEquals(EMPTY, Blake3.hashString("").hex());
  }
}
