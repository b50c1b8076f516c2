package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HashOnWriteTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 1000, 2 * 65_536 + 17})
  void the_digest_taken_while_writing_is_the_published_files_blake3_and_hashing_changes_no_byte(int n) {
    List<Column> table = Fixtures.everyKind(n, 5);
    Path hashed = dir.resolve("hashed.parquet");
    Written w = TableWriter.writeTableHashed(hashed, table, WriteOptions.defaults(), null);
    assertEquals(n, w.rows());
    assertEquals(Blake3.hashFile(hashed), w.contentHash());
    Path plain = dir.resolve("plain.parquet");
    TableWriter.writeTable(plain, table);
    assertArrayEquals(Layouts.bytes(plain), Layouts.bytes(hashed));
  }

  @Test
  void a_capped_chunked_writer_on_a_pool_hashes_what_it_publishes() {
    List<Column> table = Fixtures.everyKind(8000, 6);
    Path p = dir.resolve("t.parquet");
    try (CodecPool pool = CodecPool.create("hash", 2);
        TableWriter w = TableWriter.open(p, WriteOptions.builder().rowGroupRows(1000).contentHash().build(), pool)) {
      int[] sizes = {0, 1, 2500, 2500, 7, 2992};
      int at = 0;
      for (int s : sizes) {
        w.write(ChunkedWriterTest.rows(table, at, at + s));
        at += s;
      }
      Written written = w.finishHashed();
      assertEquals(Blake3.hashFile(p), written.contentHash());
      assertEquals(8, TableFile.open(p).rowGroups().size());
    }
  }

  @Test
  void the_callback_form_hashes_too() {
    List<Column> table = Fixtures.everyKind(70_000, 7);
    Path p = dir.resolve("t.parquet");
    Written w =
        TableWriter.writeTableChunkedHashed(
            p, 70_000, (a, b) -> ChunkedWriterTest.rows(table, (int) (long) a, (int) (long) b),
            WriteOptions.defaults(), null);
    assertEquals(Blake3.hashFile(p), w.contentHash());
  }

  @Test
  void finish_hashed_refuses_a_writer_that_was_not_asked_to_hash() {
    Path p = dir.resolve("t.parquet");
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      w.write(Fixtures.everyKind(3, 1));
      ArtifactException e = assertThrows(ArtifactException.class, w::finishHashed);
      assertEquals(
          "TableWriter: finishHashed on a writer opened without WriteOptions.contentHash() (" + p + ")",
          e.getMessage());
    }
  }
}
