package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParallelEncodingTest {
  @TempDir Path dir;

  @Test
  void the_parallel_encoder_writes_the_serial_writers_bytes_for_any_thread_count() {
    List<Column> table = Fixtures.everyKind(12_000, 21);
    int[][] chunkings = {{5000}, {0, 1000, 0, 3333, 1, 0, 2047, 2500}, {700}};
    int[] caps = {0, 2048, 3000};
    for (int cap : caps) {
      WriteOptions o = cap == 0 ? WriteOptions.defaults() : WriteOptions.builder().rowGroupRows(cap).build();
      Path serial = dir.resolve("serial.parquet");
      TableWriter.writeTable(serial, table, o);
      byte[] expected = Layouts.bytes(serial);
      for (int threads : new int[] {1, 2, 3, 8}) {
        try (EngineContext pool = EngineContext.create("test-codec", threads)) {
          for (int[] sizes : chunkings) {
            Path p = dir.resolve("p.parquet");
            ChunkedWriterTest.writeChunked(p, table, o, sizes, pool);
            assertArrayEquals(expected, Layouts.bytes(p), "cap " + cap + ", " + threads + " threads");
          }
        }
      }
    }
  }

  @Test
  void a_durable_write_on_a_pool_syncs_early_on_a_spare_turn_and_writes_the_serial_writers_bytes() {
    // 40 MB: more than two early-sync intervals
    double[] values = new java.util.SplittableRandom(11).doubles(5_000_000).toArray();
    List<Column> table = List.of(Float64Column.of("x", values));
    Path serial = dir.resolve("serial.parquet");
    TableWriter.writeTable(serial, table, WriteOptions.builder().plainColumn("x").build());
    for (boolean durable : new boolean[] {true, false}) {
      WriteOptions o = WriteOptions.builder().plainColumn("x").durable(durable).build();
      try (EngineContext context = EngineContext.create("early", 2)) {
        Workers pool = Workers.of(context);
        Path p = dir.resolve("pool-" + durable + ".parquet");
        try (TableWriter w = TableWriter.open(p, o, context)) {
          w.write(ChunkedWriterTest.rows(table, 0, 3_000_000));
          assertEquals(durable ? 1 : 0, pool.activeTurns(), "the early syncs' lane, durable=" + durable);
          w.write(ChunkedWriterTest.rows(table, 3_000_000, values.length));
          w.finish();
        }
        assertEquals(0, pool.activeTurns(), "finish gave the lane back");
        assertArrayEquals(Layouts.bytes(serial), Layouts.bytes(p), "durable=" + durable);
      }
    }
  }

  @Test
  void a_write_that_fails_while_its_row_groups_encode_together_fails_whole_and_waits_on_nothing() throws Exception {
    // several row groups in one call encode as one fan-out, some tasks waiting for the previous group's append; a
    // failure in one (the caller's interrupt closes the file channel at the first append) must end the others too
    List<Column> table = Fixtures.everyKind(40_000, 3);
    WriteOptions o = WriteOptions.builder().rowGroupRows(4000).build();
    Path p = dir.resolve("interrupted.parquet");
    try (EngineContext context = EngineContext.create("failing", 2)) {
      ArtifactException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(60), () -> {
            Thread.currentThread().interrupt();
            try {
              return assertThrows(ArtifactException.class, () -> TableWriter.writeTable(p, table, o, context));
            } finally {
              Thread.interrupted();
            }
          });
      assertEquals(java.util.Optional.of(p), e.file(), e.getMessage());
      // the caller either waited for an append ("writing was interrupted") or had the channel closed under its own
      // append ("writing failed: ... ClosedByInterruptException"), whichever came first
      assertTrue(e.getMessage().startsWith(p + ": writing "), e.getMessage());
      assertEquals(0, Workers.of(context).activeTurns(), "every turn given back");
    }
    try (var files = java.nio.file.Files.list(dir)) {
      assertEquals(List.of(), files.toList(), "nothing published, no temporary file left");
    }
  }

  @Test
  void a_wide_table_on_a_pool_is_the_serial_writers_file() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 20_000;
    List<Column> cols = new ArrayList<>();
    for (int c = 0; c < 48; c++) {
      Double[] v = new Double[n];
      int cardinality = new int[] {1, 2, 50, 5000, n}[c % 5];
      for (int i = 0; i < n; i++) {
        v[i] = (i * 7 + c) % 11 == 0 ? null : (double) r.nextInt(cardinality);
      }
      cols.add(OptFloat64Column.of("f" + c, v));
    }
    for (int cap : new int[] {5000, 16_384, 0}) {
      WriteOptions o = cap == 0 ? WriteOptions.defaults() : WriteOptions.builder().rowGroupRows(cap).build();
      Path serial = dir.resolve("serial.parquet");
      ChunkedWriterTest.writeChunked(
          serial, cols, o, new int[] {3001, 0, 4999, 12_000, 1, 7777}, EngineContext.serial());
      Path parallel = dir.resolve("parallel.parquet");
      try (EngineContext pool = EngineContext.create("wide", 6)) {
        ChunkedWriterTest.writeChunked(parallel, cols, o, new int[] {3001, 0, 4999, 12_000, 1, 7777}, pool);
      }
      assertArrayEquals(Layouts.bytes(serial), Layouts.bytes(parallel), "cap " + cap);
    }
  }

  @Test
  void a_saturated_pool_sends_the_next_caller_to_its_own_thread() {
    try (EngineContext context = EngineContext.create("sat", 2)) {
      Workers pool = Workers.of(context);
      try (Lane first = pool.lane();
          Lane second = pool.lane()) {
        assertNotNull(first);
        assertNotNull(second);
        assertNull(pool.lane(), "a third caller gets no turn");
        assertEquals(2, pool.activeTurns());
        // a run without a turn encodes every column on the calling thread
        List<String> threads = new ArrayList<>();
        pool.forEach(4, i -> {
          synchronized (threads) {
            threads.add(Thread.currentThread().getName());
          }
        });
        assertEquals(List.of(Thread.currentThread().getName()), threads.stream().distinct().toList());
      }
      assertEquals(0, pool.activeTurns());
    }
  }

  @Test
  void concurrent_writers_beyond_the_pool_size_write_the_serial_writers_file() throws Exception {
    List<Column> table = Fixtures.everyKind(6000, 8);
    WriteOptions o = WriteOptions.builder().rowGroupRows(1000).build();
    Path serial = dir.resolve("serial.parquet");
    TableWriter.writeTable(serial, table, o);
    ExecutorService callers = Executors.newFixedThreadPool(6);
    try (EngineContext pool = EngineContext.create("shared", 2)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Path>> files = new ArrayList<>();
      for (int k = 0; k < 6; k++) {
        Path p = dir.resolve("w" + k + ".parquet");
        files.add(callers.submit(() -> {
          start.await();
          ChunkedWriterTest.writeChunked(p, table, o, new int[] {777}, pool);
          return p;
        }));
      }
      start.countDown();
      for (Future<Path> f : files) {
        assertArrayEquals(Layouts.bytes(serial), Layouts.bytes(f.get(60, TimeUnit.SECONDS)));
      }
      assertEquals(0, Workers.of(pool).activeTurns(), "every turn was given back");
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void a_writer_inside_the_pool_encodes_on_its_own_thread_and_never_waits_on_the_pool() throws Exception {
    List<Column> table = Fixtures.everyKind(3000, 9);
    Path serial = dir.resolve("serial.parquet");
    TableWriter.writeTable(serial, table);
    ExecutorService executor = Executors.newFixedThreadPool(1);
    try (EngineContext pool = EngineContext.wrap(executor, 1)) {
      // the only thread of the pool runs a writer that uses the same pool: waiting on it would deadlock
      Path inside = dir.resolve("inside.parquet");
      Future<?> f = executor.submit(() -> TableWriter.writeTable(inside, table, WriteOptions.defaults(), pool));
      f.get(60, TimeUnit.SECONDS);
      assertArrayEquals(Layouts.bytes(serial), Layouts.bytes(inside));
    } finally {
      executor.shutdownNow();
    }
  }
}
