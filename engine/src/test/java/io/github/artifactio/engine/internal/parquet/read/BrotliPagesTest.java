package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

/**
 * BROTLI pages decompress to their declared size and no further. The streams were made once with Debian's brotli
 * 1.0.9: {@code head -c 1048576 /dev/zero | brotli -c} and {@code printf 'hello brotli page' | brotli -c}.
 */
class BrotliPagesTest {
  /** 1 MiB of zeros in 14 bytes: a ratio no bound on the compressed size could cap. */
  private static final byte[] MIB_OF_ZEROS = HexFormat.of().parseHex("5fffff8f7f02201e0b0472ef1f00");
  private static final byte[] HELLO = HexFormat.of().parseHex("0f088068656c6c6f2062726f746c69207061676503");

  @Test
  void a_brotli_page_decompresses_to_its_declared_size() throws Exception {
    byte[] out = Decompressors.decompress(CompressionCodecName.BROTLI, HELLO, 0, HELLO.length, 17);
    assertEquals("hello brotli page", new String(out, 0, 17, java.nio.charset.StandardCharsets.US_ASCII));
    byte[] zeros = Decompressors.decompress(CompressionCodecName.BROTLI, MIB_OF_ZEROS, 0, MIB_OF_ZEROS.length, 1 << 20);
    assertArrayEquals(new byte[1 << 20], zeros);
  }

  @Test
  void a_brotli_bomb_is_refused_once_it_has_filled_the_declared_size() {
    PageFormatException e = assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(CompressionCodecName.BROTLI, MIB_OF_ZEROS, 0, MIB_OF_ZEROS.length, 4096));
    assertEquals("its BROTLI bytes decompress to more than the 4096 bytes its header says", e.getMessage());
  }

  @Test
  void a_brotli_stream_shorter_than_its_declared_size_is_refused() {
    PageFormatException e = assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(CompressionCodecName.BROTLI, HELLO, 0, HELLO.length, 18));
    assertEquals("its BROTLI bytes decompress to 17 bytes, its header says 18", e.getMessage());
  }

  @Test
  void corrupt_brotli_bytes_are_a_page_error_not_an_exception_of_the_decoder() {
    byte[] corrupt = HELLO.clone();
    corrupt[0] = (byte) 0xff; // an invalid window size
    PageFormatException e = assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(CompressionCodecName.BROTLI, corrupt, 0, corrupt.length, 17));
    assertEquals("its BROTLI bytes do not decompress: they are corrupt", e.getMessage());
    byte[] cut = java.util.Arrays.copyOf(HELLO, 6);
    e = assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(CompressionCodecName.BROTLI, cut, 0, cut.length, 17));
    assertEquals("its BROTLI bytes do not decompress: they are corrupt", e.getMessage());
  }
}
