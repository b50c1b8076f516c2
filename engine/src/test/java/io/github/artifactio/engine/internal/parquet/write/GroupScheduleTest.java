package io.github.artifactio.engine.internal.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class GroupScheduleTest {
  /** Records what the schedule asked for; {@code delay} makes tasks finish out of order. */
  private static class Recorder implements GroupSchedule.Work {
    final List<String> encoded = Collections.synchronizedList(new ArrayList<>());
    final List<String> file = Collections.synchronizedList(new ArrayList<>());
    final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    final List<String> streamed = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void encode(int group, int column, Bytes scratch, BooleanSupplier headOfLine) {
      if (headOfLine.getAsBoolean()) {
        streamed.add(group + "/" + column);
        String last = column == 0 ? "start " + group : "chunk " + group + "/" + (column - 1);
        if (!file.get(file.size() - 1).equals(last)) {
          violations.add(group + "/" + column + " was told it is next in the file after " + file);
        }
      }
      if (group > 0 && !file.contains("chunk " + (group - 1) + "/" + column)) {
        violations.add(group + "/" + column + " started before its previous chunk was appended");
      }
      delay(group, column);
      encoded.add(group + "/" + column);
    }

    void delay(int group, int column) {}

    @Override
    public void append(int group, int column) {
      file.add("chunk " + group + "/" + column);
    }

    @Override
    public void startGroup(int group) {
      file.add("start " + group);
    }

    @Override
    public void endGroup(int group) {
      file.add("end " + group);
    }
  }

  private static List<String> fileOrder(int groups, int columns) {
    List<String> expected = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      expected.add("start " + g);
      for (int c = 0; c < columns; c++) {
        expected.add("chunk " + g + "/" + c);
      }
      expected.add("end " + g);
    }
    return expected;
  }

  private static RuntimeException interrupted() {
    return new IllegalStateException("interrupted");
  }

  /** Runs {@code schedule} on {@code threads} threads and returns the first failure, if any. */
  private static Throwable runOn(int threads, GroupSchedule schedule) throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread thread = new Thread(() -> {
        try {
          schedule.run(new Bytes(0));
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, "schedule-test-" + t);
      thread.start();
      started.add(thread);
    }
    for (Thread thread : started) {
      thread.join(TimeUnit.SECONDS.toMillis(30));
      assertTrue(!thread.isAlive(), "a thread of the schedule did not finish: " + thread.getName());
    }
    return failure.get();
  }

  @Test
  void one_thread_alone_encodes_and_appends_in_file_order_every_chunk_next_in_the_file_as_it_encodes() {
    Recorder work = new Recorder();
    GroupSchedule schedule = new GroupSchedule(2, 3, work, GroupScheduleTest::interrupted);
    schedule.run(new Bytes(0));
    schedule.checkComplete();
    assertEquals(List.of("0/0", "0/1", "0/2", "1/0", "1/1", "1/2"), work.encoded);
    assertEquals(work.encoded, work.streamed);
    assertEquals(fileOrder(2, 3), work.file);
    assertEquals(List.of(), work.violations);
  }

  @Test
  void chunks_finishing_in_any_order_on_several_threads_reach_the_file_in_file_order() throws InterruptedException {
    for (int seed = 0; seed < 20; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long[][] sleeps = new long[5][6];
      for (long[] group : sleeps) {
        for (int c = 0; c < group.length; c++) {
          group[c] = random.nextInt(3);
        }
      }
      Recorder work = new Recorder() {
        @Override
        void delay(int group, int column) {
          try {
            Thread.sleep(sleeps[group][column]);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
      };
      GroupSchedule schedule = new GroupSchedule(5, 6, work, GroupScheduleTest::interrupted);
      assertEquals(null, runOn(3, schedule));
      schedule.checkComplete();
      assertEquals(fileOrder(5, 6), work.file, "seed " + seed);
      assertEquals(List.of(), work.violations, "seed " + seed);
      assertEquals(30, work.encoded.size());
      assertTrue(work.streamed.contains("0/0"), "the first chunk is next in the file from the start");
    }
  }

  @Test
  void a_thread_takes_a_chunk_that_can_start_rather_than_wait_on_one_that_cannot() throws InterruptedException {
    // group 0's column 0 encodes slowly: group 1's column 0 cannot start before it is in the file, but the second
    // thread goes on with group 0's columns 1 and 2 and then waits; group 0's column 0 waits until both are encoded
    // (or fails the test), so a schedule that held the second thread on an unstartable chunk would fail here
    CountDownLatch othersEncoded = new CountDownLatch(2);
    Recorder work = new Recorder() {
      @Override
      void delay(int group, int column) {
        if (group == 0 && column != 0) {
          othersEncoded.countDown();
        }
        if (group == 0 && column == 0) {
          try {
            if (!othersEncoded.await(20, TimeUnit.SECONDS)) {
              throw new IllegalStateException("group 0's columns 1 and 2 did not run beside its column 0");
            }
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    };
    GroupSchedule schedule = new GroupSchedule(2, 3, work, GroupScheduleTest::interrupted);
    assertEquals(null, runOn(2, schedule));
    schedule.checkComplete();
    assertEquals(fileOrder(2, 3), work.file);
    assertEquals(List.of(), work.violations);
    assertTrue(work.streamed.contains("0/0") && !work.streamed.contains("0/1") && !work.streamed.contains("0/2"),
        "only the chunk next in the file streams while it encodes: " + work.streamed);
  }

  @Test
  void a_failing_task_stops_the_schedule_and_nothing_after_it_reaches_the_file() throws InterruptedException {
    IllegalStateException boom = new IllegalStateException("column 1 of group 1 failed");
    Recorder work = new Recorder() {
      @Override
      void delay(int group, int column) {
        if (group == 1 && column == 1) {
          throw boom;
        }
      }
    };
    GroupSchedule schedule = new GroupSchedule(3, 3, work, GroupScheduleTest::interrupted);
    assertSame(boom, runOn(2, schedule));
    assertTrue(!work.file.contains("chunk 1/1") && !work.file.contains("start 2"), work.file.toString());
    IllegalStateException incomplete = assertThrows(IllegalStateException.class, schedule::checkComplete);
    // group 0 is in the file unless the failure came before its last chunk's append
    assertTrue(incomplete.getMessage().matches("streamed [01] of 3 row groups"), incomplete.getMessage());
  }
}
