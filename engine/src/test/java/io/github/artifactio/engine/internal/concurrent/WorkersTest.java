package io.github.artifactio.engine.internal.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The one fan-out of the engine: turns, the caller's share of the work, helpers that never start, lanes, offers. */
class WorkersTest {
  @Test
  void a_fan_out_runs_every_index_once_on_the_callers_and_the_contexts_threads() {
    try (EngineContext context = EngineContext.create("fan", 3)) {
      int[] runs = new int[1000];
      Set<String> threads = ConcurrentHashMap.newKeySet();
      Workers.of(context).forEach(runs.length, i -> {
        runs[i]++;
        threads.add(Thread.currentThread().getName());
        busy();
      });
      assertTrue(Arrays.stream(runs).allMatch(r -> r == 1), "every index exactly once");
      assertTrue(threads.stream().allMatch(n -> n.equals(Thread.currentThread().getName()) || n.startsWith("fan-")),
          threads.toString());
      assertEquals(0, Workers.of(context).activeTurns());
    }
  }

  @Test
  void a_fan_out_of_bounded_parallelism_runs_on_no_more_threads_than_it_is_given() {
    try (EngineContext context = EngineContext.create("bounded", 3)) {
      int[] runs = new int[200];
      AtomicInteger running = new AtomicInteger();
      AtomicInteger most = new AtomicInteger();
      Workers.of(context).forEach(runs.length, 2, i -> {
        most.accumulateAndGet(running.incrementAndGet(), Math::max);
        runs[i]++;
        try {
          Thread.sleep(1); // long enough for every helper handed the fan-out to take part
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        running.decrementAndGet();
      });
      assertTrue(Arrays.stream(runs).allMatch(r -> r == 1), "every index exactly once");
      assertTrue(most.get() <= 2, "the caller and at most one of the context's three threads: " + most);
      Thread caller = Thread.currentThread();
      Workers.of(context).forEach(10, 1, i -> assertSame(caller, Thread.currentThread()));
    }
  }

  @Test
  void created_threads_are_named_daemons() throws Exception {
    try (EngineContext context = EngineContext.create("named", 1)) {
      Thread[] seen = new Thread[1];
      CountDownLatch ran = new CountDownLatch(1);
      assertTrue(Workers.of(context).offer(() -> {
        seen[0] = Thread.currentThread();
        ran.countDown();
      }));
      assertTrue(ran.await(10, TimeUnit.SECONDS));
      assertEquals("named-0", seen[0].getName());
      assertTrue(seen[0].isDaemon());
    }
  }

  @Test
  void map_keeps_the_item_order_whatever_thread_ran_an_item() {
    try (EngineContext context = EngineContext.create("map", 2)) {
      List<Integer> items = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        items.add(i);
      }
      List<String> out = context.map(items, i -> {
        busy();
        return i == 7 ? null : "#" + i;
      });
      assertEquals(200, out.size());
      assertNull(out.get(7), "a null result stays in its place");
      assertEquals("#199", out.get(199));
      assertThrows(UnsupportedOperationException.class, () -> out.set(0, "x"));
    }
  }

