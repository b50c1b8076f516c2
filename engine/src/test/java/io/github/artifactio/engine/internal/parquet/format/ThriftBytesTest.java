package io.github.artifactio.engine.internal.parquet.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;

/**
 * Decoding Thrift from a byte array ({@link ThriftBytes}) gives what parquet-java's {@code Util} gives from a stream
 * over the same bytes: the same structures, and where they do not decode, the same description of why.
 */
class ThriftBytesTest {
  private static final String CUT_SHORT = "its bytes end in the middle of a field (cut short, or a wrong length)";

  @Test
  void every_footer_of_the_repository_decodes_as_parquet_javas_util_decodes_it() throws IOException {
    List<Path> files = TestData.parquetFiles();
    assertTrue(files.size() > 50, "found only " + files.size() + " files");
    int decoded = 0;
    for (Path f : files) {
      byte[] file = Files.readAllBytes(f);
      if (file.length < 12) {
        continue;
      }
      long length = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
      if (length > file.length - 12) {
        continue; // a footer length past the file: refused before any decoding, by Footer
      }
      int at = (int) (file.length - 8 - length);
      String expected;
      try {
        expected = Util.readFileMetaData(new ByteArrayInputStream(file, at, (int) length)).toString();
        decoded++;
      } catch (IOException | RuntimeException e) {
        expected = "fails: " + ThriftErrors.describe(e);
      }
      String actual;
      try {
        actual = new ThriftBytes(file, at, at + (int) length).fileMetaData().toString();
      } catch (IOException | RuntimeException e) {
        actual = "fails: " + ThriftErrors.describe(e);
      }
      assertEquals(expected, actual, f.toString());
    }
    assertTrue(decoded > 50, "only " + decoded + " footers decode");
  }

  @Test
  void page_headers_decode_one_after_another_and_the_position_lands_after_each() throws IOException {
    PageHeader first = header(100, new byte[] {1, 2, 3});
    PageHeader second = header(7, new byte[] {9});
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {42, 42}); // bytes before the first header are not read
    Util.writePageHeader(first, out);
    int firstEnd = out.size();
    Util.writePageHeader(second, out);
    byte[] bytes = out.toByteArray();
    ThriftBytes in = new ThriftBytes(bytes, 2, bytes.length);
    assertEquals(first, in.pageHeader());
    assertEquals(firstEnd, in.position());
    assertEquals(second, in.pageHeader());
    assertEquals(bytes.length, in.position());
  }

  @Test
  void a_headers_statistics_are_its_own_bytes_not_a_view_of_the_array_the_reader_refills() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writePageHeader(header(100, new byte[] {1, 2, 3}), out);
    byte[] bytes = out.toByteArray();
    PageHeader h = new ThriftBytes(bytes, 0, bytes.length).pageHeader();
    Arrays.fill(bytes, (byte) 0);
    assertArrayEquals(new byte[] {1, 2, 3}, h.data_page_header.statistics.getMin_value());
  }

  @Test
  void a_header_cut_short_fails_as_it_fails_through_parquet_javas_util() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writePageHeader(header(100, new byte[] {1, 2, 3}), out);
    byte[] bytes = out.toByteArray();
    for (int cut = 1; cut < bytes.length; cut++) {
      int end = bytes.length - cut;
      IOException ours = assertThrows(IOException.class, () -> new ThriftBytes(bytes, 0, end).pageHeader());
      IOException theirs =
          assertThrows(IOException.class, () -> Util.readPageHeader(new ByteArrayInputStream(bytes, 0, end)));
      assertEquals(ThriftErrors.describe(theirs), ThriftErrors.describe(ours), "cut at " + end);
    }
    IOException e = assertThrows(IOException.class, () -> new ThriftBytes(bytes, 0, 5).pageHeader());
    assertEquals(CUT_SHORT, ThriftErrors.describe(e));
  }

  @Test
  void a_footer_declaring_more_bytes_than_it_holds_fails_before_allocating_them() throws IOException {
    FileMetaData md = new FileMetaData();
    md.setVersion(1);
    md.setNum_rows(0);
    md.setSchema(List.of());
    md.setRow_groups(List.of());
    md.setCreated_by("x".repeat(64));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(md, out);
    byte[] bytes = out.toByteArray();
    // created_by's length varint (64) said as 2^23 (4 << 21): the string cannot be in the bytes, so no array is made
    int at = indexOf(bytes, (byte) 64);
    byte[] hostile = new byte[bytes.length + 3];
    System.arraycopy(bytes, 0, hostile, 0, at);
    hostile[at] = (byte) 0x80;
    hostile[at + 1] = (byte) 0x80;
    hostile[at + 2] = (byte) 0x80;
    hostile[at + 3] = (byte) 0x04;
    System.arraycopy(bytes, at + 1, hostile, at + 4, bytes.length - at - 1);
    IOException e = assertThrows(IOException.class, () -> new ThriftBytes(hostile, 0, hostile.length).fileMetaData());
    assertEquals(CUT_SHORT, ThriftErrors.describe(e));
    assertTrue(e.getCause().getMessage().contains("a length of 8388608 bytes runs past the"), e.getCause()
        .getMessage());
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    throw new AssertionError("no byte " + b);
  }

  private static PageHeader header(int values, byte[] min) {
    DataPageHeader d = new DataPageHeader(values, Encoding.PLAIN, Encoding.RLE, Encoding.RLE);
    d.setStatistics(new Statistics().setMin_value(min).setMax_value(min));
    PageHeader h = new PageHeader(PageType.DATA_PAGE, 10 * values, 5 * values);
    h.setData_page_header(d);
    return h;
  }
}
