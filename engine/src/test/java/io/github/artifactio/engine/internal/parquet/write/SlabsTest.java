package io.github.artifactio.engine.internal.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Page bodies in fixed slabs: bodies of any size, in place or copied across slabs, come out as they went in. */
class SlabsTest {
  @TempDir Path dir;

  @Test
  void bodies_written_in_place_or_across_slabs_are_written_out_byte_for_byte() throws IOException {
    Slabs slabs = new Slabs();
    SplittableRandom r = new SplittableRandom(42);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    for (int page = 0; page < 40; page++) {
      int len = switch (page % 4) {
        case 0 -> r.nextInt(100);
        case 1 -> r.nextInt(Slabs.SLAB);
        case 2 -> Slabs.SLAB + r.nextInt(3 * Slabs.SLAB); // larger than a slab: spans several
        default -> slabs.room(); // exactly fills the current slab
      };
      byte[] body = new byte[len];
      r.nextBytes(body);
      long at = slabs.size();
      if (len <= slabs.room() && page % 2 == 0) {
        int o = slabs.tailOffset();
        System.arraycopy(body, 0, slabs.tail(), o, len); // as a page compressed in place
        slabs.advance(len);
      } else {
        assertEquals(at, slabs.append(body, 0, len));
      }
      expected.write(body);
      assertEquals(at + len, slabs.size());
    }
    assertArrayEquals(expected.toByteArray(), writtenOut(slabs, 0, (int) slabs.size()));
    assertEquals((slabs.size() + Slabs.SLAB - 1) / Slabs.SLAB * Slabs.SLAB, slabs.heldBytes(),
        "no slab more than the bytes need");
  }

  @Test
  void a_cleared_chunk_reuses_its_slabs() {
    Slabs slabs = new Slabs();
    slabs.append(new byte[3 * Slabs.SLAB + 5], 0, 3 * Slabs.SLAB + 5);
    long held = slabs.heldBytes();
    slabs.clear();
    assertEquals(0, slabs.size());
    slabs.append(new byte[2 * Slabs.SLAB], 0, 2 * Slabs.SLAB);
    assertEquals(held, slabs.heldBytes(), "the next chunk allocated nothing");
  }

  @Test
  void a_body_written_in_place_may_not_pass_the_end_of_its_slab() {
    Slabs slabs = new Slabs();
    slabs.append(new byte[Slabs.SLAB - 10], 0, Slabs.SLAB - 10);
    assertEquals(10, slabs.room());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> slabs.advance(11));
    assertEquals("a page body of 11 bytes overran its slab's 10", e.getMessage());
  }

  private byte[] writtenOut(Slabs slabs, long at, int len) throws IOException {
    Path p = dir.resolve("bodies.bin");
    try (FileOutput file = new FileOutput(p, null)) {
      slabs.writeTo(new ParquetOutput(file), at, len);
    }
    byte[] all = Files.readAllBytes(p);
    return Arrays.copyOfRange(all, ParquetOutput.MAGIC.length, all.length);
  }
}
