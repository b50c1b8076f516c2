package io.github.artifactio.it.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The mutation campaign as a test: mutants of every seed ({@link Corpus}) read four ways ({@link Campaign}) in child
 * JVMs started with {@code -Xmx256m}; the contract is that every read gives the seed's values, or values a mutation
 * only the content hash can tell (a page body), or the engine's typed error naming the file, and nothing else: no
 * other throwable, no {@code OutOfMemoryError}, no hang, no crash, no silent value change, and the plugin never passes
 * a file the engine refuses.
 *
 * <p>In the build: {@value #CI_MUTANTS} mutants from index 0 (a fixed list: mutant {@code i} is always the same bytes).
 * With {@code -Pfuzz -Dfuzz.minutes=N}: batches of {@value #LONG_BATCH} mutants, each in a new child JVM, from where
 * {@code -Dfuzz.first} says, until N minutes have passed; the counts go to {@code it/target/fuzz/fuzz.json}.
 */
class FuzzTest {
  static final int CI_MUTANTS = 5_000;
  static final int LONG_BATCH = 10_000;
  static final String HEAP = "-Xmx256m";
  /** A read of these small files takes milliseconds; the limit is for a loaded 2-core machine. */
  static final int READ_TIMEOUT_SECONDS = 30;

  @Test
  void every_mutant_reads_to_its_seeds_values_or_fails_with_the_engines_typed_error_naming_the_file()
      throws Exception {
    Path dir = Path.of(System.getProperty("artifact-io.fuzz.dir", "target/fuzz"));
    Files.createDirectories(dir);
    clear(dir.resolve("failures")); // the mutants kept are this run's
    Path list = dir.resolve("seeds.txt");
    List<Path> seeds = Corpus.write(dir.resolve("seeds"));
    Files.writeString(list, seeds.stream().map(p -> p.toAbsolutePath().toString()).collect(Collectors.joining("\n")),
        StandardCharsets.UTF_8);
    double minutes = Double.parseDouble(System.getProperty("fuzz.minutes", "0"));
    long first = Long.parseLong(System.getProperty("fuzz.first", "0"));
    long t0 = System.nanoTime();
    double loadBefore = load();
    Tally total = new Tally();
    int children = 0;
    if (minutes <= 0) {
      total.add(child(dir, list, first, Integer.getInteger("fuzz.mutants", CI_MUTANTS), children++));
    } else {
      long deadline = t0 + (long) (minutes * 60e9);
      for (long at = first; System.nanoTime() < deadline; at += LONG_BATCH) {
        total.add(child(dir, list, at, LONG_BATCH, children++));
        writeReport(dir.resolve("fuzz.json"), total, seeds.size(), first, children, t0, loadBefore, minutes);
      }
    }
    ObjectNode report = writeReport(dir.resolve(minutes <= 0 ? "fuzz-build.json" : "fuzz.json"), total, seeds.size(),
        first, children, t0, loadBefore, minutes);
    System.out.println(report.toPrettyString());
    assertTrue(total.mutants >= Math.min(CI_MUTANTS, Integer.getInteger("fuzz.mutants", CI_MUTANTS)),
        "mutants read: " + total.mutants);
    assertEquals(0, total.violationCount(), "violations (mutants kept in " + dir.resolve("failures") + "): "
        + report.get("violations"));
  }

  private static void clear(Path folder) throws IOException {
    if (Files.isDirectory(folder)) {
      try (var files = Files.list(folder)) {
        for (Path p : files.toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** Runs one child JVM over mutants {@code [first, first+count)}; a child that dies is a crash, its mutants lost. */
  private static Tally child(Path dir, Path list, long first, long count, int n) throws IOException,
      InterruptedException {
    Path result = dir.resolve("child-" + n + ".json");
    Files.deleteIfExists(result);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = dir.resolve("child-" + n + ".log");
    Process p = new ProcessBuilder(java, HEAP, "-cp", System.getProperty("java.class.path"),
        "-Dartifact-io.testdata=" + System.getProperty("artifact-io.testdata"),
        Campaign.class.getName(), list.toString(), result.toString(), dir.resolve("failures").toString(),
        Long.toString(first), Long.toString(count), Integer.toString(READ_TIMEOUT_SECONDS))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(Math.max(30, count * READ_TIMEOUT_SECONDS / 10), TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
    }
    if (p.exitValue() != 0 || !Files.exists(result)) {
      Tally crashed = new Tally();
      crashed.crashes = 1;
      System.out.println("child " + n + " (mutants " + first + "..) exited with " + p.exitValue() + "; see " + log);
      return crashed;
    }
    Files.lines(log).filter(l -> l.startsWith("VIOLATION")).forEach(System.out::println);
    return Tally.fromJson(result);
  }

  private static ObjectNode writeReport(Path file, Tally total, int seeds, long first, int children, long t0,
      double loadBefore, double minutes) {
    ObjectNode n = total.toJson();
    n.put("command", minutes <= 0 ? "mvn -B verify (it: FuzzTest, " + CI_MUTANTS + " mutants)"
        : "mvn -B -pl it -am verify -Pfuzz -Dfuzz.minutes=" + minutes);
    n.put("heap", HEAP);
    n.put("read_timeout_s", READ_TIMEOUT_SECONDS);
    n.put("seeds", seeds);
    n.put("first_mutant", first);
    n.put("child_jvms", children);
    n.put("seconds", Math.round((System.nanoTime() - t0) / 1e9));
    n.put("cores", Runtime.getRuntime().availableProcessors());
    n.put("load_average_start", loadBefore);
    n.put("load_average_end", load());
    Tally.write(file, n);
    return n;
  }

  /** The 1-minute load average, as the campaign's time depends on what else ran. */
  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
