package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * A page header's uncompressed size is held to what its compressed bytes can hold (each codec's maximum ratio) and to
 * a quarter of the heap before the page's array is allocated; before, {@code Decompressors} allocated whatever the
 * header declared and a few bytes declaring 2 GiB were an {@code OutOfMemoryError}.
 */
class DecompressorBoundsTest {
  private static final byte[] TEN = new byte[10];

  private static String refused(CompressionCodecName codec, byte[] body, int declared) {
    return assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(codec, body, 0, body.length, declared)).getMessage();
  }

  @Test
  void every_codec_refuses_a_declared_size_beyond_its_maximum_ratio_before_allocating() {
    assertEquals("its header declares 2147483647 uncompressed bytes, more than its 10 UNCOMPRESSED bytes can hold (at"
        + " most 10)", refused(CompressionCodecName.UNCOMPRESSED, TEN, Integer.MAX_VALUE));
    assertEquals("its header declares 2147483647 uncompressed bytes, more than its 10 SNAPPY bytes can hold (at most"
        + " 277)", refused(CompressionCodecName.SNAPPY, TEN, Integer.MAX_VALUE));
    assertEquals("its header declares 1073741824 uncompressed bytes, more than its 10 GZIP bytes can hold (at most"
        + " 10384)", refused(CompressionCodecName.GZIP, TEN, 1 << 30));
    assertEquals("its header declares 1073741824 uncompressed bytes, more than its 10 LZ4_RAW bytes can hold (at most"
        + " 2614)", refused(CompressionCodecName.LZ4_RAW, TEN, 1 << 30));
    assertEquals("its header declares 1073741824 uncompressed bytes, more than its 10 ZSTD bytes can hold (at most"
        + " 327744)", refused(CompressionCodecName.ZSTD, TEN, 1 << 30));
  }

  @Test
  void a_size_the_ratio_allows_but_the_heap_does_not_is_refused_naming_the_heap() {
    long heap = Runtime.getRuntime().maxMemory();
    int declared = (int) Math.min(Integer.MAX_VALUE - 8, heap / 4 + 1);
    byte[] body = new byte[(int) (declared / 32_768) + 1];
    if (heap / 4 + 1 > Integer.MAX_VALUE - 8) {
      return; // a heap over 8 GiB: no int size exceeds its quarter
    }
    assertEquals("its header declares " + declared + " uncompressed bytes, more than a quarter of this JVM's maximum"
        + " heap (" + heap / 4 + " bytes) allows one page", refused(CompressionCodecName.ZSTD, body, declared));
  }

  @Test
  void a_snappy_stream_that_disagrees_with_its_header_is_refused_before_allocating() throws IOException {
    byte[] body = Snappy.compress(new byte[100]);
    assertEquals("its SNAPPY bytes decompress to 100 bytes, its header says 200",
        refused(CompressionCodecName.SNAPPY, body, 200));
    assertArrayEquals(new byte[100], Decompressors.decompress(CompressionCodecName.SNAPPY, body, 0, body.length, 100));
  }

  @Test
  void gzip_stops_inflating_at_the_declared_size() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(b)) {
      z.write(new byte[64 << 20]); // 64 MiB of zeros in about 64 KiB: never inflated whole
    }
    byte[] body = b.toByteArray();
    assertEquals("its GZIP bytes decompress to more than the 1024 bytes its header says",
        refused(CompressionCodecName.GZIP, body, 1024));
  }

  @Test
  void corrupt_bytes_are_said_in_the_engines_words_with_the_librarys_in_the_cause() {
    byte[] body = {(byte) 0x64, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0};
    PageFormatException e = assertThrows(PageFormatException.class,
        () -> Decompressors.decompress(CompressionCodecName.SNAPPY, body, 0, body.length, 100));
    assertEquals("its SNAPPY bytes do not decompress: they are corrupt", e.getMessage());
    assertEquals(IOException.class, e.getCause().getClass());
  }
}