  @Test
  void the_first_failure_is_rethrown_after_the_started_work_ended_and_stops_the_rest() {
    try (EngineContext context = EngineContext.create("fail", 2)) {
      AtomicInteger started = new AtomicInteger();
      IllegalStateException boom = new IllegalStateException("boom at 3");
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> Workers.of(context).forEach(10_000, i -> {
            started.incrementAndGet();
            if (i == 3) {
              throw boom;
            }
            busy();
          }));
      assertSame(boom, e);
      assertTrue(started.get() < 10_000, "claims stop after a failure: " + started.get());
      assertEquals(0, Workers.of(context).activeTurns(), "the turn is given back on failure too");
    }
  }

  @Test
  void a_caller_never_waits_on_a_helper_that_has_not_started() {
    // an executor that only queues: the caller does all the work, and the queued helpers do nothing later
    List<Runnable> parked = new ArrayList<>();
    Workers w = Workers.wrap(parked::add, 4);
    int[] sum = new int[1];
    w.forEach(100, i -> sum[0] += i);
    assertEquals(4950, sum[0]);
    assertEquals(4, parked.size(), "min(threads, n - 1) helpers were offered");
    parked.forEach(Runnable::run); // skipped: they touch nothing
    assertEquals(4950, sum[0]);
  }

  @Test
  void a_fan_out_from_one_of_the_contexts_own_tasks_stays_on_that_thread() throws Exception {
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      AtomicInteger handed = new AtomicInteger();
      Workers w = Workers.wrap(task -> {
        handed.incrementAndGet();
        one.execute(task);
      }, 1);
      Set<String> names = ConcurrentHashMap.newKeySet();
      CountDownLatch done = new CountDownLatch(1);
      assertTrue(w.offer(() -> {
        w.forEach(50, j -> names.add(Thread.currentThread().getName()));
        done.countDown();
      }));
      assertTrue(done.await(30, TimeUnit.SECONDS));
      assertEquals(1, names.size(), names.toString());
      assertEquals(1, handed.get(), "the offer only: the fan-out inside it handed nothing over");
    } finally {
      one.shutdownNow();
    }
  }

  @Test
  void turns_are_granted_while_fewer_callers_than_threads_hold_one() {
    try (EngineContext context = EngineContext.create("turns", 2)) {
      Workers w = Workers.of(context);
      assertTrue(w.mayFanOut());
      Lane a = w.lane();
      Lane b = w.lane();
      assertNull(w.lane(), "a third caller gets no turn");
      assertFalse(w.mayFanOut());
      a.close();
      a.close(); // once
      assertEquals(1, w.activeTurns());
      b.close();
      assertEquals(0, w.activeTurns());
    }
  }

  @Test
  void the_serial_context_hands_nothing_over() {
    Workers serial = Workers.serial();
    assertSame(serial, Workers.of(EngineContext.serial()));
    assertEquals(0, serial.threads());
    assertNull(serial.lane());
    assertFalse(serial.offer(() -> {}));
    assertFalse(serial.mayFanOut());
    List<String> names = new ArrayList<>();
    serial.forEach(5, i -> names.add(Thread.currentThread().getName()));
    assertEquals(List.of(Thread.currentThread().getName()), names.stream().distinct().toList());
    serial.close(); // nothing to close, and still usable
    assertEquals(List.of(2, 4), serial.map(List.of(1, 2), i -> i * 2));
  }

  @Test
  void closing_a_wrapped_context_leaves_the_executor_to_its_owner_and_a_closed_pool_works_on_the_caller() {
    ExecutorService owner = Executors.newFixedThreadPool(1);
    try {
      EngineContext.wrap(owner, 1).close();
      assertFalse(owner.isShutdown());
    } finally {
      owner.shutdownNow();
    }
    EngineContext created = EngineContext.create("closed", 2);
    created.close();
    assertEquals(List.of("a!", "b!"), created.map(List.of("a", "b"), s -> s + "!"));
    assertFalse(Workers.of(created).offer(() -> {}), "a shut-down pool takes no offer");
  }

  @Test
  void a_context_needs_a_thread_and_comes_from_the_factories() {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> EngineContext.create("x", 0));
    assertEquals("an engine context needs at least 1 thread but was given 0", none.getMessage());
    EngineContext foreign = new EngineContext() {
      @Override
      public int threads() {
        return 1;
      }

      @Override
      public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> task) {
        return List.of();
      }

      @Override
      public void close() {}
    };
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workers.of(foreign));
    assertTrue(e.getMessage().startsWith("an EngineContext must come from EngineContext.create, wrap or serial"),
        e.getMessage());
  }

  private static void busy() {
    long x = 0;
    for (int k = 0; k < 2_000; k++) {
      x += k * 31L;
    }
    if (x == 42) {
      throw new AssertionError();
    }
  }
}
