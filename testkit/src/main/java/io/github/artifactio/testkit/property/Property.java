package io.github.artifactio.testkit.property;

import io.github.artifactio.testkit.TestkitProperty;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * A property: a check that must hold for every value of a generator, run for a number of tries and shrunk to a
 * minimal counterexample when it does not. For use inside a JUnit test method:
 *
 * <pre>{@code
 * @Test
 * void reversing_twice_is_the_identity() {
 *   Property.forAll(Gens.integers(-100, 100).list(0, 20))
 *       .tries(200)
 *       .classify("empty", List::isEmpty)
 *       .check(l -> assertEquals(l, reverse(reverse(l))));
 * }
 * }</pre>
 *
 * <p>Try 1 is the simplest value (every choice 0), the next tries (10 by default) prefer the generators' edge cases,
 * the rest are random. The seed is {@code -Dartifact-io.seed} when set, else {@link #CI_SEED} in CI (the environment
 * variable {@code CI}, see {@link io.github.artifactio.testkit.Ci}), so that a CI build runs the same tries every time,
 * else random and printed on standard output; a failure throws a {@link PropertyFailedError} naming the seed, and
 * {@code .seed(s)} or {@code -Dartifact-io.seed=s} replays the run exactly. {@code -Dartifact-io.tries=n} changes the
 * default number of tries (100) of properties that set none. (The first release's {@code artifactio.seed} and
 * {@code artifactio.tries} are still read, with a warning.)
 *
 * @param <T> the type of the generated values
 */
public final class Property<T> {
  /** The system property that fixes the seed of every property that sets none. */
  public static final String SEED_PROPERTY = "artifact-io.seed";
  /** The seed of every property that sets none when CI runs and {@code -Dartifact-io.seed} is not set. */
  public static final long CI_SEED = 2026;
  /** The system property that sets the default number of tries. */
  public static final String TRIES_PROPERTY = "artifact-io.tries";
  /** The first release's names, read with a warning until the next one. */
  static final String OLD_SEED_PROPERTY = "artifactio.seed";
  static final String OLD_TRIES_PROPERTY = "artifactio.tries";

  private static final AtomicLong SEEDS = new AtomicLong(System.nanoTime());

  private final Gen<T> gen;
  private String name = "property";
  private Integer tries;
  private Long seed;
  private int edgeTries = 10;
  private int shrinkRuns = 2000;
  private Duration shrinkTime = Duration.ofSeconds(30);
  private double maxDiscardRatio = 5;
  private Function<? super T, String> describe = String::valueOf;
  private final List<Classifier<T>> classifiers = new ArrayList<>();
  private final List<Coverage> coverage = new ArrayList<>();

  private record Classifier<T>(String label, Predicate<? super T> when, Function<? super T, ?> collect) {}

  private record Coverage(String label, double minPercent) {}

  private Property(Gen<T> gen) {
    this.gen = gen;
  }

  /** A property over the values of {@code gen}. */
  public static <T> Property<T> forAll(Gen<T> gen) {
    return new Property<>(Objects.requireNonNull(gen, "gen"));
  }

  /** Rejects the current try when {@code condition} is false (it counts as discarded, not as passed). */
  public static void assume(boolean condition) {
    if (!condition) {
      throw new Discard("assumption not met");
    }
  }

  /** The name used in messages and reports. */
  public Property<T> named(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** The number of tries (default 100, or {@code -Dartifact-io.tries}). */
  public Property<T> tries(int tries) {
    if (tries < 1) {
      throw new IllegalArgumentException("tries must be at least 1 but was " + tries);
    }
    this.tries = tries;
    return this;
  }

  /** The seed, for a run that repeats exactly. */
  public Property<T> seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** How many tries after the first prefer the generators' edge cases (default 10). */
  public Property<T> edgeCaseTries(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("edgeCaseTries must be at least 0 but was " + n);
    }
    this.edgeTries = n;
    return this;
  }

  /** The most candidate runs the shrinker may spend (default 2000; 0 turns shrinking off). */
  public Property<T> shrinkRuns(int runs) {
    this.shrinkRuns = Math.max(0, runs);
    return this;
  }

