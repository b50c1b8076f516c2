package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PairedGoalsTest {
  private static final List<PairedGoals.Goal> GOALS = List.of(
      new PairedGoals.Goal("x over y", "x", "y", 1.0), new PairedGoals.Goal("z over y", "z", "y", 1.0));

  /** Arms that take a fixed number of clock ticks (milliseconds of a clock that only they advance). */
  private final long[] now = {0};
  private final Map<String, PairedGoals.Arm> arms = new LinkedHashMap<>();

  PairedGoalsTest() {
    arms.put("x", tick(3));
    arms.put("y", tick(2));
    arms.put("z", tick(1));
  }

  private PairedGoals.Arm tick(long millis) {
    return () -> now[0] += millis * 1_000_000;
  }

  private List<String> order(long seed, int rounds) throws Exception {
    List<String> order = new ArrayList<>();
    PairedGoals.run(GOALS, arms, rounds, new Random(seed), () -> now[0], order);
    return order;
  }

  @Test
  void each_round_runs_every_goal_once_with_its_two_arms_back_to_back() throws Exception {
    List<String> order = order(26, 24);
    assertEquals(24 * 2 * 2, order.size());
    for (int i = 0; i < order.size(); i += 2) {
      List<String> pair = List.of(order.get(i), order.get(i + 1));
      assertTrue(pair.containsAll(List.of("x", "y")) || pair.containsAll(List.of("z", "y")), "not a pair: " + pair);
    }
    for (int round = 0; round < 24; round++) {
      List<String> r = order.subList(round * 4, round * 4 + 4);
      assertTrue(r.contains("x") && r.contains("z"), "round " + round + " left a goal out: " + r);
    }
  }

  @Test
  void the_seed_decides_the_order_and_both_orders_of_a_pair_occur() throws Exception {
    List<String> first = order(26, 24);
    assertEquals(first, order(26, 24));
    assertNotEquals(first, order(27, 24));
    boolean armFirst = false;
    boolean baselineFirst = false;
    for (int i = 0; i < first.size(); i += 2) {
      armFirst |= !first.get(i).equals("y");
      baselineFirst |= first.get(i).equals("y");
    }
    assertTrue(armFirst && baselineFirst, "one order only: " + first);
  }

  @Test
  void each_time_goes_to_the_arm_that_took_it_whichever_ran_first() throws Exception {
    List<PairedGoals.Times> times = PairedGoals.run(GOALS, arms, 8, new Random(1), () -> now[0], null);
    assertEquals(GOALS.get(0), times.get(0).goal());
    double[] three = new double[8];
    double[] two = new double[8];
    java.util.Arrays.fill(three, 0.003);
    java.util.Arrays.fill(two, 0.002);
    assertArrayEquals(three, times.get(0).arm(), 1e-12);
    assertArrayEquals(two, times.get(0).baseline(), 1e-12);
    assertEquals(1.5, times.get(0).paired().median(), 1e-9);
    assertEquals(0.5, times.get(1).paired().median(), 1e-9);
  }

  @Test
  void a_goal_naming_an_arm_that_is_not_measured_is_refused() {
    List<PairedGoals.Goal> goals = List.of(new PairedGoals.Goal("w over y", "w", "y", 1.0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PairedGoals.run(goals, arms, 1, new Random(1), () -> now[0], null));
    assertEquals("goal 'w over y' names arm 'w', which is not measured", e.getMessage());
  }

  @Test
  void the_warm_up_runs_each_arm_until_it_has_both_its_time_and_its_runs() throws Exception {
    // x takes 3 ms a run, y 2, z 1: 10 ms each means 4, 5 and 10 runs; at least 6 runs lifts x and y to 6
    assertEquals(Map.of("x", 4, "y", 5, "z", 10), PairedGoals.warmUp(arms, 0.010, 1, () -> now[0]));
    assertEquals(Map.of("x", 6, "y", 6, "z", 10), PairedGoals.warmUp(arms, 0.010, 6, () -> now[0]));
    assertEquals(Map.of("x", 1, "y", 1, "z", 1), PairedGoals.warmUp(arms, 0, 1, () -> now[0]));
  }
}
