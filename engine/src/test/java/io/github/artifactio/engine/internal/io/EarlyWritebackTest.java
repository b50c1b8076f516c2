package io.github.artifactio.engine.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A durable write's early syncs: one at a time, as the bytes pass each interval, all ended when it closes. */
class EarlyWritebackTest {
  private static final long MIB = 1 << 20;

  @Test
  void a_sync_is_handed_over_each_time_an_interval_of_bytes_has_been_written_and_none_is_running()
      throws Exception {
    try (EngineContext context = EngineContext.create("writeback", 2)) {
      AtomicInteger syncs = new AtomicInteger();
      EarlyWriteback w = new EarlyWriteback(Workers.of(context).spareLane(), syncs::incrementAndGet);
      w.written(EarlyWriteback.INTERVAL - 1);
      w.close();
      assertEquals(0, syncs.get(), "less than an interval written: publication's sync does it all");
    }
    try (EngineContext context = EngineContext.create("writeback", 2)) {
      List<Long> synced = new ArrayList<>();
      CountDownLatch first = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      EarlyWriteback w = new EarlyWriteback(Workers.of(context).spareLane(), () -> {
        synchronized (synced) {
          synced.add(System.nanoTime());
        }
        first.countDown();
        try {
          release.await(); // a slow device: every write below comes while this sync runs
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
      });
      w.written(EarlyWriteback.INTERVAL);
      assertTrue(first.await(30, TimeUnit.SECONDS));
      for (long at = EarlyWriteback.INTERVAL; at <= 10 * EarlyWriteback.INTERVAL; at += MIB) {
        w.written(at);
      }
      release.countDown();
      w.close();
      assertEquals(1, synced.size(), "one sync at a time: the writes during the first handed none over");
      assertEquals(0, Workers.of(context).activeTurns(), "close gave the lane's turn back");
    }
  }

  @Test
  void close_returns_only_after_the_running_sync_has_ended() throws Exception {
    try (EngineContext context = EngineContext.create("writeback", 2)) {
      CountDownLatch started = new CountDownLatch(1);
      AtomicInteger ended = new AtomicInteger();
      EarlyWriteback w = new EarlyWriteback(Workers.of(context).spareLane(), () -> {
        started.countDown();
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
        ended.incrementAndGet();
      });
      w.written(EarlyWriteback.INTERVAL);
      assertTrue(started.await(30, TimeUnit.SECONDS));
      w.close();
      assertEquals(1, ended.get(), "the file may be closed now: no sync runs on it");
    }
  }

  @Test
  void a_sync_that_never_starts_is_skipped_and_costs_nothing() throws Exception {
    List<Runnable> parked = new ArrayList<>();
    EngineContext stuck = EngineContext.wrap(parked::add, 2);
    AtomicInteger syncs = new AtomicInteger();
    EarlyWriteback w = new EarlyWriteback(Workers.of(stuck).spareLane(), syncs::incrementAndGet);
    for (long at = 0; at <= 5 * EarlyWriteback.INTERVAL; at += MIB) {
      w.written(at);
    }
    w.close();
    assertEquals(1, parked.size(), "the queued sync was handed over once; the later writes found it pending");
    parked.get(0).run();
    assertEquals(0, syncs.get(), "skipped at close: it never runs");
    assertEquals(0, Workers.of(stuck).activeTurns());
  }

  @Test
  void a_failed_sync_fails_the_write_at_its_next_bytes_or_at_close() throws Exception {
    try (EngineContext context = EngineContext.create("writeback", 2)) {
      IOException device = new IOException("Input/output error");
      CountDownLatch failed = new CountDownLatch(1);
      EarlyWriteback w = new EarlyWriteback(Workers.of(context).spareLane(), () -> {
        failed.countDown();
        throw device;
      });
      w.written(EarlyWriteback.INTERVAL);
      assertTrue(failed.await(30, TimeUnit.SECONDS));
      IOException atClose = assertThrows(IOException.class, () -> {
        // the failure is recorded as the task ends; the next write or the close reports it
        for (int i = 0; i < 1000; i++) {
          w.written(EarlyWriteback.INTERVAL + i);
          Thread.sleep(1);
        }
        w.close();
      });
      assertEquals("syncing the bytes written so far failed: Input/output error", atClose.getMessage());
      assertSame(device, atClose.getCause());
      assertThrows(IOException.class, w::close, "and again at close");
      assertEquals(0, Workers.of(context).activeTurns());
    }
  }

  @Test
  void the_lane_leaves_a_turn_for_the_writers_own_fan_outs() {
    try (EngineContext one = EngineContext.create("one", 1);
        EngineContext two = EngineContext.create("two", 2)) {
      assertNull(Workers.of(one).spareLane(), "a context of one thread keeps its turn for the encoders");
      assertNull(Workers.serial().spareLane());
      Workers w = Workers.of(two);
      try (Lane hasher = w.lane()) {
        assertNotNull(hasher);
        assertNull(w.spareLane(), "a hashed write on two threads: the other turn is the encoders'");
      }
      try (Lane spare = w.spareLane()) {
        assertNotNull(spare);
        assertNull(w.spareLane());
        assertTrue(w.mayFanOut(), "the encoders still find a turn");
      }
      assertEquals(0, w.activeTurns());
    }
  }
}
