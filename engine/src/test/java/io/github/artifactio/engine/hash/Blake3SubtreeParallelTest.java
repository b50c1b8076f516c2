package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.Output;
import io.github.artifactio.engine.internal.blake3.SubtreeParallel;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The span scheduling of {@link SubtreeParallel}: waiting, failures. */
class Blake3SubtreeParallelTest {
  private static final int MIB = 1 << 20;

  /** Hashes spans of an in-memory array; spans hashed on threads other than {@code fastThread} are slow,
   * and span {@code failingSpan} cannot be read. */
  private static SubtreeParallel.SpanSource<Object> source(byte[] data, Thread fastThread, int failingSpan) {
    return new SubtreeParallel.SpanSource<>() {
      @Override
      public Object newWorker() {
        return null;
      }

      @Override
      public void hashSpan(Object worker, TreeHasher hasher, long span, int len) throws IOException {
        if (span == failingSpan) {
          throw new IOException("span " + span + " unreadable");
        }
        if (Thread.currentThread() != fastThread) {
          try {
            Thread.sleep(200);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
        hasher.update(data, (int) span * MIB, len);
      }
    };
  }

  @Test
  void the_caller_waits_for_spans_still_being_hashed_by_a_slow_helper() throws Exception {
    byte[] data = TestInputs.random(5, 4 * MIB + 3);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Output root = SubtreeParallel.root(
          data.length, source(data, Thread.currentThread(), -1), Backends::best, Workers.wrap(pool, 2));
      byte[] digest = new byte[32];
      root.rootBytes(digest, 0, 32);
      assertEquals(Blake3.hashBytes(data), ContentHash.of(digest));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void a_failing_span_fails_the_whole_hash_with_its_exception() {
    byte[] data = TestInputs.random(6, 6 * MIB);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      IOException e = assertThrows(IOException.class,
          () -> SubtreeParallel.root(data.length, source(data, null, 2), Backends::best, Workers.wrap(pool, 3)));
      assertEquals("span 2 unreadable", e.getMessage());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void a_single_span_input_is_refused_because_it_takes_the_plain_path() {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SubtreeParallel.root(MIB, source(new byte[MIB], null, -1), Backends::best, Workers.wrap(pool, 1)));
      assertSame(IllegalArgumentException.class, e.getClass());
    } finally {
      pool.shutdownNow();
    }
  }
}
