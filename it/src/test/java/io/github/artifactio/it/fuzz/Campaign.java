package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.it.fuzz.Mutation.Allowance;
import io.github.artifactio.it.fuzz.Reads.Way;
import io.github.artifactio.it.fuzz.Tally.Ending;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One JVM's share of the campaign: mutants {@code first .. first+count-1}, each drawn from seed {@code i % seeds}
 * with a random generator seeded by its index (so any mutant is made again from its index alone), written to disk and
 * read the four ways, each read on a worker thread under a timeout. Run by {@link FuzzTest} in a child JVM with a
 * small heap, so that an allocation a file declares meets the limit it would meet in a stage.
 *
 * <p>Arguments: the file listing the seeds, the result file, the folder for failing mutants, the first mutant's
 * index, the number of mutants, the per-read timeout in seconds.
 */
public final class Campaign {
  /** Mutants kept per run for a failure's reproduction (the index reproduces any of them too). */
  static final int KEPT_FAILURES = 50;

  private final List<Seed> seeds;
  private final Path work;
  private final Path failures;
  private final long timeoutSeconds;
  private final Tally tally = new Tally();
  private final EngineContext validatorPool = EngineContext.create("fuzz-validator", 1);
  private ExecutorService worker = Executors.newSingleThreadExecutor(daemon("fuzz-read"));
  private int kept;
  private long current;
  /** What the mutant's {@code Table.read} threw, if it threw. */
  private Throwable tableError;
  private int hangs;

