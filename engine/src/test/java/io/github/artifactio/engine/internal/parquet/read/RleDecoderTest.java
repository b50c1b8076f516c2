package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import java.util.SplittableRandom;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

class RleDecoderTest {
  @Test
  void the_hybrid_decoder_reads_what_parquet_javas_encoder_writes_at_every_width_and_read_size() throws Exception {
    SplittableRandom r = new SplittableRandom(8);
    for (int width = 1; width <= 24; width++) {
      int n = 5000;
      int[] values = new int[n];
      for (int i = 0; i < n; i++) {
        // runs (RLE) and noise (bit-packed), so both run kinds and their mixes occur
        values[i] = (i / 300) % 2 == 0 ? (int) (r.nextLong() & ((1L << width) - 1)) : width == 1 ? 1 : 3;
      }
      RunLengthBitPackingHybridEncoder enc =
          new RunLengthBitPackingHybridEncoder(width, 64, 1 << 16, new HeapByteBufferAllocator());
      for (int v : values) {
        enc.writeInt(v);
      }
      byte[] bytes = enc.toBytes().toByteArray();
      for (int chunk : new int[] {1, 3, 8, 13, 64, 5000}) {
        RleDecoder d = new RleDecoder(bytes, 0, bytes.length, width);
        int[] out = new int[n];
        for (int at = 0; at < n; at += chunk) {
          int k = Math.min(chunk, n - at);
          if (chunk == 13 && at % 26 == 0) {
            d.skip(k); // skipping keeps the position right too
            System.arraycopy(values, at, out, at, k);
          } else {
            d.read(out, at, k);
          }
        }
        assertArrayEquals(values, out, "width " + width + ", reads of " + chunk);
      }
    }
  }

  @Test
  void selecting_levels_keeps_exactly_the_indexes_and_values_a_full_decode_gives() throws Exception {
    // the engine's tests cannot use the testkit's property engine (the testkit is built on the engine): fixed seeds
    for (long seed = 0; seed < 300; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int width = 1 + r.nextInt(3);
      int max = (1 << width) - 1 - (width > 1 ? r.nextInt(2) : 0);
      int n = 1 + r.nextInt(3000);
      int[] values = new int[n];
      int common = r.nextInt(max + 1);
      for (int i = 0; i < n; i++) {
        // a common level in runs of every length (RLE, or bit-packed when short), and other levels among it
        int k = r.nextInt(100);
        values[i] = k < 70 ? common : k < 85 && i > 0 ? values[i - 1] : r.nextInt(max + 1);
      }
      RunLengthBitPackingHybridEncoder enc =
          new RunLengthBitPackingHybridEncoder(width, 64, 1 << 16, new HeapByteBufferAllocator());
      for (int v : values) {
        enc.writeInt(v);
      }
      byte[] bytes = enc.toBytes().toByteArray();
      for (int target = 0; target <= max; target++) {
        for (boolean equal : new boolean[] {true, false}) {
          RleDecoder.Positions got = new RleDecoder.Positions();
          got.add(-1, -1); // what a page before left is cleared by the caller; here it stays in front
          new RleDecoder(bytes, 0, bytes.length, width).select(n, target, equal, got);
          List<Integer> at = new ArrayList<>();
          List<Integer> kept = new ArrayList<>();
          at.add(-1);
          kept.add(-1);
          for (int i = 0; i < n; i++) {
            if ((values[i] == target) == equal) {
              at.add(i);
              kept.add(values[i]);
            }
          }
          String what = "seed " + seed + ", width " + width + ", level " + (equal ? "" : "not ") + target + " of " + n;
          assertEquals(at.size(), got.size, what);
          for (int j = 0; j < got.size; j++) {
            assertEquals(at.get(j), got.at[j], what + ", position " + j);
            assertEquals(kept.get(j), got.values[j], what + ", value " + j);
          }
        }
      }
    }
  }
}
