package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

class HashingOutputStreamTest {
  private static final int LEN = 3 * (1 << 20) + 4321;
  private static final byte[] INPUT = TestInputs.random(42, LEN);
  private static final ContentHash ONE_SHOT = Blake3.hashBytes(INPUT);

  @Test
  void the_digest_equals_the_one_shot_digest_for_every_write_size() throws IOException {
    for (int size : new int[] {1, 7, 4096, 65536, 1 << 20}) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      HashingOutputStream out = new HashingOutputStream(sink);
      for (int off = 0; off < LEN; off += size) {
        int n = Math.min(size, LEN - off);
        if (size == 1) {
          out.write(INPUT[off]);
        } else {
          out.write(INPUT, off, n);
        }
      }
      out.close();
      assertEquals(ONE_SHOT, out.digest(), "write size " + size);
      assertEquals(LEN, out.count(), "write size " + size);
      assertArrayEquals(INPUT, sink.toByteArray(), "forwarded bytes, write size " + size);
    }
  }

  @Test
  void the_digest_equals_the_one_shot_digest_for_mixed_write_sizes() throws IOException {
    int[] sizes = {1, 8191, 7, 65536, 3, 1 << 20, 4096, 1023, 1025, 8193};
    HashingOutputStream out = new HashingOutputStream(OutputStream.nullOutputStream());
    int off = 0;
    for (int i = 0; off < LEN; i++) {
      int n = Math.min(sizes[i % sizes.length], LEN - off);
      out.write(INPUT, off, n);
      off += n;
    }
    assertEquals(ONE_SHOT, out.digest());
  }

  @Test
  void the_digest_mid_stream_is_the_digest_of_the_bytes_so_far_and_writing_goes_on() throws IOException {
    HashingOutputStream out = new HashingOutputStream(OutputStream.nullOutputStream());
    out.write(INPUT, 0, 100_000);
    assertEquals(Blake3.hashBytes(INPUT, 0, 100_000), out.digest());
    out.write(INPUT, 100_000, LEN - 100_000);
    assertEquals(ONE_SHOT, out.digest());
  }

  @Test
  void bytes_the_wrapped_stream_refused_are_not_hashed() throws IOException {
    OutputStream full = new OutputStream() {
      private int accepted;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (accepted + len > 10) {
          throw new IOException("disk full");
        }
        accepted += len;
      }
    };
    HashingOutputStream out = new HashingOutputStream(full);
    out.write(INPUT, 0, 10);
    assertThrows(IOException.class, () -> out.write(INPUT, 10, 5));
    assertThrows(IOException.class, () -> out.write(INPUT[10]));
    assertEquals(10, out.count());
    assertEquals(Blake3.hashBytes(INPUT, 0, 10), out.digest());
  }

  @Test
  void an_empty_stream_has_the_empty_digest() throws IOException {
    HashingOutputStream out = new HashingOutputStream(OutputStream.nullOutputStream());
    out.close();
    assertEquals("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", out.digest().hex());
  }
}
