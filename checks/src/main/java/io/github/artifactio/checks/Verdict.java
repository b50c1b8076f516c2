package io.github.artifactio.checks;

import io.github.artifactio.checks.report.Reports;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link Gate} decided: this run (its outcome and what it was judged by), every run the reports list (earlier
 * goals of the same build first), and why it fails, if it does.
 *
 * @param failure the one message a failing run ends with (the first failing finding, or the first undecided check),
 *     or null when the run passes
 */
public record Verdict(Reports.Run run, List<Reports.Run> runs, String failure) {
  public Verdict {
    runs = List.copyOf(runs);
  }

  public boolean passed() {
    return failure == null;
  }

  public Optional<String> failureMessage() {
    return Optional.ofNullable(failure);
  }
}