  private Campaign(List<Seed> seeds, Path work, Path failures, long timeoutSeconds) {
    this.seeds = seeds;
    this.work = work;
    this.failures = failures;
    this.timeoutSeconds = timeoutSeconds;
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  public static void main(String[] args) throws Exception {
    List<Path> files = Files.readAllLines(Path.of(args[0])).stream().filter(s -> !s.isBlank()).map(Path::of).toList();
    Path result = Path.of(args[1]);
    Path failures = Path.of(args[2]);
    long first = Long.parseLong(args[3]);
    long count = Long.parseLong(args[4]);
    long timeout = Long.parseLong(args[5]);
    Path work = Files.createTempDirectory(result.getParent(), "work-");
    List<Seed> seeds = new ArrayList<>();
    try (EngineContext pool = EngineContext.create("fuzz-seed", 1)) {
      for (Path f : files) {
        seeds.add(Seed.of(f, pool));
      }
    }
    Campaign c = new Campaign(seeds, work, failures, timeout);
    long t0 = System.nanoTime();
    for (long i = first; i < first + count; i++) {
      c.run(i);
    }
    var json = c.tally.toJson();
    json.put("first", first);
    json.put("seconds", (System.nanoTime() - t0) / 1e9);
    json.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
    Tally.write(result, json);
    for (Path p : Files.list(work).toList()) {
      Files.deleteIfExists(p);
    }
    Files.deleteIfExists(work);
    System.exit(0); // a read that hung still runs on its daemon thread
  }

  /** The mutant with index {@code i}: which seed, which mutation. */
  static Mutation mutant(List<Seed> seeds, long i) {
    Seed seed = seeds.get((int) (i % seeds.size()));
    return Mutator.mutate(seed, new SplittableRandom(0x5eed_f022L ^ (i * 0x9e37_79b9_7f4a_7c15L)));
  }

  private void run(long i) throws IOException {
    current = i;
    Seed seed = seeds.get((int) (i % seeds.size()));
    Mutation m = mutant(seeds, i);
    tally.mutant(m.kind());
    Path file = work.resolve("m" + i % 16 + "-" + seed.name);
    Files.write(file, m.bytes());
    Ending table = null;
    tableError = null;
    for (Way way : Way.values()) {
      Ending e = read(way, seed, m, file, table);
      if (way == Way.TABLE_READ) {
        table = e;
      }
      tally.ended(m.kind(), way, e);
    }
    Files.delete(file);
  }

  private Ending read(Way way, Seed seed, Mutation m, Path file, Ending tableEnding) {
    Future<Object> f = worker.submit(() -> way == Way.PLUGIN ? PluginRead.passes(file, validatorPool)
        : Reads.read(way, file));
    Object got;
    try {
      got = f.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      worker.shutdownNow();
      worker = Executors.newSingleThreadExecutor(daemon("fuzz-read"));
      if (++hangs > 5) {
        throw new IllegalStateException("more than 5 reads hung; the last: " + m.what() + " of " + seed.name);
      }
      return failed(Ending.HANG, way, seed, m, file, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      return thrown(e.getCause(), way, seed, m, file);
    }
    if (way == Way.PLUGIN) {
      boolean passed = (Boolean) got;
      // the cross-checkable changes: where the engine refuses a mutant of a seed it reads and the plugin passes
      // the seed, the plugin must not pass the mutant
      // (a column whose declared type is outside the engine's model is refused by the reader, not found corrupt)
      if (passed && seed.pluginPasses && tableEnding == Ending.TYPED_ERROR
          && !(tableError instanceof ColumnTypeException)
          && seed.reference.containsKey(Way.TABLE_READ)) {
        return failed(Ending.PLUGIN_PASSED_CORRUPT, way, seed, m, file, null);
      }
      return passed ? Ending.PLUGIN_PASSED : Ending.PLUGIN_FLAGGED;
    }
    Reads.Read read = (Reads.Read) got;
    Reads.Read ref = seed.reference.get(way);
    if (ref == null) {
      return Ending.READ_UNCOMPARED;
    }
    if (!Arrays.equals(read.digest(), ref.digest())) {
      return m.allowance() == Allowance.VALUES ? Ending.ALLOWED_VALUE_CHANGE
          : failed(Ending.SILENT_VALUE_CHANGE, way, seed, m, file, null);
    }
    // a name or a declared type is not data: only the content hash can tell a renamed column
    return read.shape().equals(ref.shape()) ? Ending.SAME : Ending.METADATA_ONLY;
  }

  private Ending thrown(Throwable t, Way way, Seed seed, Mutation m, Path file) {
    if (way == Way.TABLE_READ) {
      tableError = t;
    }
    if (way == Way.PLUGIN) {
      return failed(Ending.PLUGIN_ERROR, way, seed, m, file, t);
    }
    if (t instanceof ArtifactException a) {
      boolean named = a.file().map(file::equals).orElse(false)
          && String.valueOf(a.getMessage()).contains(file.getFileName().toString());
      return named ? Ending.TYPED_ERROR : failed(Ending.UNNAMED_ERROR, way, seed, m, file, t);
    }
    if (t instanceof OutOfMemoryError) {
      return failed(Ending.OUT_OF_MEMORY, way, seed, m, file, t);
    }
    if (t instanceof StackOverflowError) {
      return failed(Ending.STACK_OVERFLOW, way, seed, m, file, t);
    }
    return failed(Ending.UNTYPED_ERROR, way, seed, m, file, t);
  }

  /** Counts a violation and keeps the mutant, what was done to it and what happened, for the report. */
  private Ending failed(Ending e, Way way, Seed seed, Mutation m, Path file, Throwable t) {
    System.out.println(
        "VIOLATION " + e + " " + way + " mutant " + current + " of " + seed.name + ": " + m.kind() + " " + m.what()
            + (t == null ? "" : " -> " + t));
    if (kept++ < KEPT_FAILURES) {
      try {
        Files.createDirectories(failures);
        String base = current + "-" + e + "-" + way + "-" + seed.name;
        Files.write(failures.resolve(base), m.bytes());
        StringWriter s = new StringWriter();
        s.write(e + " reading with " + way + "\nmutant " + current + " of seed " + seed.name + "\nmutation " + m.kind()
            + ": " + m.what() + "\n");
        if (t != null) {
          t.printStackTrace(new PrintWriter(s));
        }
        Files.writeString(failures.resolve(base + ".txt"), s.toString(), StandardCharsets.UTF_8);
      } catch (IOException io) {
        // keeping the mutant is a courtesy: the count is what fails the run
      }
    }
    return e;
  }
}
