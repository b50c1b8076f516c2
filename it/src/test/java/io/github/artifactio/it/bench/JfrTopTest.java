package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JfrTopTest {
  // four samples, each from the top of the stack down
  private static final List<List<String>> STACKS = List.of(
      List.of("Rle.read:143", "Leaf.walk:534", "Scan.run:10"),
      List.of("Rle.read:150", "Leaf.levels:271", "Leaf.walk:514", "Scan.run:10"),
      List.of("Leaf.walk:534", "Scan.run:10"),
      // a recursion: Leaf.walk twice on one stack
      List.of("Plain.binary:20", "Leaf.walk:600", "Leaf.walk:534", "Scan.run:10"),
      List.of());

  @Test
  void self_time_counts_the_method_on_top_of_each_sample_whatever_its_line() {
    JfrTop.Top top = JfrTop.of(STACKS, 10);
    assertEquals(4, top.samples());
    assertEquals(List.of(new JfrTop.Entry("Rle.read", 2, 0.5), new JfrTop.Entry("Leaf.walk", 1, 0.25),
        new JfrTop.Entry("Plain.binary", 1, 0.25)), top.self());
  }

  @Test
  void total_time_counts_each_method_once_per_sample_even_when_it_recurs() {
    JfrTop.Top top = JfrTop.of(STACKS, 3);
    assertEquals(List.of(new JfrTop.Entry("Leaf.walk", 4, 1.0), new JfrTop.Entry("Scan.run", 4, 1.0),
        new JfrTop.Entry("Rle.read", 2, 0.5)), top.total());
  }

  @Test
  void the_line_ranking_keeps_the_lines_of_one_method_apart() {
    JfrTop.Top top = JfrTop.of(STACKS, 2);
    // four lines with one sample each: ties go by name, so the same samples always give the same table
    assertEquals(List.of(new JfrTop.Entry("Leaf.walk:534", 1, 0.25), new JfrTop.Entry("Plain.binary:20", 1, 0.25)),
        top.lines());
  }
}
