package io.github.artifactio.it.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.TestData;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * The hostile files ({@code testdata/hostile/}, made by {@link HostileFiles}): every way of reading each one
 * ends within 2 s of CPU in the engine's typed error naming the file, never another throwable or an allocation the file
 * declares (the one broken only in its offset index is read by the reads that do not use the index); the plugin's
 * default rules with the full structure scan fail each one and throw nothing.
 */
class HostileFilesTest {
  private static final EngineContext POOL = EngineContext.create("hostile-validate", 1);
  /** Broken only in its offset index, which only the offset-indexed read reads: the others read the values. */
  private static final String INDEX_ONLY = "offset_index_of_2gib.parquet";

  /**
   * The CPU one read of a hostile file may take. What it guards: the files declare sizes and counts (rows, pages,
   * values, lengths) far beyond their bytes, and a reader that trusts them loops for each declared item or does work
   * quadratic in them; such a read takes minutes, a sound one milliseconds. It is counted in CPU time of the JVM's
   * threads (ThreadMXBean), which other processes on a loaded machine do not inflate as they do the wall clock.
   */
  private static final Duration CPU = Duration.ofSeconds(2);
  /** The wall-clock backstop of one read: a read blocked without using CPU still ends the test. */
  private static final Duration WALL = Duration.ofSeconds(30);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** Loads the readers' classes first (Arrow, Jackson, the codecs): 2 s is each file's, not the JVM's warm-up. */
  @BeforeAll
  static void warmUp() {
    Path good = TestData.path("polars/polars_strings_and_lists.parquet");
    for (Reads.Way way : List.of(Reads.Way.TABLE_READ, Reads.Way.BATCHES, Reads.Way.INDEXED_COALESCED)) {
      Reads.read(way, good);
    }
    PluginRead.passes(good, POOL);
  }

  @AfterAll
  static void close() {
    POOL.close();
  }

  static List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(TestData.path("hostile"))) {
      return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  @Test
  void there_are_the_files_the_readme_describes_and_no_other() throws IOException {
    String readme = Files.readString(TestData.path("hostile/README.md"));
    List<Path> files = files();
    assertEquals(40, files.size(), files.toString());
    for (Path p : files) {
      assertTrue(readme.contains("`" + p.getFileName() + "`"), p.getFileName() + " is not in the README");
    }
    assertTrue(files.stream().allMatch(p -> p.toFile().length() < 100 << 10), "small files");
  }

  @TestFactory
  Stream<DynamicTest> every_hostile_file_fails_every_read_within_2_s_of_cpu_with_a_typed_error_naming_it()
      throws IOException {
    return files().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      for (Reads.Way way : List.of(Reads.Way.TABLE_READ, Reads.Way.BATCHES, Reads.Way.INDEXED_COALESCED)) {
        if (way != Reads.Way.INDEXED_COALESCED && p.getFileName().toString().equals(INDEX_ONLY)) {
          withinBudget(way.toString(), () -> Reads.read(way, p)); // it never reads the index
          continue;
        }
        ArtifactException e =
            withinBudget(way.toString(), () -> assertThrows(ArtifactException.class, () -> Reads.read(way, p)));
        assertEquals(p, e.file().orElseThrow(), way + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(p.toString()), way + ": " + e.getMessage());
      }
      boolean passes = withinBudget("the plugin's validate", () -> PluginRead.passes(p, POOL));
      assertFalse(passes, "the plugin passes " + p.getFileName());
    }));
  }

  /**
   * Runs {@code read} and fails when the JVM's threads spent more than {@link #CPU} on it (the validate runs on the
   * pool's thread, so every thread is counted, not only the caller's), or when it has not ended after {@link #WALL}.
   */
  static <T> T withinBudget(String what, ThrowingSupplier<T> read) {
    return assertTimeoutPreemptively(WALL, () -> {
      Map<Long, Long> before = cpuTimes();
      T result = read.get();
      long used = cpuSince(before);
      if (used > CPU.toNanos()) {
        fail(
            what + " took " + used / 1_000_000 + " ms of CPU, more than the " + CPU.toMillis() + " ms a read may take");
      }
      return result;
    }, () -> what + " did not end within " + WALL.toSeconds() + " s of wall time");
  }

  /** The CPU time of every live thread, by id. */
  private static Map<Long, Long> cpuTimes() {
    Map<Long, Long> times = new HashMap<>();
    for (long id : THREADS.getAllThreadIds()) {
      long t = THREADS.getThreadCpuTime(id);
      if (t >= 0) {
        times.put(id, t);
      }
    }
    return times;
  }

  /** The CPU the live threads spent since {@code before} (all of it for a thread started since). */
  private static long cpuSince(Map<Long, Long> before) {
    long used = 0;
    for (Map.Entry<Long, Long> now : cpuTimes().entrySet()) {
      used += now.getValue() - before.getOrDefault(now.getKey(), 0L);
    }
    return used;
  }

  @Test
  void the_budget_counts_cpu_and_not_waiting() {
    assertTrue(THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled(), "thread CPU time is measured");
    // a read that waits 3 s uses no CPU: the wall clock alone would have failed it
    assertEquals("slept", withinBudget("a sleep", () -> {
      Thread.sleep(3_000);
      return "slept";
    }));
    // a read that spins for 2.5 s of its own CPU fails, however long the machine's load makes that in wall time
    AssertionError e = assertThrows(AssertionError.class, () -> withinBudget("a spin", () -> {
      long start = THREADS.getCurrentThreadCpuTime();
      long spins = 0;
      while (THREADS.getCurrentThreadCpuTime() - start < 2_500_000_000L) {
        spins++;
      }
      return spins;
    }));
    assertTrue(e.getMessage().startsWith("a spin took "), e.getMessage());
    assertTrue(e.getMessage().endsWith(" ms of CPU, more than the 2000 ms a read may take"), e.getMessage());
  }
}
