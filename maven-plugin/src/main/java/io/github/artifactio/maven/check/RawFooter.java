package io.github.artifactio.maven.check;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/**
 * A Parquet file's framing and footer as the bytes say, decoded with the Thrift structures alone. The engine's
 * footer handle already refuses a broken file with one message; the {@code structure} rule needs to say which of
 * magic, footer length or footer decoding is broken, and the {@code ascending} rule needs the row groups'
 * {@code sorting_columns}, which parquet-java keeps only in this Thrift form.
 *
 * @param size the file's length in bytes
 * @param problems what is wrong with the framing (magic, footer length, footer decoding); empty when it is sound
 * @param footerLength the footer's declared length, or -1 where the tail is too short to hold one
 * @param metadata the decoded footer, or null when it does not decode
 */
public record RawFooter(long size, List<String> problems, long footerLength, FileMetaData metadata) {
  static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** Reads the head, the tail and the footer of {@code file}. */
  public static RawFooter read(Path file, ReadAccounting accounting) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      accounting.opened();
      long size = ch.size();
      List<String> problems = new ArrayList<>();
      if (size < 12) {
        problems.add("the file has " + size + " bytes, fewer than the 12 of the magic and footer framing");
        return new RawFooter(size, problems, -1, null);
      }
      ByteBuffer head = read(ch, 0, 4, accounting);
      ByteBuffer tail = read(ch, size - 8, 8, accounting).order(ByteOrder.LITTLE_ENDIAN);
      if (!matches(head, 0)) {
        problems.add("the leading magic is " + ascii(head, 0) + ", not PAR1");
      }
      if (!matches(tail, 4)) {
        problems.add("the trailing magic is " + ascii(tail, 4) + ", not PAR1");
      }
      long footerLength = Integer.toUnsignedLong(tail.getInt(0));
      if (footerLength == 0 || footerLength > size - 12) {
        problems.add("the footer length is " + footerLength + " bytes, outside 1.." + (size - 12));
        return new RawFooter(size, problems, footerLength, null);
      }
      ByteBuffer footer = read(ch, size - 8 - footerLength, (int) footerLength, accounting);
      FileMetaData md = null;
      try {
        md = Util.readFileMetaData(new ByteArrayInputStream(footer.array(), 0, (int) footerLength));
      } catch (IOException | RuntimeException e) {
        problems.add("the footer does not decode: " + e.getMessage());
      }
      return new RawFooter(size, problems, footerLength, md);
    }
  }

  private static ByteBuffer read(FileChannel ch, long at, int len, ReadAccounting accounting) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(len);
    while (b.hasRemaining()) {
      int n = ch.read(b, at + b.position());
      if (n < 0) {
        throw new IOException("the file ended at byte " + (at + b.position()) + " while reading its footer");
      }
    }
    accounting.read(len);
    return b.flip();
  }

  private static boolean matches(ByteBuffer b, int at) {
    for (int i = 0; i < 4; i++) {
      if (b.get(at + i) != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  private static String ascii(ByteBuffer b, int at) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      int c = b.get(at + i) & 0xff;
      s.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
    }
    return "'" + s + "'";
  }
}
