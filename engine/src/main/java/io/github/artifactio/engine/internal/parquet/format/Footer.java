package io.github.artifactio.engine.internal.parquet.format;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.FooterException.Problem;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.format.FileMetaData;

/**
 * The one footer reader: every reader of the engine (the table readers, the layout, inspect) gets a file's footer
 * here. The layout of a Parquet file's end is
 *
 * <pre>
 *   "PAR1" | column chunks and page indexes | footer (Thrift FileMetaData) | footer length (4 bytes LE) | "PAR1"
 * </pre>
 *
 * The tail is read with one positional read of its last {@link #TAIL_READ} bytes, which holds the footer of nearly
 * every file (a longer footer costs one more read, of what the first missed); the leading magic comes from that read
 * when the file is that short, else from a 4-byte read. Every framing problem is a {@link FooterException} naming
 * the file and the problem. No parquet-java stream is involved: the Thrift structures decode from the bytes, and
 * {@link FooterModel} makes the parquet-java metadata the decoders use from them, with no Hadoop.
 */
public final class Footer {
  /** Bytes read from the end in the first read: footers of the engine's files are a few KiB, DuckDB's tens. */
  static final int TAIL_READ = 64 << 10;

  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};
  private static final byte[] ENCRYPTED_MAGIC = {'P', 'A', 'R', 'E'};

  final Path path;
  public final long fileBytes;
  public final int footerBytes;
  public final FileMetaData metadata;

  private Footer(Path path, long fileBytes, int footerBytes, FileMetaData metadata) {
    this.path = path;
    this.fileBytes = fileBytes;
    this.footerBytes = footerBytes;
    this.metadata = metadata;
  }

  /**
   * Reads and decodes the footer. Every error is about the file: one that cannot be opened or read, or a
   * {@link FooterException} for a broken framing or footer.
   */
  public static Footer read(Path path) {
    FileChannel ch;
    try {
      if (!Files.isRegularFile(path)) {
        String why = Files.exists(path) ? "not a regular file" : "no such file";
        throw new NoSuchFileException(path.toString(), null, why);
      }
      ch = FileChannel.open(path, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new ArtifactException(path, "opening the file: " + e, e);
    }
    try (ch) {
      return read(path, ch);
    } catch (IOException e) {
      throw new ArtifactException(path, "reading the footer: " + e, e);
    }
  }

  /** The footer of {@code path} read through {@code ch}, which stays the caller's (the splice reads on through it). */
  public static Footer read(Path path, FileChannel ch) throws IOException {
    long size = ch.size();
    if (size < 12) {
      throw problem(path, Problem.TOO_SMALL,
          "the file has " + size + " bytes, fewer than the 12 of the magic and footer framing", null);
    }
    int tailLength = (int) Math.min(size, TAIL_READ);
    byte[] tail = read(ch, size - tailLength, tailLength);
    if (!matches(tail, tailLength - 4, MAGIC)) {
      if (matches(tail, tailLength - 4, ENCRYPTED_MAGIC)) {
        throw problem(path, Problem.ENCRYPTED_FOOTER,
            "the trailing magic is PARE: the footer is encrypted, which this engine does not read", null);
      }
      throw problem(path, Problem.NO_TRAILING_MAGIC,
          "the trailing magic is " + ascii(tail, tailLength - 4) + ", not PAR1", null);
    }
    byte[] head = tailLength == size ? tail : read(ch, 0, 4);
    if (!matches(head, 0, MAGIC)) {
      throw problem(path, Problem.NO_LEADING_MAGIC, "the leading magic is " + ascii(head, 0) + ", not PAR1", null);
    }
    long footerLength = Integer.toUnsignedLong(ByteBuffer.wrap(tail, tailLength - 8, 4)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt());
    if (footerLength == 0 || footerLength > size - 12) {
      // a length with the top bit set is negative to a signed reader: read unsigned it is past the file's start
      throw problem(path, Problem.FOOTER_LENGTH,
          "the footer length is " + footerLength + " bytes, outside 1.." + (size - 12), null);
    }
    if (footerLength > Integer.MAX_VALUE - 8) {
      throw problem(path, Problem.FOOTER_LENGTH,
          "the footer length is " + footerLength + " bytes, more than this engine decodes", null);
    }
    int length = (int) footerLength;
    byte[] bytes;
    int at;
    if (length + 8 <= tailLength) {
      bytes = tail;
      at = tailLength - 8 - length;
    } else {
      // the footer begins before the tail read: read only what the tail read missed
      int missing = length + 8 - tailLength;
      bytes = new byte[length];
      byte[] front = read(ch, size - 8 - length, missing);
      System.arraycopy(front, 0, bytes, 0, missing);
      System.arraycopy(tail, 0, bytes, missing, tailLength - 8);
      at = 0;
    }
    FileMetaData md;
    try {
      md = new ThriftBytes(bytes, at, at + length).fileMetaData();
    } catch (IOException | RuntimeException e) {
      throw problem(path, Problem.UNDECODABLE, "the footer does not decode: " + ThriftErrors.describe(e), e);
    }
    SchemaDepth.check(path, md.getSchema());
    return new Footer(path, size, length, md);
  }

  static FooterException problem(Path path, Problem problem, String detail, Throwable cause) {
    return new FooterException(path, problem, detail, cause);
  }

  /** The footer in parquet-java's types, as its own reader converts it ({@link FooterModel} says why not its way). */
  public FooterModel model() throws IOException {
    return FooterModel.of(metadata);
  }

  private static byte[] read(FileChannel ch, long at, int length) throws IOException {
    byte[] out = new byte[length];
    ByteBuffer b = ByteBuffer.wrap(out);
    while (b.hasRemaining()) {
      if (ch.read(b, at + b.position()) < 0) {
        throw new EOFException("the file ended at byte " + (at + b.position()) + " while reading its footer");
      }
    }
    return out;
  }

  private static boolean matches(byte[] b, int at, byte[] magic) {
    for (int i = 0; i < 4; i++) {
      if (b[at + i] != magic[i]) {
        return false;
      }
    }
    return true;
  }

  /** Four bytes as text, unprintable ones escaped: {@code 'PARX'}, {@code '\x00\x00\x00\x00'}. */
  private static String ascii(byte[] b, int at) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      int c = b[at + i] & 0xff;
      s.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
    }
    return "'" + s + "'";
  }
}
