package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subtree-parallel file hashing gives the serial digest, especially around the 1 MiB span boundaries. */
class Blake3ParallelFileTest {
  private static final int MIB = 1 << 20;
  private static final int[] SIZES = {0, 1, MIB - 1, MIB, MIB + 1, 2 * MIB + 1024, 5 * MIB + 7};

  @Test
  void a_parallel_file_hash_equals_the_serial_one_on_0_1_2_and_3_threads(@TempDir Path dir) throws Exception {
    for (int size : SIZES) {
      byte[] bytes = TestInputs.random(size, size);
      Path file = dir.resolve("input-" + size);
      Files.write(file, bytes);
      ContentHash serial = Blake3.hashFile(file);
      assertEquals(Blake3.hashBytes(bytes), serial, "serial file hash vs in-memory, size " + size);
      for (int threads = 1; threads <= 3; threads++) {
        try (EngineContext context = EngineContext.create("test-hash", threads)) {
          assertEquals(serial, Blake3.hashFile(file, context), threads + " threads, size " + size);
          assertEquals(serial, Blake3.hashBytes(bytes, context), "in memory, " + threads + " threads, size " + size);
        }
      }
      assertEquals(serial, Blake3.hashFile(file, EngineContext.serial()), "serial context, size " + size);
    }
  }

  @Test
  void a_parallel_hash_called_from_inside_its_own_single_thread_pool_does_not_deadlock(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("input");
    byte[] bytes = TestInputs.random(7, 3 * MIB + 5);
    Files.write(file, bytes);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      EngineContext context = EngineContext.wrap(pool, 1);
      ContentHash inside = pool.submit(() -> Blake3.hashFile(file, context)).get(60, TimeUnit.SECONDS);
      assertEquals(Blake3.hashBytes(bytes), inside);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void a_fork_join_pool_gives_the_serial_digest_too(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("input");
    byte[] bytes = TestInputs.random(8, 4 * MIB);
    Files.write(file, bytes);
    ForkJoinPool pool = new ForkJoinPool(2);
    try {
      assertEquals(Blake3.hashBytes(bytes), Blake3.hashFile(file, EngineContext.wrap(pool, 2)));
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void an_executor_that_rejects_the_work_leaves_it_to_the_calling_thread(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("input");
    byte[] bytes = TestInputs.random(9, 3 * MIB + 11);
    Files.write(file, bytes);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    pool.shutdown();
    assertEquals(Blake3.hashBytes(bytes), Blake3.hashFile(file, EngineContext.wrap(pool, 2)));
  }
}
