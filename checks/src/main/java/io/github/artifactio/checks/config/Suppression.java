package io.github.artifactio.checks.config;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A finding the project has decided to live with, and why: the files (a glob), the rule, optionally the column, and a
 * reason, which is required. A suppressed finding leaves the verdict and never fails the build, but the reports list
 * it with its reason ({@code validation.json} under {@code suppressed}, the summary table, the log), so an exemption is
 * always visible. A suppression that matched no finding is reported too: the exemption it records may be stale.
 *
 * <p>In a POM: {@code <suppressions><suppression><files>**}{@code /legacy.parquet</files><rule>string-type</rule>
 * <column>peptide</column><reason>read only by our Java stage</reason></suppression></suppressions>}.
 */
public final class Suppression {
  private String files;
  private String rule;
  private String column;
  private String reason;

  public Suppression() {}

  public Suppression(String files, String rule, String column, String reason) {
    this.files = files;
    this.rule = rule;
    this.column = column;
    this.reason = reason;
  }

  public String getFiles() {
    return files;
  }

  public String getRule() {
    return rule;
  }

  public String getColumn() {
    return column;
  }

  public String getReason() {
    return reason;
  }

  /** Refuses a suppression that would hide findings without saying which or why. */
  void check(List<String> ruleIds) {
    String where = "suppression " + this;
    if (files == null || files.isBlank()) {
      throw new ConfigurationException(where + ": no <files>; name the files it exempts (a glob)");
    }
    if (rule == null || !ruleIds.contains(rule.trim())) {
      throw new ConfigurationException(where + ": <rule> must be one of " + ruleIds);
    }
    if (reason == null || reason.isBlank()) {
      throw new ConfigurationException(where + ": no <reason>; a suppression says why the finding is acceptable");
    }
  }

  boolean matches(Finding f) {
    return f.rule().equals(rule.trim())
        && Globs.matcher(files.trim()).matches(Path.of(f.file()))
        && (column == null || column.isBlank() || column.trim().equals(f.column()));
  }

  @Override
  public String toString() {
    return "{files=" + files + ", rule=" + rule + (column == null ? "" : ", column=" + column) + "}";
  }

  /**
   * The outcome with every finding a suppression matches moved to its result's suppressed list and the verdicts
   * recomputed from what is left; and the suppressions that matched nothing.
   */
  public static Applied apply(Outcome o, List<Suppression> suppressions, List<String> ruleIds) {
    if (suppressions == null || suppressions.isEmpty()) {
      return new Applied(o, List.of());
    }
    suppressions.forEach(s -> s.check(ruleIds));
    boolean[] used = new boolean[suppressions.size()];
    List<RuleResult> results = new ArrayList<>(o.results().size());
    for (RuleResult r : o.results()) {
      List<Finding> kept = new ArrayList<>();
      List<RuleResult.Suppressed> suppressed = new ArrayList<>(r.suppressed());
      for (Finding f : r.findings()) {
        int hit = -1;
        for (int i = 0; i < suppressions.size() && hit < 0; i++) {
          if (suppressions.get(i).matches(f)) {
            hit = i;
          }
        }
        if (hit < 0) {
          kept.add(f);
        } else {
          used[hit] = true;
          suppressed.add(new RuleResult.Suppressed(f, suppressions.get(hit).reason.trim()));
        }
      }
      if (kept.size() == r.findings().size()) {
        results.add(r);
      } else {
        RuleResult v = RuleResult.of(r.file(), r.rule(), r.severity(), r.observed(), kept);
        results.add(new RuleResult(v.file(), v.rule(), v.severity(), v.status(), v.observed(), v.findings(), suppressed,
            r.seconds()));
      }
    }
    List<Suppression> unused = new ArrayList<>();
    for (int i = 0; i < used.length; i++) {
      if (!used[i]) {
        unused.add(suppressions.get(i));
      }
    }
    Outcome out = new Outcome(o.goal(), o.files(), results, o.cachedFiles(), o.filesOpened(), o.bytesRead(),
        o.bytesHashed());
    return new Applied(out, unused);
  }

  /** What applying the suppressions gave. */
  public record Applied(Outcome outcome, List<Suppression> unused) {}

  @Override
  public boolean equals(Object o) {
    return o instanceof Suppression s && Objects.equals(files, s.files) && Objects.equals(rule, s.rule)
        && Objects.equals(column, s.column) && Objects.equals(reason, s.reason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(files, rule, column, reason);
  }
}
