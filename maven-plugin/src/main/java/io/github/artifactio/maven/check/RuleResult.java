package io.github.artifactio.maven.check;

import java.util.List;
import java.util.Objects;

/**
 * What one rule concluded about one file: its verdict, the observed value the summary table prints (a codec, an
 * Arrow type, a row count, the reason a rule could not decide), and every finding.
 */
public record RuleResult(
    String file, String rule, Severity severity, Status status, String observed, List<Finding> findings) {
  public RuleResult {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(observed, "observed");
    findings = List.copyOf(findings);
  }

  /**
   * A verdict from the findings: none is PASS, else the most severe finding decides (a rule's own findings have its
   * severity; a misconfiguration it meets, such as a missing column, is always an ERROR).
   */
  public static RuleResult of(String file, String rule, Severity severity, String observed, List<Finding> findings) {
    Severity worst = Severity.INFO;
    for (Finding f : findings) {
      if (f.severity().ordinal() < worst.ordinal()) {
        worst = f.severity();
      }
    }
    Status status = findings.isEmpty() ? Status.PASS : Status.of(worst);
    return new RuleResult(file, rule, severity, status, observed, findings);
  }

  public static RuleResult undetermined(String file, String rule, Severity severity, String reason) {
    return new RuleResult(file, rule, severity, Status.UNDETERMINED, reason, List.of());
  }

  /** The same result reported for {@code otherFile}. */
  public RuleResult withFile(String otherFile) {
    return new RuleResult(
        otherFile, rule, severity, status, observed, findings.stream().map(f -> f.withFile(otherFile)).toList());
  }

  /** The number of violations over all findings. */
  public long violations() {
    return findings.stream().mapToLong(Finding::count).sum();
  }
}
