package io.github.artifactio.testkit.property;

import java.util.Map;

/**
 * What a passing property saw: the tries run, the tries discarded, and for each label of {@code classify} or
 * {@code collect} the number of tries that had it.
 */
public record PropertyReport(String property, long seed, int tries, int discarded, Map<String, Integer> labels) {
  public PropertyReport {
    labels = Map.copyOf(labels);
  }

  /** The percentage of tries with {@code label} (0 when it never occurred). */
  public double percent(String label) {
    return tries == 0 ? 0 : 100.0 * labels.getOrDefault(label, 0) / tries;
  }

  /** One line per label, most frequent first, as the property prints it. */
  public String render() {
    StringBuilder b = new StringBuilder();
    b.append("property \"").append(property).append("\": ").append(tries).append(" tries, ").append(discarded)
        .append(" discarded, seed ").append(seed).append('\n');
    labels.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .forEach(e -> b.append(String.format("  %6.2f%%  %s%n", percent(e.getKey()), e.getKey())));
    return b.toString();
  }
}
