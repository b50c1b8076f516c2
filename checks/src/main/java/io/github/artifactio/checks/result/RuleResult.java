package io.github.artifactio.checks.result;

import java.util.List;
import java.util.Objects;

/**
 * What one rule concluded about one file: its verdict, the observed value the summary table prints (a codec, an
 * Arrow type, a row count, the reason a rule could not decide), every finding, the findings a configured suppression
 * took out of the verdict (each with its reason; reported, never dropped), and how long the rule took (0 for a
 * result from the cache).
 */
public record RuleResult(
    String file, String rule, Severity severity, Status status, String observed, List<Finding> findings,
    List<Suppressed> suppressed, double seconds) {
  /** A finding that a suppression took out of the verdict, with the suppression's reason. */
  public record Suppressed(Finding finding, String reason) {
    public Suppressed {
      Objects.requireNonNull(finding, "finding");
      Objects.requireNonNull(reason, "reason");
    }
  }

  public RuleResult {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(observed, "observed");
    findings = List.copyOf(findings);
    suppressed = List.copyOf(suppressed);
  }

  public RuleResult(
      String file, String rule, Severity severity, Status status, String observed, List<Finding> findings) {
    this(file, rule, severity, status, observed, findings, List.of(), 0);
  }

  /** Results are equal when they say the same: the time a rule took is not part of what it concluded. */
  @Override
  public boolean equals(Object o) {
    return o instanceof RuleResult r && file.equals(r.file) && rule.equals(r.rule) && severity == r.severity
        && status == r.status && observed.equals(r.observed) && findings.equals(r.findings)
        && suppressed.equals(r.suppressed);
  }

  @Override
  public int hashCode() {
    return Objects.hash(file, rule, severity, status, observed, findings, suppressed);
  }

  /** The same result with the time its rule took. */
  public RuleResult withSeconds(double s) {
    return new RuleResult(file, rule, severity, status, observed, findings, suppressed, s);
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
    return new RuleResult(otherFile, rule, severity, status, observed,
        findings.stream().map(f -> f.withFile(otherFile)).toList(),
        suppressed.stream().map(x -> new Suppressed(x.finding().withFile(otherFile), x.reason())).toList(), seconds);
  }

  /** The number of violations over all findings. */
  public long violations() {
    return findings.stream().mapToLong(Finding::count).sum();
  }
}
