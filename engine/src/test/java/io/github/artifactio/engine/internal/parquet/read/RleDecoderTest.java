package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
