package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
    Written w = TableWriter.writeTable(hashed, table, WriteOptions.builder().contentHash().build());
    assertEquals(n, w.rows());
    assertEquals(Blake3.hashFile(hashed), w.contentHash().orElseThrow());
    Path plain = dir.resolve("plain.parquet");
    TableWriter.writeTable(plain, table);
    assertArrayEquals(Layouts.bytes(plain), Layouts.bytes(hashed));
  }

  @Test
  void a_capped_chunked_writer_on_a_pool_hashes_what_it_publishes() {
    List<Column> table = Fixtures.everyKind(8000, 6);
    Path p = dir.resolve("t.parquet");
    try (EngineContext pool = EngineContext.create("hash", 2);
        TableWriter w = TableWriter.open(p, WriteOptions.builder().rowGroupRows(1000).contentHash().build(), pool)) {
      int[] sizes = {0, 1, 2500, 2500, 7, 2992};
      int at = 0;
      for (int s : sizes) {
        w.write(ChunkedWriterTest.rows(table, at, at + s));
        at += s;
      }
      Written written = w.finish();
      assertEquals(Blake3.hashFile(p), written.contentHash().orElseThrow());
      assertEquals(8, TableFile.open(p).rowGroups().size());
    }
  }

  @Test
  void the_callback_form_hashes_too() {
    List<Column> table = Fixtures.everyKind(70_000, 7);
    Path p = dir.resolve("t.parquet");
    try (EngineContext context = EngineContext.create("hash", 1)) {
      Written w =
          TableWriter.writeTableChunked(
              p, 70_000, (a, b) -> ChunkedWriterTest.rows(table, (int) (long) a, (int) (long) b),
              WriteOptions.builder().contentHash().build(), context);
      assertEquals(Blake3.hashFile(p), w.contentHash().orElseThrow());
      assertEquals(0, Workers.of(context).activeTurns(), "the hasher gave its turn back");
    }
  }

  @Test
  void a_hashed_write_never_waits_on_its_context_even_when_nothing_ever_runs_there() {
    List<Column> table = Fixtures.everyKind(70_000, 8);
    Path plain = dir.resolve("plain.parquet");
    TableWriter.writeTable(plain, table);
    Path hashed = dir.resolve("hashed.parquet");
    // an executor that queues every task and runs none: the writer encodes and hashes everything itself
    List<Runnable> parked = new ArrayList<>();
    EngineContext stuck = EngineContext.wrap(parked::add, 1);
    Written w = TableWriter.writeTable(hashed, table, WriteOptions.builder().contentHash().build(), stuck);
    assertEquals(Blake3.hashFile(hashed), w.contentHash().orElseThrow());
    assertArrayEquals(Layouts.bytes(plain), Layouts.bytes(hashed));
    assertEquals(1, parked.size(), "one drain task, never run; the hasher's turn left the encoding none to hand out");
    parked.forEach(Runnable::run); // skipped: when a thread reaches it at last, it does nothing
    assertEquals(0, Workers.of(stuck).activeTurns());
  }

  @Test
  void a_hashed_write_on_an_executor_that_runs_tasks_on_the_submitting_thread_completes() {
    List<Column> table = Fixtures.everyKind(70_000, 9);
    Path hashed = dir.resolve("hashed.parquet");
    Written w = TableWriter.writeTable(
        hashed, table, WriteOptions.builder().contentHash().rowGroupRows(10_000).build(),
        EngineContext.wrap(Runnable::run, 2));
    assertEquals(Blake3.hashFile(hashed), w.contentHash().orElseThrow());
  }

  @Test
  void a_write_not_asked_to_hash_has_no_content_hash_and_the_same_bytes() {
    List<Column> table = Fixtures.everyKind(3, 1);
    Path p = dir.resolve("t.parquet");
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      w.write(table);
      Written written = w.finish();
      assertEquals(Optional.empty(), written.contentHash());
      assertEquals(3, written.rows());
    }
    Path hashed = dir.resolve("hashed.parquet");
    TableWriter.writeTable(hashed, table, WriteOptions.builder().contentHash().build());
    assertArrayEquals(Layouts.bytes(p), Layouts.bytes(hashed));
  }
}
