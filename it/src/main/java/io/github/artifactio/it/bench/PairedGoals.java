package io.github.artifactio.it.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Goals measured as paired ratios: in each round every goal's two arms run back to back, the goals in an order drawn
 * at random and the two arms of each in an order drawn at random, from one seeded {@link Random}. A ratio within a
 * pair cancels the drift of a shared machine that medians over rounds only average, and the random order keeps a
 * periodic disturbance (a collection, another build's burst) from landing on one arm or one goal.
 */
final class PairedGoals {
  /**
   * One goal: {@code arm}'s time over {@code baseline}'s must be at most {@code limit}.
   *
   * @param name what the issue calls it
   * @param arm the measured arm
   * @param baseline the arm it is compared with
   * @param limit the largest paired ratio that meets the goal
   */
  record Goal(String name, String arm, String baseline, double limit) {}

  /** One arm: runs the work, returns something derived from its result so that nothing is optimised away. */
  interface Arm {
    long run() throws Exception;
  }

  /** A clock, so that tests can count instead of time. */
  interface Clock {
    long nanos();
  }

  /** Each goal's times over the rounds: {@code arm[i]} and {@code baseline[i]} ran back to back. */
  record Times(Goal goal, double[] arm, double[] baseline) {
    /** The summary of the round-by-round ratios {@code arm[i] / baseline[i]}. */
    BenchStats.Summary paired() {
      return BenchStats.paired(arm, baseline);
    }
  }

  private PairedGoals() {}

  /**
   * Warms every arm up alike before the pairs: passes over all arms in turn, each pass running every arm that has not
   * yet run {@code minRuns} times and for {@code seconds} in all, until none is left. A short arm thus runs hundreds of
   * times (the JIT compiles its per-page and per-batch code, as in a long job), a long one a few. Returns each arm's
   * runs, in the map's order.
   */
  static Map<String, Integer> warmUp(Map<String, Arm> arms, double seconds, int minRuns, Clock clock)
      throws Exception {
    Map<String, Integer> runs = new LinkedHashMap<>();
    Map<String, Long> spent = new LinkedHashMap<>();
    arms.keySet().forEach(k -> {
      runs.put(k, 0);
      spent.put(k, 0L);
    });
    long need = (long) (seconds * 1e9);
    boolean any = true;
    while (any) {
      any = false;
      for (Map.Entry<String, Arm> a : arms.entrySet()) {
        String k = a.getKey();
        if (runs.get(k) >= minRuns && spent.get(k) >= need) {
          continue;
        }
        any = true;
        long t0 = clock.nanos();
        a.getValue().run();
        spent.put(k, spent.get(k) + clock.nanos() - t0);
        runs.put(k, runs.get(k) + 1);
      }
    }
    return runs;
  }

  /**
   * Runs {@code rounds} rounds of every goal's pair; {@code order}, if not null, gets each arm's name as it starts.
   * Every arm a goal names must be in {@code arms}.
   */
  static List<Times> run(List<Goal> goals, Map<String, Arm> arms, int rounds, Random coin, Clock clock,
      List<String> order) throws Exception {
    for (Goal g : goals) {
      for (String a : List.of(g.arm(), g.baseline())) {
        if (!arms.containsKey(a)) {
          throw new IllegalArgumentException("goal '" + g.name() + "' names arm '" + a + "', which is not measured");
        }
      }
    }
    Map<Goal, double[][]> times = new LinkedHashMap<>();
    goals.forEach(g -> times.put(g, new double[2][rounds]));
    List<Goal> shuffled = new ArrayList<>(goals);
    for (int round = 0; round < rounds; round++) {
      Collections.shuffle(shuffled, coin);
      for (Goal g : shuffled) {
        boolean baselineFirst = coin.nextBoolean();
        for (int k = 0; k < 2; k++) {
          int which = baselineFirst ? 1 - k : k;
          String name = which == 0 ? g.arm() : g.baseline();
          if (order != null) {
            order.add(name);
          }
          long t0 = clock.nanos();
          arms.get(name).run();
          times.get(g)[which][round] = (clock.nanos() - t0) / 1e9;
        }
      }
    }
    List<Times> out = new ArrayList<>();
    times.forEach((g, t) -> out.add(new Times(g, t[0], t[1])));
    return out;
  }
}
