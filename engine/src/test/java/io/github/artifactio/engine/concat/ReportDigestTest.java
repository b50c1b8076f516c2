package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input whose {@code <input>.report.json} records its fingerprint gives its digest from the report, unread; any
 * report that does not match the input as it is (size, first or last MiB, a modification after the report) or that
 * records no fingerprint leaves the input to be hashed from its bytes.
 *
 * <p>The reports here record a decoy {@code content_hash}, the blake3 of other bytes: a provenance that holds the decoy
 * took it from the report without hashing the input (hashing would have given the input's own digest), and one that
 * holds the input's own digest hashed it.
 */
class ReportDigestTest {
  @TempDir Path dir;

  static final List<Column> TABLE = Fixtures.everyKind(6000, 3);
  static final WriteOptions SNAPPY_1000 = WriteOptions.builder().rowGroupRows(1000).build();
  static final ContentHash DECOY = Blake3.hashBytes("not the input".getBytes(StandardCharsets.UTF_8));

  private List<Path> parts() {
    return Parts.write(dir, TABLE, new int[] {0, 2500, 6000}, SNAPPY_1000);
  }

  /** Writes {@code file}'s report with {@code hash} as its content hash and {@code fingerprint} (null: none). */
  private static void report(Path file, ContentHash hash, Fingerprint fingerprint) {
    ArtifactReport r = new ArtifactReport("part", "part", 1, "test", 0, hash.hex(),
        JsonNodeFactory.instance.objectNode(), new TreeMap<>(), null, 0);
    (fingerprint == null ? r : fingerprint.recordIn(r)).writeFor(file);
  }

  private Provenance.Input input(Path out, int i) {
    return Provenance.read(out).orElseThrow().inputs().get(i);
  }

  private void assertHashedFromBytes(Path out, int i, Path input) {
    Provenance.Input in = input(out, i);
    assertEquals(Blake3.hashFile(input).hex(), in.blake3(), "input " + i + " hashed from its bytes");
    assertEquals(Provenance.DigestFrom.BYTES, in.digestFrom());
  }

  @Test
  void an_input_whose_report_records_its_fingerprint_gives_the_reports_digest_without_being_hashed() {
    List<Path> parts = parts();
    report(parts.get(0), DECOY, Fingerprint.of(parts.get(0)));
    Path out = dir.resolve("out.parquet");
    ConcatResult r = Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertEquals(DECOY.hex(), input(out, 0).blake3(), "the report's digest, not the bytes'");
    assertEquals(Provenance.DigestFrom.REPORT, input(out, 0).digestFrom());
    assertHashedFromBytes(out, 1, parts.get(1));
    assertEquals(r.provenance().toJson(), Provenance.read(out).orElseThrow().toJson());
    assertEquals(Blake3.hashFile(out), r.contentHash(), "the output is hashed as ever");
  }

  @Test
  void the_provenance_records_where_each_digest_came_from_with_its_keys_sorted() throws Exception {
    List<Path> parts = parts();
    report(parts.get(1), DECOY, Fingerprint.of(parts.get(1)));
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    String expected = "{\"axis\":\"rows\",\"format\":1,\"inputs\":["
        + "{\"blake3\":\"" + Blake3.hashFile(parts.get(0)).hex() + "\",\"digest_from\":\"bytes\","
        + "\"path\":\"part-0.parquet\",\"row_groups\":[[0,3]],\"rows\":2500,\"size\":" + Files.size(parts.get(0))
        + "},{\"blake3\":\"" + DECOY.hex() + "\",\"digest_from\":\"report\",\"path\":\"part-1.parquet\","
        + "\"row_groups\":[[0,4]],\"rows\":3500,\"size\":" + Files.size(parts.get(1)) + "}],\"rows\":6000,"
        + "\"runs\":[[0,0,0,2500],[1,2500,0,3500]]}";
    assertEquals(expected, Provenance.read(out).orElseThrow().toJson());
    // the report's copy, in the order its file holds the keys (a mapper that sorts nothing)
    assertEquals(expected,
        new ObjectMapper().writeValueAsString(ArtifactReport.readFor(out).extra().get("provenance")));
  }

  @Test
  void a_report_whose_fingerprint_has_another_size_is_not_trusted() {
    List<Path> parts = parts();
    Fingerprint now = Fingerprint.of(parts.get(0));
    report(parts.get(0), DECOY, new Fingerprint(now.size() + 1, now.head(), now.tail(), now.window()));
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertHashedFromBytes(out, 0, parts.get(0));
  }

  @Test
  void a_report_whose_fingerprint_has_other_first_or_last_bytes_is_not_trusted() {
    List<Path> parts = parts();
    Fingerprint now = Fingerprint.of(parts.get(0));
    report(parts.get(0), DECOY, new Fingerprint(now.size(), DECOY, now.tail(), now.window()));
    report(parts.get(1), DECOY, new Fingerprint(Fingerprint.of(parts.get(1)).size(), Fingerprint.of(parts.get(1))
        .head(), DECOY, Fingerprint.WINDOW));
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertHashedFromBytes(out, 0, parts.get(0));
    assertHashedFromBytes(out, 1, parts.get(1));
  }

  @Test
  void an_input_modified_after_its_report_was_written_is_hashed_from_its_bytes() throws Exception {
    List<Path> parts = parts();
    report(parts.get(0), DECOY, Fingerprint.of(parts.get(0)));
    FileTime written = Files.getLastModifiedTime(ArtifactReport.sidecarPathFor(parts.get(0)));
    // what an in-place rewrite that keeps the size and both ends leaves: only the time says the file changed
    Files.setLastModifiedTime(parts.get(0), FileTime.fromMillis(written.toMillis() + 2000));
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertHashedFromBytes(out, 0, parts.get(0));
  }

  @Test
  void a_report_without_a_fingerprint_as_an_older_writer_wrote_it_or_one_that_does_not_parse_is_not_trusted()
      throws Exception {
    List<Path> parts = parts();
    report(parts.get(0), DECOY, null);
    Files.writeString(ArtifactReport.sidecarPathFor(parts.get(1)), "{\"logical_name\":");
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
    assertHashedFromBytes(out, 0, parts.get(0));
    assertHashedFromBytes(out, 1, parts.get(1));
  }

  @Test
  void without_input_hashing_no_digest_is_recorded_even_from_a_report() {
    List<Path> parts = parts();
    report(parts.get(0), DECOY, Fingerprint.of(parts.get(0)));
    Path out = dir.resolve("out.parquet");
    Concat.concat(out, parts, Axis.ROWS, ConcatOptions.builder().hashInputs(false).build());
    assertEquals(null, input(out, 0).blake3());
    assertEquals(null, input(out, 0).digestFrom());
  }

  @Test
  void a_concatenations_report_records_its_outputs_fingerprint_so_the_next_concatenation_trusts_it() {
    List<Path> parts = parts();
    Path first = dir.resolve("first.parquet");
    ConcatResult r = Concat.concat(first, parts, Axis.ROWS, ConcatOptions.defaults());
    assertEquals(Fingerprint.of(first),
        Fingerprint.fromJson(ArtifactReport.readFor(first).extra().get(Fingerprint.REPORT_KEY)));
    Path again = dir.resolve("again.parquet");
    Concat.concat(again, List.of(first, parts.get(0)), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(r.contentHash().hex(), input(again, 0).blake3());
    assertEquals(Provenance.DigestFrom.REPORT, input(again, 0).digestFrom());
    assertHashedFromBytes(again, 1, parts.get(0));
  }

  @Test
  void one_input_whose_report_vouches_for_it_is_published_with_the_reports_digest() throws Exception {
    List<Path> parts = parts();
    report(parts.get(0), DECOY, Fingerprint.of(parts.get(0)));
    Path out = dir.resolve("single.parquet");
    ConcatResult r = Concat.concat(out, List.of(parts.get(0)), Axis.ROWS, ConcatOptions.defaults());
    assertEquals(DECOY, r.contentHash(), "the output is the input, whose digest the report gives");
    assertEquals(Provenance.DigestFrom.REPORT, r.provenance().inputs().get(0).digestFrom());
    Files.setLastModifiedTime(parts.get(0), FileTime.fromMillis(
        Files.getLastModifiedTime(ArtifactReport.sidecarPathFor(parts.get(0))).toMillis() + 2000));
    ConcatResult hashed = Concat.concat(dir.resolve("single-2.parquet"), List.of(parts.get(0)), Axis.ROWS,
        ConcatOptions.defaults());
    assertEquals(Blake3.hashFile(parts.get(0)), hashed.contentHash());
    assertEquals(Provenance.DigestFrom.BYTES, hashed.provenance().inputs().get(0).digestFrom());
  }

  @Test
  void joined_inputs_take_their_digests_from_their_reports_too_re_encoded_ones_included() {
    Path ids = dir.resolve("ids.parquet");
    Path scores = dir.resolve("scores.parquet");
    TableWriter.writeTable(ids, Parts.pick(TABLE, "i64", "name"), SNAPPY_1000);
    TableWriter.writeTable(scores, Parts.pick(TABLE, "f64"), WriteOptions.builder().rowGroupRows(1500).build());
    report(ids, DECOY, Fingerprint.of(ids));
    report(scores, DECOY, Fingerprint.of(scores));
    Path out = dir.resolve("joined.parquet");
    ConcatResult r = Concat.concat(out, List.of(ids, scores), Axis.COLUMNS,
        ConcatOptions.builder().reencode(true).build());
    assertEquals(List.of("f64"), r.reencodedColumns());
    for (int i = 0; i < 2; i++) {
      assertEquals(DECOY.hex(), input(out, i).blake3(), "input " + i);
      assertEquals(Provenance.DigestFrom.REPORT, input(out, i).digestFrom(), "input " + i);
    }
  }

  @Test
  void a_provenance_without_digest_from_reads_as_hashed_from_bytes_and_a_digest_needs_its_source() throws Exception {
    String old =
        "{\"axis\":\"rows\",\"format\":1,\"inputs\":[{\"blake3\":\"" + DECOY.hex() + "\",\"path\":\"a.parquet\","
            + "\"row_groups\":[[0,1]],\"rows\":5,\"size\":100}],\"rows\":5,\"runs\":[[0,0,0,5]]}";
    Provenance p = Provenance.fromJson(new ObjectMapper().readTree(old));
    assertEquals(Provenance.DigestFrom.BYTES, p.inputs().get(0).digestFrom());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Provenance.Input("a.parquet", DECOY.hex(), null, 100, 5, List.of(), List.of(), false));
    assertEquals("an input's blake3 and where it came from go together, got " + DECOY.hex() + " from null",
        e.getMessage());
  }
}
