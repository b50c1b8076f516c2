package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.ChunkHasher;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Which back end runs, and that the vector and lane-loop ones give the scalar digests. */
class Blake3BackendTest {
  /** Set only by the surefire execution that adds jdk.incubator.vector (engine/pom.xml, id blake3-vector). */
  private static final boolean EXPECT_VECTOR = Boolean.getBoolean("artifact-io.blake3.expectVector");
  /** The vector width the execution forces (256 or 512), so both shapes are tested on any CPU. */
  private static final String FORCED_BITS = System.getProperty("artifact-io.blake3.vectorBits");

  @Test
  void the_backend_is_vector_exactly_when_the_vector_module_is_loaded() {
    boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    if (EXPECT_VECTOR) {
      assertTrue(module, "the vector test run must add jdk.incubator.vector");
      if (FORCED_BITS != null) {
        assertEquals("vector-" + FORCED_BITS, Blake3.backend());
      } else {
        assertTrue(Blake3.backend().equals("vector-256") || Blake3.backend().equals("vector-512"), Blake3.backend());
      }
    } else if (!module) {
      String forced = System.getProperty(Backends.BACKEND_PROPERTY);
      if (forced != null) {
        assertEquals(forced, Blake3.backend());
      } else {
        assertTrue(Blake3.backend().equals("lanes") || Blake3.backend().equals("scalar"), Blake3.backend());
      }
    }
    assertEquals(Blake3.backend(), Blake3.newHasher().backend());
  }

  @Test
  void the_vector_backend_equals_the_scalar_one_at_every_chunk_count_and_counter() {
    Optional<Supplier<ChunkHasher>> vector = Backends.vector();
    assumeTrue(vector.isPresent() || EXPECT_VECTOR, "no Vector API in this JVM");
    ChunkHasher fast = vector.orElseThrow().get();
    ChunkHasher scalar = Backends.scalar();
    byte[] input = TestInputs.random(11, 52 * 1024);
    // chunk counts around the 8- and 16-lane groups, offsets that are not aligned, counters that cross 2^32
    long[] counters = {0, 5, (1L << 32) - 3, (1L << 40) + 1};
    for (int count = 1; count <= 49; count++) {
      for (long counter : counters) {
        int[] expected = new int[count * 8];
        int[] actual = new int[count * 8];
        scalar.hashChunks(input, 3, count, counter, expected, 0);
        fast.hashChunks(input, 3, count, counter, actual, 0);
        assertArrayEquals(expected, actual, count + " chunks at counter " + counter);
      }
    }
  }

  @Test
  void the_lane_backend_equals_the_scalar_one_at_every_chunk_count_and_counter() {
    ChunkHasher lanes = Backends.lanes();
    ChunkHasher scalar = Backends.scalar();
    byte[] input = TestInputs.random(13, 600 * 1024);
    // counts under the 16 lanes it needs, around 16, 256 (its lanes) and past 512, unaligned, counters across 2^32
    long[] counters = {0, 5, (1L << 32) - 100, (1L << 40) + 1};
    for (int count : new int[] {1, 15, 16, 17, 31, 32, 100, 255, 256, 257, 271, 272, 512, 599}) {
      for (long counter : counters) {
        int[] expected = new int[count * 8];
        int[] actual = new int[count * 8 + 16];
        scalar.hashChunks(input, 7, count, counter, expected, 0);
        lanes.hashChunks(input, 7, count, counter, actual, 16);
        assertArrayEquals(expected, Arrays.copyOfRange(actual, 16, actual.length),
            count + " chunks at counter " + counter);
      }
    }
  }

  @Test
  void every_backend_hashes_parents_as_the_scalar_core_does_also_in_place() {
    int[] children = new int[600 * 16];
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < children.length; i++) {
      children[i] = r.nextInt();
    }
    ChunkHasher scalar = Backends.scalar();
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      ChunkHasher wide = backend.get();
      for (int count : new int[] {1, 15, 16, 17, 128, 255, 256, 257, 600}) {
        int[] expected = new int[count * 8];
        scalar.hashParents(children, 0, count, expected, 0);
        int[] actual = Arrays.copyOf(children, children.length);
        wide.hashParents(actual, 0, count, actual, 0); // in place, as the tree hasher reduces a group
        assertArrayEquals(expected, Arrays.copyOf(actual, count * 8), wide.name() + ", " + count + " parents");
      }
    }
  }

  @Test
  void a_forced_backend_is_one_of_the_two_that_need_no_module() {
    assertEquals("scalar", Backends.withoutVector("scalar").get().name());
    assertEquals("lanes", Backends.withoutVector("lanes").get().name());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Backends.withoutVector("avx"));
    assertEquals("artifact-io.blake3.backend is 'avx'; it may be 'scalar' or 'lanes' (or unset, to choose by the CPU)",
        e.getMessage());
  }

  @Test
  void the_vector_and_scalar_hashers_give_the_same_digest_of_large_inputs() {
    Optional<Supplier<ChunkHasher>> vector = Backends.vector();
    assumeTrue(vector.isPresent() || EXPECT_VECTOR, "no Vector API in this JVM");
    for (int len : new int[] {8191, 8192, 8193, 16383, 16384, 16385, 65536, 65537, 3 * (1 << 20) + 100}) {
      byte[] input = TestInputs.random(len, len);
      ContentHash scalar = TestInputs.hasher(Backends::scalar).update(input).digest();
      ContentHash fast = TestInputs.hasher(vector.orElseThrow()).update(input).digest();
      assertEquals(scalar, fast, "length " + len);
    }
  }

  @Test
  void a_stream_written_in_pieces_of_any_size_has_the_digest_of_its_bytes_on_every_back_end() {
    byte[] input = TestInputs.random(5, 3 * (1 << 20) + 12_345);
    ContentHash whole = TestInputs.hasher(Backends::scalar).update(input).digest();
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      // pieces around the staged groups (16 chunks, 256 for the lane back end) and the chunk, as a stream's writes come
      for (int piece : new int[] {1, 1000, 1024, 16_383, 16_384, 16_385, 65_536, 100_000, 262_143, 262_145, 1 << 20}) {
        Blake3Hasher h = TestInputs.hasher(backend);
        for (int at = 0; at < input.length; at += piece) {
          h.update(input, at, Math.min(piece, input.length - at));
        }
        assertEquals(whole, h.digest(), backend.get().name() + ", pieces of " + piece);
      }
    }
  }
}
