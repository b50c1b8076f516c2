package io.github.artifactio.engine.internal.parquet.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.internal.parquet.read.RleDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;

/** The writer's hybrid encoder, checked against parquet-java's decoder and the engine's own. */
class HybridEncoderTest {
  /** Runs of every length around the RLE threshold, mixed with noise, so both run kinds and their seams occur. */
  static int[] values(SplittableRandom r, int n, int width) {
    int[] v = new int[n];
    long mask = width == 32 ? 0xffff_ffffL : (1L << width) - 1;
    for (int i = 0; i < n;) {
      int run = r.nextInt(4) == 0 ? 1 + r.nextInt(40) : 1;
      int x = (int) (r.nextLong() & mask);
      for (int k = 0; k < run && i < n; k++) {
        v[i++] = x;
      }
    }
    return v;
  }

  static int[] decode(byte[] b, int len, int width, int n) throws IOException {
    RunLengthBitPackingHybridDecoder d =
        new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(b, 0, len));
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = d.readInt();
    }
    return out;
  }

  @Test
  void levels_decode_to_themselves_through_parquet_javas_decoder_and_the_engines_at_every_width() throws IOException {
    SplittableRandom r = new SplittableRandom(14);
    for (int width = 1; width <= 8; width++) {
      for (int n : new int[] {1, 7, 8, 9, 63 * 8, 63 * 8 + 1, 5000}) {
        int[] v = values(r, n, width);
        Levels levels = new Levels();
        for (int x : v) {
          if (r.nextBoolean()) {
            levels.add(x);
          } else {
            levels.fill(x, 1);
          }
        }
        Bytes out = new Bytes(16);
        levels.encode(width, out);
        assertArrayEquals(v, decode(out.buf, out.size, width, n), "width " + width + ", " + n + " levels");
        int[] ours = new int[n];
        new RleDecoder(out.buf, 0, out.size, width).read(ours, 0, n);
        assertArrayEquals(v, ours, "the engine's decoder, width " + width + ", " + n + " levels");
      }
    }
  }

  @Test
  void dictionary_ids_decode_to_themselves_at_every_width_from_0_to_32() throws IOException {
    SplittableRandom r = new SplittableRandom(15);
    for (int width = 0; width <= 32; width++) {
      int n = 3000 + width;
      int[] v = width == 0 ? new int[n] : values(r, n, width);
      Bytes out = new Bytes(0);
      HybridEncoder.encode(v, n, width, out);
      if (width > 0) {
        assertArrayEquals(v, decode(out.buf, out.size, width, n), "width " + width);
      }
      int[] ours = new int[n];
      new RleDecoder(out.buf, 0, out.size, width).read(ours, 0, n);
      assertArrayEquals(v, ours, "the engine's decoder, width " + width);
    }
  }

  @Test
  void eight_equal_values_starting_a_group_are_one_rle_run_and_a_packed_run_holds_at_most_63_groups() {
    Bytes rle = new Bytes(0);
    Levels same = new Levels();
    same.fill(3, 20);
    same.encode(2, rle);
    // header 20 << 1, then the value in one byte
    assertArrayEquals(new byte[] {40, 3}, Arrays.copyOf(rle.buf, rle.size));

    Levels alternating = new Levels();
    for (int i = 0; i < 1000; i++) {
      alternating.add(i % 2);
    }
    Bytes packed = new Bytes(0);
    alternating.encode(1, packed);
    // 125 groups of one byte: a run of 63 (header 63 << 1 | 1), then one of 62
    assertEquals(1 + 63 + 1 + 62, packed.size);
    assertEquals((byte) 0x7f, packed.buf[0]);
    assertEquals((byte) 0b1010_1010, packed.buf[1], "LSB first: 0, 1, 0, 1, ...");
    assertEquals((byte) (62 << 1 | 1), packed.buf[64]);
  }
}
