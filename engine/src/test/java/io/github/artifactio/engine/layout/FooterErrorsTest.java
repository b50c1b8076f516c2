package io.github.artifactio.engine.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.FooterException.Problem;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one footer reader's framing diagnostics: each is a {@link FooterException} naming the file and the problem, the
 * same from the layout and from the table readers, whatever the file's size (the tail read covers a small file whole;
 * a large one needs a second read for its leading magic).
 */
class FooterErrorsTest {
  @TempDir Path dir;

  /** An engine-written file of about {@code rows * 12} bytes. */
  private Path table(String name, int rows) {
    int[] ids = new int[rows];
    double[] mz = new double[rows];
    for (int i = 0; i < rows; i++) {
      ids[i] = i;
      mz[i] = 400 + i * 0.37;
    }
    Path p = dir.resolve(name);
    TableWriter.writeTable(p, List.of(new UInt32Column("id", ids), new Float64Column("mz", mz)));
    return p;
  }

  private static Path edit(Path p, Consumer<byte[]> change) throws IOException {
    byte[] b = Files.readAllBytes(p);
    change.accept(b);
    Files.write(p, b);
    return p;
  }

  private static void putFooterLength(byte[] b, int length) {
    ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(length);
  }

  /** The error from the layout, after checking that the table reader gives the same one. */
  private static FooterException refused(Path p, Problem problem) {
    FooterException viaLayout = assertThrows(FooterException.class, () -> FileLayout.read(p));
    FooterException viaTable = assertThrows(FooterException.class, () -> TableFile.open(p));
    assertEquals(viaLayout.getMessage(), viaTable.getMessage());
    assertEquals(problem, viaLayout.problem(), viaLayout.getMessage());
    assertEquals(p, viaLayout.file().orElseThrow());
    assertEquals(p + ": " + viaLayout.detail(), viaLayout.getMessage());
    return viaLayout;
  }

  @Test
  void a_file_shorter_than_the_framing_is_too_small() throws IOException {
    Path p = Files.write(dir.resolve("short.parquet"), "PAR1abcPAR1".getBytes());
    assertEquals("the file has 11 bytes, fewer than the 12 of the magic and footer framing",
        refused(p, Problem.TOO_SMALL).detail());
  }

  @Test
  void a_file_that_does_not_end_in_PAR1_names_what_it_ends_in() throws IOException {
    Path p = edit(table("cut.parquet", 100), b -> b[b.length - 1] = 'X');
    assertEquals("the trailing magic is 'PARX', not PAR1", refused(p, Problem.NO_TRAILING_MAGIC).detail());
    Path zeros = edit(table("zeros.parquet", 100), b -> java.util.Arrays.fill(b, b.length - 4, b.length, (byte) 0));
    assertEquals("the trailing magic is '\\x00\\x00\\x00\\x00', not PAR1",
        refused(zeros, Problem.NO_TRAILING_MAGIC).detail());
  }

  @Test
  void a_file_ending_in_PARE_is_an_encrypted_footer() {
    Path p = TestData.parquetTesting("data/uniform_encryption.parquet.encrypted");
    assertEquals("the trailing magic is PARE: the footer is encrypted, which this engine does not read",
        refused(p, Problem.ENCRYPTED_FOOTER).detail());
  }

  @Test
  void a_file_that_does_not_start_with_PAR1_is_refused_small_or_large() throws IOException {
    Path small = edit(table("small.parquet", 100), b -> b[0] = 'X');
    assertEquals("the leading magic is 'XAR1', not PAR1", refused(small, Problem.NO_LEADING_MAGIC).detail());
    Path large = edit(table("large.parquet", 20_000), b -> b[3] = 0);
    assertTrue(Files.size(large) > 64 << 10, "past the tail read: the leading magic takes a read of its own");
    assertEquals("the leading magic is 'PAR\\x00', not PAR1", refused(large, Problem.NO_LEADING_MAGIC).detail());
  }

  @Test
  void a_footer_length_of_zero_past_the_file_start_or_negative_is_refused() throws IOException {
    Path p = table("t.parquet", 100);
    long size = Files.size(p);
    edit(p, b -> putFooterLength(b, 0));
    assertEquals("the footer length is 0 bytes, outside 1.." + (size - 12), refused(p, Problem.FOOTER_LENGTH).detail());
    edit(p, b -> putFooterLength(b, (int) size - 11));
    assertEquals("the footer length is " + (size - 11) + " bytes, outside 1.." + (size - 12),
        refused(p, Problem.FOOTER_LENGTH).detail());
    edit(p, b -> putFooterLength(b, -1)); // a signed reader sees -1; unsigned it reaches far past the file's start
    assertEquals("the footer length is 4294967295 bytes, outside 1.." + (size - 12),
        refused(p, Problem.FOOTER_LENGTH).detail());
  }

  @Test
  void a_footer_that_is_not_thrift_does_not_decode() throws IOException {
    Path p = edit(table("t.parquet", 100), b -> {
      int length = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      java.util.Arrays.fill(b, b.length - 8 - length, b.length - 8, (byte) 0xff);
    });
    FooterException e = refused(p, Problem.UNDECODABLE);
    assertTrue(e.detail().startsWith("the footer does not decode: "), e.detail());
    FooterException missingType =
        refused(TestData.parquetTesting("bad_data/PARQUET-1481.parquet"), Problem.UNDECODABLE);
    assertEquals("the footer does not decode: its required field 'type' is missing", missingType.detail());
  }

  @Test
  void a_footer_whose_chunks_are_not_the_schemas_leaves_does_not_describe_the_file() {
    Path p = TestData.parquetTesting("bad_data/ARROW-GH-41317.parquet");
    assertEquals("the footer does not describe the file: row group 1, column chunk 18 is 'timestampWus_no_tz', but"
        + " leaf 18 of the schema is 'timestamp_us_no_tz'", refused(p, Problem.INCONSISTENT).detail());
  }

  @Test
  void a_footer_longer_than_the_first_tail_read_is_read_whole() throws IOException {
    Path p = dir.resolve("meta.parquet");
    String big = "x".repeat(100_000);
    TableWriter.writeTable(p, List.of(new UInt32Column("id", new int[] {1, 2})),
        io.github.artifactio.engine.table.WriteOptions.builder().metadata("big", big).build());
    FileLayout layout = FileLayout.read(p);
    assertTrue(layout.footerBytes() > 100_000, "footer of " + layout.footerBytes() + " bytes");
    assertEquals(2, layout.rows());
    assertEquals(big, TableFile.open(p).metadataValue("big").orElseThrow());
  }

  @Test
  void a_missing_file_is_not_a_footer_problem_but_an_error_naming_it() {
    Path p = dir.resolve("nope.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> FileLayout.read(p));
    assertTrue(!(e instanceof FooterException) && e.getMessage().startsWith(p + ": opening the file: "),
        e.getMessage());
  }
}