  /** The most time the shrinker may spend (default 30 s). */
  public Property<T> shrinkTime(Duration time) {
    this.shrinkTime = Objects.requireNonNull(time, "time");
    return this;
  }

  /** How values are printed in a failure message (default {@code String.valueOf}). */
  public Property<T> describedBy(Function<? super T, String> describe) {
    this.describe = Objects.requireNonNull(describe, "describe");
    return this;
  }

  /** Counts the tries whose value satisfies {@code when} under {@code label}, reported with its percentage. */
  public Property<T> classify(String label, Predicate<? super T> when) {
    classifiers.add(new Classifier<>(Objects.requireNonNull(label, "label"), Objects.requireNonNull(when), null));
    return this;
  }

  /** Counts the tries by the label {@code f} gives each value (a distribution: sizes, kinds). */
  public Property<T> collect(Function<? super T, ?> f) {
    classifiers.add(new Classifier<>(null, null, Objects.requireNonNull(f, "f")));
    return this;
  }

  /**
   * Classifies like {@link #classify} and fails the run when fewer than {@code minPercent} percent of the tries had
   * {@code label}: a generator that stops producing a case fails the build instead of passing quietly.
   */
  public Property<T> cover(double minPercent, String label, Predicate<? super T> when) {
    classify(label, when);
    coverage.add(new Coverage(label, minPercent));
    return this;
  }

  /** Requires a minimum percentage for a label that {@link #collect} produces. */
  public Property<T> cover(double minPercent, String label) {
    coverage.add(new Coverage(Objects.requireNonNull(label, "label"), minPercent));
    return this;
  }

  /** Runs the property with a predicate: false is a failure. */
  public PropertyReport holds(Predicate<? super T> predicate) {
    Objects.requireNonNull(predicate, "predicate");
    return check(v -> {
      if (!predicate.test(v)) {
        throw new org.opentest4j.AssertionFailedError("predicate was false");
      }
    });
  }

  /**
   * Runs the property with an assertion: any exception is a failure (a {@link Discard} only rejects the try). Throws a
   * {@link PropertyFailedError} with the shrunk counterexample, or a plain {@code AssertionFailedError} when a coverage
   * requirement is not met; returns the report (also printed to standard output) when the property holds.
   */
  public PropertyReport check(ThrowingConsumer<? super T> assertion) {
    Objects.requireNonNull(assertion, "assertion");
    long runSeed = seed != null ? seed : defaultSeed(name);
    int n = tries != null ? tries : defaultTries();
    Map<String, Integer> labels = new LinkedHashMap<>();
    int passed = 0;
    int discarded = 0;
    int attempt = 0;
    while (passed < n) {
      if (discarded > maxDiscardRatio * n + 10) {
        throw new org.opentest4j.AssertionFailedError(
            "property \"" + name + "\": " + discarded + " tries discarded for " + passed
                + " run (filters or assumptions reject too much); seed " + runSeed);
      }
      Source source =
          attempt == 0
              ? Source.replay(new long[0])
              : Source.random(trySeed(runSeed, attempt), attempt <= edgeTries ? 0.75 : 0);
      attempt++;
      Shrinker.Run<T> run = run(source, assertion);
      if (run == null) {
        discarded++;
        continue;
      }
      if (run.failure() != null) {
        throw failure(run, runSeed, attempt, assertion);
      }
      passed++;
      for (Classifier<T> c : classifiers) {
        if (c.collect() != null) {
          labels.merge(String.valueOf(c.collect().apply(run.value())), 1, Integer::sum);
        } else if (c.when().test(run.value())) {
          labels.merge(c.label(), 1, Integer::sum);
        } else {
          labels.putIfAbsent(c.label(), 0);
        }
      }
    }
    PropertyReport report = new PropertyReport(name, runSeed, passed, discarded, labels);
    if (!classifiers.isEmpty()) {
      System.out.print(report.render());
    }
    List<String> missed = new ArrayList<>();
    for (Coverage c : coverage) {
      if (report.percent(c.label()) < c.minPercent()) {
        missed.add(String.format("\"%s\" was %.2f%% of the tries, required at least %.2f%%",
            c.label(), report.percent(c.label()), c.minPercent()));
      }
    }
    if (!missed.isEmpty()) {
      throw new org.opentest4j.AssertionFailedError(
          "property \"" + name + "\" held but its coverage is too low (seed " + runSeed + "):\n  "
              + String.join("\n  ", missed) + "\n" + report.render());
    }
    return report;
  }

