package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code contiguous-ids}: each named column holds exactly {@code 0..n-1} in row order ({@code id == row}), with no
 * NULL. The Rust engine requires this of a library's {@code candidate_id} because the row position is the id
 * (index.rs: "candidate_id must be the contiguous range 0..n in row order"). One streaming pass, O(1) memory.
 */
public final class ContiguousIdsRule implements Rule {
  private final Severity severity;
  private final List<String> columns;

  public ContiguousIdsRule(Severity severity, List<String> columns) {
    if (columns.isEmpty()) {
      throw new ConfigurationException(
          "rule 'contiguous-ids' has no columns to check: name them in <columns> or use a contract that does");
    }
    this.severity = severity;
    this.columns = List.copyOf(columns);
  }

  @Override
  public String id() {
    return RuleIds.CONTIGUOUS_IDS;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",columns=" + columns + "}";
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    List<Finding> findings = new ArrayList<>();
    List<String> observed = new ArrayList<>();
    String undetermined = null;
    for (String column : columns) {
      String why = f.columns().describe(column);
      if (why != null) {
        findings.add(f.misconfigured(this, column, "the column " + why));
        observed.add(column + ": not checkable");
        continue;
      }
      if (!f.columns().isInteger(column)) {
        findings.add(f.misconfigured(this, column,
            "the column has type " + f.table().column(column).arrowType() + "; ids must be integers"));
        observed.add(column + ": not integer");
        continue;
      }
      Scan s = new Scan();
      try {
        f.columns().scan(column, s::accept);
      } catch (ArtifactException e) {
        undetermined = EngineErrors.notReadable(column, e);
        observed.add(undetermined);
        continue;
      }
      if (s.mismatches > 0) {
        findings.add(f.finding(this, column, s.mismatchGroup, s.mismatchRow, s.mismatches,
            "id " + s.mismatchValue + " at row " + s.mismatchRow + ", but ids must be the contiguous range 0..n-1 in"
                + " row order (id == row)"));
      }
      if (s.nulls > 0) {
        findings.add(f.finding(this, column, s.nullGroup, s.nullRow, s.nulls, "NULL id; ids must not be null"));
      }
      observed.add(column + (s.mismatches + s.nulls == 0
          ? ": 0.." + (s.rows - 1) : ": breaks at row " + Math.min(s.mismatchRowOr(), s.nullRowOr())));
    }
    if (findings.isEmpty() && undetermined != null) {
      return RuleResult.undetermined(f.display(), id(), severity, String.join("; ", observed));
    }
    return RuleResult.of(f.display(), id(), severity, String.join("; ", observed), findings);
  }

  private static final class Scan {
    long rows;
    long mismatches;
    Long mismatchRow;
    Integer mismatchGroup;
    long mismatchValue;
    long nulls;
    Long nullRow;
    Integer nullGroup;

    void accept(ValueChunk c) {
      for (int i = 0; i < c.size(); i++) {
        long row = c.firstRow() + i;
        if (c.isNull(i)) {
          if (nulls++ == 0) {
            nullRow = row;
            nullGroup = c.rowGroup();
          }
        } else if (c.longs()[i] != row) {
          if (mismatches++ == 0) {
            mismatchRow = row;
            mismatchGroup = c.rowGroup();
            mismatchValue = c.longs()[i];
          }
        }
      }
      rows += c.size();
    }

    long mismatchRowOr() {
      return mismatchRow == null ? Long.MAX_VALUE : mismatchRow;
    }

    long nullRowOr() {
      return nullRow == null ? Long.MAX_VALUE : nullRow;
    }
  }
}
