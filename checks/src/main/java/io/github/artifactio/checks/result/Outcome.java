package io.github.artifactio.checks.result;

import java.util.List;

/**
 * What a goal found: every rule's result on every file, in file then rule order, and what the run read.
 *
 * @param files the checked files as the report names them
 * @param cachedFiles how many files' results came from the cache (nothing of them was read)
 */
public record Outcome(
    String goal, List<String> files, List<RuleResult> results, int cachedFiles, long filesOpened, long bytesRead,
    long bytesHashed) {
  public Outcome {
    files = List.copyOf(files);
    results = List.copyOf(results);
  }

  public List<Finding> findings() {
    return results.stream().flatMap(r -> r.findings().stream()).toList();
  }

  /** The findings that fail the build under {@code failOn} (null: none do). */
  public List<Finding> failing(Severity failOn) {
    return findings().stream().filter(f -> f.severity().reaches(failOn)).toList();
  }

  public long count(Status status) {
    return results.stream().filter(r -> r.status() == status).count();
  }
}
