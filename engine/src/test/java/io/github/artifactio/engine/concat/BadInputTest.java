package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bad input the issue lists gets a clear error and loses nothing: the message is pinned, the destination holds
 * the previous output (or nothing), and no temporary file is left behind.
 */
class BadInputTest {
  @TempDir Path dir;
  Path a;
  Path b;
  Path out;
  byte[] previous;

  static List<Column> table(int from, int to) {
    long[] id = new long[to - from];
    double[] x = new double[to - from];
    for (int i = 0; i < id.length; i++) {
      id[i] = from + i;
      x[i] = (from + i) * 0.5;
    }
    return List.of(new Int64Column("id", id), new Float64Column("x", x));
  }

  static final WriteOptions ID_PAGES =
      WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(1000).pageRows(100).build();

  static final WriteOptions SMALL_PAGES =
      WriteOptions.builder().codec(Codec.UNCOMPRESSED).rowGroupRows(1000).pageRows(100).plainColumn("x").build();

  /** Two inputs, and a previous output at the destination that a failed concat must leave as it was. */
  @BeforeEach
  void inputsAndAPreviousOutput() throws IOException {
    a = dir.resolve("a.parquet");
    b = dir.resolve("b.parquet");
    TableWriter.writeTable(a, table(0, 3000), SMALL_PAGES);
    TableWriter.writeTable(b, table(3000, 5000), SMALL_PAGES);
    out = dir.resolve("out/concat.parquet");
    Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults());
    previous = Files.readAllBytes(out);
  }

  private void assertNothingLost() throws IOException {
    assertArrayEquals(previous, Files.readAllBytes(out), "the previous output is untouched");
    try (Stream<Path> files = Files.list(out.getParent())) {
      assertEquals(List.of("concat.parquet", "concat.parquet.report.json"),
          files.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file is left");
    }
  }

  @Test
  void an_empty_input_list_is_refused() throws IOException {
    ArtifactException e =
        assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(out + ": concat rows: no inputs; give at least one", e.getMessage());
    assertNothingLost();
  }

  @Test
  void one_input_is_hard_linked_after_its_pages_are_checked_and_the_result_says_so() throws IOException {
    Path single = dir.resolve("single/one.parquet");
    ConcatResult r = Concat.concat(single, List.of(a), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(ConcatResult.Publish.HARD_LINK, r.publish());
    assertTrue(Files.isSameFile(a, single));
    assertEquals(Blake3.hashFile(a), r.contentHash());
    assertEquals(new Provenance.Origin(0, "../a.parquet", 2999), r.provenance().origin(2999));
    assertEquals("hard_link", ArtifactReport.readFor(single).stats().get("publish").asText());
  }

  @Test
  void a_schema_mismatch_names_the_first_input_that_differs_the_column_and_both_types() throws IOException {
    Path c = dir.resolve("c.parquet");
    TableWriter.writeTable(c, List.of(new Int64Column("id", new long[] {1}), OptFloat64Column.of("x", 2.0)));
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b, c, a), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(c + ": concat rows into " + out + ": input 2 does not have the columns of input 0 (" + a
        + "): column 'x' is Float64 (nullable) [optional double x columnorder(TYPE_DEFINED_ORDER)] in input 2 but"
        + " Float64 [required double x columnorder(TYPE_DEFINED_ORDER)] in"
        + " input 0", e.getMessage());
    assertEquals(c, e.file().orElseThrow());
    assertNothingLost();
  }

  @Test
  void a_missing_column_names_it_with_its_type() {
    Path c = dir.resolve("c.parquet");
    TableWriter.writeTable(c, List.of(new Int64Column("id", new long[] {1})));
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, c), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(c + ": concat rows into " + out + ": input 1 does not have the columns of input 0 (" + a
        + "): it has no column 'x' (Float64 [required double x columnorder(TYPE_DEFINED_ORDER)] in input 0)",
        e.getMessage());
  }

  @Test
  void row_group_boundaries_that_differ_name_the_first_boundary() throws IOException {
    Path ids = dir.resolve("ids.parquet");
    Path xs = dir.resolve("xs.parquet");
    TableWriter.writeTable(ids, List.of(table(0, 3000).get(0)), WriteOptions.builder().rowGroupRows(1000).build());
    TableWriter.writeTable(xs, List.of(table(0, 3000).get(1)), WriteOptions.builder().rowGroupRows(1500).build());
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(ids, xs), Axis.COLUMNS, ConcatOptions.defaults()));
    assertEquals(xs + ": concat columns into " + out + ": the row groups of input 1 do not line up with input"
        + " 0's (" + ids + "): row group 0 ends at row 1500 there but at row 1000 in input 0;"
        + " ConcatOptions.reencode(true) re-encodes its columns to input 0's row groups", e.getMessage());
    assertNothingLost();
  }

  @Test
  void a_column_in_two_joined_inputs_names_both() {
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b), Axis.COLUMNS, ConcatOptions.defaults()));
    assertEquals(b + ", column 'id': concat columns into " + out + ": input 1 has the column and so has input 0 ("
        + a + "); joined columns need distinct names", e.getMessage());
  }

  @Test
  void joined_inputs_with_other_row_counts_are_refused() {
    Path ids = dir.resolve("ids.parquet");
    TableWriter.writeTable(ids, List.of(new Int64Column("other", new long[] {1, 2})));
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, ids), Axis.COLUMNS, ConcatOptions.defaults()));
    assertEquals(ids + ": concat columns into " + out + ": input 1 has 2 rows but input 0 (" + a
        + ") has 3000; joined inputs need the same rows", e.getMessage());
  }

  @Test
  void a_truncated_input_is_found_by_the_footer_checks() throws IOException {
    byte[] bytes = Files.readAllBytes(b);
    Files.write(b, Arrays.copyOf(bytes, bytes.length / 2));
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults()));
    // the engine's one footer reader: the same typed error as any read of the file
    assertEquals(io.github.artifactio.engine.FooterException.Problem.NO_TRAILING_MAGIC,
        ((io.github.artifactio.engine.FooterException) e).problem());
    assertTrue(e.getMessage().startsWith(b + ": the trailing magic is "), e.getMessage());
    assertTrue(e.getMessage().endsWith(", not PAR1"), e.getMessage());
    assertNothingLost();
  }

  @Test
  void a_footer_that_does_not_decode_is_named() throws IOException {
    byte[] bytes = Files.readAllBytes(b);
    int len = java.nio.ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    Arrays.fill(bytes, bytes.length - 8 - len, bytes.length - 8, (byte) 0x7f);
    Files.write(b, bytes);
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults()));
    assertTrue(e.getMessage().startsWith(b + ": the footer does not decode: "),
        e.getMessage());
    assertNothingLost();
  }

  @Test
  void a_flipped_byte_in_a_data_page_is_found_by_its_crc_and_named_with_column_row_group_and_page()
      throws IOException {
    Damage.Page page = Damage.page(b, 1, 1, 3);
    int actual = Damage.flipLastByte(b, page);
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(b + ", column 'x', row group 1: data page 3: the page's CRC32 is "
        + String.format("%08x", actual) + " but its header records " + String.format("%08x", page.crc())
        + "; the file is corrupt", e.getMessage());
    assertEquals("x", e.column().orElseThrow());
    assertEquals(1, e.rowGroup().getAsInt());
    assertNothingLost();
  }

  @Test
  void with_verification_off_the_same_flip_is_copied_as_it_is() throws IOException {
    Damage.flipLastByte(b, Damage.page(b, 1, 1, 3));
    Path other = dir.resolve("unchecked.parquet");
    ConcatResult r = Concat.concat(other, List.of(a, b), Axis.ROWS,
        ConcatOptions.builder().verifyChecksums(false).build());
    assertEquals(5000, r.rows());
  }

  @Test
  void a_destination_folder_that_cannot_be_created_is_named() throws IOException {
    Path file = dir.resolve("plain-file");
    Files.writeString(file, "not a folder");
    Path dest = file.resolve("sub/out.parquet");
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(dest, List.of(a, b), Axis.ROWS, ConcatOptions.defaults()));
    assertTrue(e.getMessage().startsWith(dest + ": creating its folder " + file.resolve("sub") + ": "),
        e.getMessage());
  }

  /** Disk full, simulated by an output channel that takes 70,000 bytes and then fails as a full disk does. */
  @Test
  void a_disk_full_mid_write_leaves_the_previous_output_and_no_temporary_file() throws IOException {
    ArtifactException e = assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(a, b, a),
        Axis.ROWS, ConcatOptions.builder().bufferBytes(1 << 20).build(),
        Damage.failingAfter(70_000, new IOException("No space left on device"))));
    assertTrue(
        e.getMessage().matches(".*concat\\.parquet\\.tmp-[0-9a-f]{8}-\\d+-\\d+: writing bytes \\d+\\.\\.\\d+ \\(copied"
            + " from an input\\): java\\.io\\.IOException: No space left on device"),
        e.getMessage());
    // the range named is the copy that hit the full disk
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("writing bytes (\\d+)\\.\\.(\\d+)").matcher(e.getMessage());
    assertTrue(m.find());
    assertTrue(Long.parseLong(m.group(1)) <= 70_000 && 70_000 < Long.parseLong(m.group(2)), e.getMessage());
    assertNothingLost();
  }

  /**
   * An input rewritten while it is copied (its modification time moved by the output's first write): its bytes were
   * checked and hashed by one read and copied by another, so the splice refuses it and publishes nothing.
   */
  @Test
  void an_input_that_changes_while_it_is_copied_is_refused_and_nothing_is_published() throws IOException {
    ArtifactException e = assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(a, b),
        Axis.ROWS, ConcatOptions.defaults(), Damage.touchingOnFirstWrite(a)));
    assertTrue(e.getMessage().startsWith(a + ": the file changed while it was copied (" + Files.size(a)
        + " bytes modified "), e.getMessage());
    assertTrue(e.getMessage().endsWith("); nothing was published"), e.getMessage());
    assertNothingLost();
  }

  /** The same check on the columns axis: one mechanism (the input's size and time when its footer was read). */
  @Test
  void an_input_that_changes_while_its_columns_are_joined_is_refused_and_nothing_is_published() throws IOException {
    Path ids = dir.resolve("ids.parquet");
    TableWriter.writeTable(ids, List.of(table(0, 5000).get(0)), ID_PAGES);
    Path xs = dir.resolve("xs.parquet");
    TableWriter.writeTable(xs, List.of(table(0, 5000).get(1)), SMALL_PAGES);
    ArtifactException e = assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(ids, xs),
        Axis.COLUMNS, ConcatOptions.defaults(), Damage.touchingOnFirstWrite(xs)));
    assertTrue(e.getMessage().startsWith(xs + ": the file changed while it was copied (" + Files.size(xs)
        + " bytes modified "), e.getMessage());
    assertNothingLost();
  }

  /** An input whose columns are re-encoded is read by the re-encoding, not by the copy: it is checked all the same. */
  @Test
  void an_input_that_changes_after_its_columns_were_reencoded_is_refused_and_nothing_is_published() throws IOException {
    Path ids = dir.resolve("ids.parquet");
    TableWriter.writeTable(ids, List.of(table(0, 5000).get(0)), ID_PAGES);
    Path xs = dir.resolve("xs.parquet");
    TableWriter.writeTable(xs, List.of(table(0, 5000).get(1)), SMALL_PAGES.toBuilder().rowGroupRows(700).build());
    ArtifactException e = assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(ids, xs),
        Axis.COLUMNS, ConcatOptions.builder().reencode(true).build(), Damage.touchingOnFirstWrite(xs)));
    assertTrue(e.getMessage().startsWith(xs + ": the file changed while it was copied (" + Files.size(xs)
        + " bytes modified "), e.getMessage());
    assertNothingLost();
  }

  /** A permission failure mid-write, simulated by an output channel that refuses writes after 4 bytes. */
  @Test
  void a_permission_failure_mid_write_leaves_the_previous_output_and_no_temporary_file() throws IOException {
    ArtifactException e = assertThrows(ArtifactException.class, () -> Concat.concat(out, List.of(a, b),
        Axis.ROWS, ConcatOptions.defaults(), Damage.failingAfter(4, new AccessDeniedException("concat.parquet.tmp"))));
    assertTrue(e.getMessage().contains("java.nio.file.AccessDeniedException: concat.parquet.tmp"), e.getMessage());
    assertNothingLost();
  }

  @Test
  void an_input_that_is_the_destination_is_refused_by_any_name() throws IOException {
    Path link = dir.resolve("link.parquet");
    Files.createLink(link, out);
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, link), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(link + ": concat into " + out + ": input 1 is the destination; write the output to another"
        + " path", e.getMessage());
    assertNothingLost();
  }

  @Test
  void an_encrypted_file_is_refused() throws IOException {
    byte[] bytes = Files.readAllBytes(b);
    bytes[bytes.length - 1] = 'E';
    Files.write(b, bytes);
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> Concat.concat(out, List.of(a, b), Axis.ROWS, ConcatOptions.defaults()));
    assertEquals(b + ": the trailing magic is PARE: the footer is encrypted, which this"
        + " engine does not read", e.getMessage());
  }

  @Test
  void a_splice_writer_used_after_a_failed_append_refuses_and_publishes_nothing() throws IOException {
    Path c = dir.resolve("c.parquet");
    TableWriter.writeTable(c, List.of(new Int64Column("id", new long[] {1})));
    try (SpliceWriter w = SpliceWriter.open(out, ConcatOptions.defaults())) {
      w.append(a);
      assertThrows(ArtifactException.class, () -> w.append(c));
      ArtifactException e = assertThrows(ArtifactException.class, w::finish);
      assertEquals(out + ": the SpliceWriter was used after a failed append; nothing was published", e.getMessage());
    }
    assertNothingLost();
  }

  @Test
  void a_splice_writer_closed_without_finish_leaves_the_previous_output() throws IOException {
    try (SpliceWriter w = SpliceWriter.open(out, ConcatOptions.defaults())) {
      w.append(b);
    }
    assertNothingLost();
    assertFalse(Files.exists(dir.resolve("out/concat.parquet.tmp")));
  }
}