  /** One try: the generated value and its failure, or null when generation or the check discarded it. */
  private Shrinker.Run<T> run(Source source, ThrowingConsumer<? super T> assertion) {
    T value;
    try {
      value = source.draw(gen);
    } catch (Discard d) {
      return null;
    }
    Throwable failure = null;
    try {
      assertion.accept(value);
    } catch (Discard d) {
      return null;
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError) {
        throw (VirtualMachineError) t;
      }
      failure = t;
    }
    return new Shrinker.Run<>(source.choices(), new ArrayList<>(source.spans()), value, failure);
  }

  private PropertyFailedError failure(
      Shrinker.Run<T> original, long runSeed, int tryNumber, ThrowingConsumer<? super T> assertion) {
    Shrinker<T> shrinker = new Shrinker<>(
        (c, spans) -> run(spans == null ? Source.replay(c) : Source.replay(c, spans), assertion), original, shrinkRuns,
        System.nanoTime() + shrinkTime.toNanos());
    Shrinker.Run<T> shrunk = shrinkRuns == 0 ? original : shrinker.shrink();
    StringBuilder m = new StringBuilder();
    m.append("property \"").append(name).append("\" failed on try ").append(tryNumber).append(" (seed ")
        .append(runSeed).append(")\n");
    m.append("  shrunk counterexample (").append(shrinker.improvements()).append(" steps, ").append(shrinker.runs())
        .append(" runs): ").append(safeDescribe(shrunk.value())).append('\n');
    m.append("  original counterexample: ").append(safeDescribe(original.value())).append('\n');
    m.append("  failure: ").append(firstLines(shrunk.failure())).append('\n');
    m.append("  replay: .seed(").append(runSeed).append("L) or -D").append(SEED_PROPERTY).append('=').append(runSeed);
    return new PropertyFailedError(
        m.toString(), name, shrunk.value(), original.value(), runSeed, tryNumber, shrunk.failure());
  }

  private String safeDescribe(T value) {
    try {
      String s = describe.apply(value);
      return s.length() > 4000 ? s.substring(0, 4000) + "... (" + s.length() + " characters)" : s;
    } catch (RuntimeException e) {
      return "<describing the value failed: " + e + ">";
    }
  }

  private static String firstLines(Throwable t) {
    String s = String.valueOf(t);
    if (t.getMessage() == null) {
      StringWriter w = new StringWriter();
      t.printStackTrace(new PrintWriter(w));
      String[] lines = w.toString().split("\n");
      s = lines.length > 1 ? lines[0] + " " + lines[1].trim() : lines[0];
    }
    return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
  }

  /** The seed of a property that sets none: {@code -Dartifact-io.seed}, the CI seed, or a random one it prints. */
  private static long defaultSeed(String name) {
    String fixed = TestkitProperty.get(SEED_PROPERTY, OLD_SEED_PROPERTY);
    if (fixed != null) {
      try {
        return Long.parseLong(fixed);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "-D" + SEED_PROPERTY + "=" + fixed + " is not a whole number (a seed is a long)");
      }
    }
    if (io.github.artifactio.testkit.Ci.isSet()) {
      return CI_SEED;
    }
    long random = mix(SEEDS.getAndAdd(0x9e3779b97f4a7c15L));
    // printed before the run, so that a run that hangs or kills the JVM can be replayed too
    System.out.println(
        "property \"" + name + "\": random seed " + random + " (replay: -D" + SEED_PROPERTY + "=" + random + ")");
    return random;
  }

  private static int defaultTries() {
    String t = TestkitProperty.get(TRIES_PROPERTY, OLD_TRIES_PROPERTY);
    if (t == null) {
      return 100;
    }
    try {
      int n = Integer.parseInt(t);
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-D" + TRIES_PROPERTY + "=" + t + " is not a positive whole number");
    }
  }

  /** The seed of try {@code i} of a run seeded {@code seed}. */
  static long trySeed(long seed, int i) {
    return mix(seed + 0x9e3779b97f4a7c15L * (i + 1));
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
