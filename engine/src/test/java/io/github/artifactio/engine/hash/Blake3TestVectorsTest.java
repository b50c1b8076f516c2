package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.internal.blake3.ChunkHasher;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The official BLAKE3 test vectors (see blake3-test-vectors.README.md), on every back end. */
class Blake3TestVectorsTest {
  private static final int[] REQUIRED_LENGTHS = {
    0, 1, 1023, 1024, 1025, 2048, 2049, 3072, 3073, 4096, 4097, 5120, 5121, 6144, 6145, 7168, 7169, 8192, 8193,
    16384, 31744, 102400
  };

  private record Case(int len, byte[] xof) {}

  private static List<Case> cases;

  @BeforeAll
  static void readVectors() throws IOException {
    try (InputStream in = Blake3TestVectorsTest.class.getResourceAsStream("blake3-test-vectors.json")) {
      JsonNode root = new ObjectMapper().readTree(in);
      cases = new ArrayList<>();
      for (JsonNode c : root.get("cases")) {
        cases.add(new Case(c.get("input_len").asInt(), HexFormat.of().parseHex(c.get("hash").asText())));
      }
    }
  }

  @Test
  void the_vector_file_covers_every_required_length_with_131_bytes_of_output() {
    Set<Integer> lengths = new TreeSet<>();
    for (Case c : cases) {
      lengths.add(c.len());
      assertEquals(131, c.xof().length, "output length of case " + c.len());
    }
    for (int len : REQUIRED_LENGTHS) {
      assertTrue(lengths.contains(len), "missing case " + len);
    }
  }

  @Test
  void every_backend_gives_the_official_digest_of_every_vector() {
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      for (Case c : cases) {
        byte[] input = TestInputs.pattern(c.len());
        ContentHash expected = ContentHash.of(Arrays.copyOf(c.xof(), 32));
        Blake3Hasher hasher = TestInputs.hasher(backend).update(input, 0, input.length);
        assertEquals(expected, hasher.digest(), hasher.backend() + ", length " + c.len());
      }
    }
  }

  @Test
  void every_backend_gives_the_official_131_byte_extended_output_of_every_vector() {
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      for (Case c : cases) {
        byte[] input = TestInputs.pattern(c.len());
        Blake3Hasher hasher = TestInputs.hasher(backend).update(input, 0, input.length);
        assertArrayEquals(c.xof(), hasher.digest(131), hasher.backend() + ", length " + c.len());
      }
    }
  }

  @Test
  void updates_in_uneven_slices_give_the_official_digest() {
    int[] slices = {1, 63, 64, 65, 1000, 1024, 8191, 8193, 9000};
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      for (Case c : cases) {
        byte[] input = TestInputs.pattern(c.len());
        Blake3Hasher hasher = TestInputs.hasher(backend);
        int off = 0;
        for (int i = 0; off < input.length; i++) {
          int n = Math.min(slices[i % slices.length], input.length - off);
          hasher.update(input, off, n);
          off += n;
        }
        assertArrayEquals(c.xof(), hasher.digest(131), hasher.backend() + ", length " + c.len());
      }
    }
  }

  @Test
  void a_direct_byte_buffer_gives_the_official_digest() {
    for (Case c : cases) {
      byte[] input = TestInputs.pattern(c.len());
      ByteBuffer direct = ByteBuffer.allocateDirect(input.length).put(input).flip();
      Blake3Hasher hasher = Blake3.newHasher().update(direct);
      assertEquals(0, direct.remaining());
      assertArrayEquals(c.xof(), hasher.digest(131), "length " + c.len());
    }
  }

  @Test
  void the_digest_is_not_final_hashing_goes_on_after_it() {
    Case big = cases.get(cases.size() - 1);
    byte[] input = TestInputs.pattern(big.len());
    Blake3Hasher hasher = Blake3.newHasher().update(input, 0, 5000);
    assertEquals(Blake3.hashBytes(input, 0, 5000), hasher.digest());
    hasher.update(input, 5000, input.length - 5000);
    assertArrayEquals(big.xof(), hasher.digest(131));
    assertEquals(input.length, hasher.count());
  }
}
