package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code references}: every value of a column is a valid row id of another artifact: non-null and in
 * {@code 0..rows-1} of the target. The Rust engine's fragment table points into its precursor table this way and
 * refuses "fragment row {row} references candidate_id {c} >= precursor count {n}" at load. The target's row count
 * comes from its footer; the column is streamed, O(1) memory.
 */
public final class ReferencesRule implements Rule {
  private final Severity severity;
  private final String column;
  private final String targetDescription;
  private final Function<Path, Path> target;

  /**
   * @param targetDescription how {@code target} finds the referenced file, for messages and the cache fingerprint
   * @param target the referenced file, given the checked file
   */
  public ReferencesRule(Severity severity, String column, String targetDescription, Function<Path, Path> target) {
    if (column == null || column.isBlank()) {
      throw new ConfigurationException("rule 'references' has no column: name it in <columns>");
    }
    if (targetDescription == null || targetDescription.isBlank()) {
      throw new ConfigurationException(
          "rule 'references' on column '" + column + "' has no target: name the referenced file in <target>");
    }
    this.severity = severity;
    this.column = column;
    this.targetDescription = targetDescription;
    this.target = target;
  }

  /** A rule whose target is a path relative to the checked file's folder. */
  public static ReferencesRule relative(Severity severity, String column, String relativeTarget) {
    return new ReferencesRule(severity, column, relativeTarget,
        relativeTarget == null ? p -> p : p -> p.toAbsolutePath().getParent().resolve(relativeTarget).normalize());
  }

  @Override
  public String id() {
    return RuleIds.REFERENCES;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",column=" + column + ",target=" + targetDescription + "}";
  }

  /** The referenced file of {@code file}: its identity is part of {@code file}'s cache key. */
  public Path targetOf(Path file) {
    return target.apply(file);
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    Path t = target.apply(f.path());
    List<Finding> findings = new ArrayList<>();
    String why = f.columns().describe(column);
    if (why != null || !f.columns().isInteger(column)) {
      findings.add(f.misconfigured(this, column, "the column " + (why != null ? why
          : "has type " + f.table().column(column).arrowType() + "; row ids must be integers")));
      return RuleResult.of(f.display(), id(), severity, "not checkable", findings);
    }
    if (!Files.isRegularFile(t)) {
      findings.add(f.misconfigured(this, column, "the referenced file " + t + " does not exist"));
      return RuleResult.of(f.display(), id(), severity, "no target", findings);
    }
    long n;
    try {
      n = TableFile.open(t).rows();
      f.accounting().opened();
    } catch (ArtifactException e) {
      return RuleResult.undetermined(f.display(), id(), severity, "the referenced file's footer: " + e.getMessage());
    }
    long bad = 0;
    long[] first = {-1, -1, 0};
    long nulls = 0;
    long[] firstNull = {-1, -1};
    long[] counts = new long[2];
    try {
      f.columns().scan(column, c -> {
        for (int i = 0; i < c.size(); i++) {
          long row = c.firstRow() + i;
          if (c.isNull(i)) {
            if (counts[1]++ == 0) {
              firstNull[0] = row;
              firstNull[1] = c.rowGroup();
            }
          } else if (c.longAt(i) < 0 || c.longAt(i) >= n) {
            if (counts[0]++ == 0) {
              first[0] = row;
              first[1] = c.rowGroup();
              first[2] = c.longAt(i);
            }
          }
        }
      });
    } catch (ArtifactException e) {
      return RuleResult.undetermined(f.display(), id(), severity, EngineErrors.notReadable(column, e));
    }
    bad = counts[0];
    nulls = counts[1];
    String name = t.getFileName().toString();
    if (bad > 0) {
      findings.add(f.finding(this, column, (int) first[1], first[0], bad,
          "references row " + first[2] + ", but " + name + " has " + n + " rows (valid ids 0.." + (n - 1) + ")"));
    }
    if (nulls > 0) {
      findings.add(f.finding(this, column, (int) firstNull[1], firstNull[0], nulls,
          "NULL reference; every row must reference a row of " + name));
    }
    return RuleResult.of(f.display(), id(), severity,
        bad + nulls == 0 ? "all in 0.." + (n - 1) + " of " + name : (bad + nulls) + " invalid of " + name, findings);
  }
}
