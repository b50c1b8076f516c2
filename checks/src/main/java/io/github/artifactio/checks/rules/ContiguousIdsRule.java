package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code contiguous-ids}: each named column holds exactly {@code 0..n-1} in row order ({@code id == row}), with no
 * NULL. The Rust engine requires this of a library's {@code candidate_id} because the row position is the id
 * (index.rs: "candidate_id must be the contiguous range 0..n in row order"). One streaming pass, O(1) memory.
 */
public final class ContiguousIdsRule implements RangeRule<ContiguousIdsRule.State> {
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
  public List<String> scannedColumns() {
    return columns;
  }

  @Override
  public boolean readsPages(RowGroupLayout group, ColumnChunkLayout chunk) {
    return Rule.under(columns, chunk.path());
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

  /**
   * One column's state over a range: why it cannot be checked (then nothing else), or why the range could not be read,
   * or what the scan counted, each first offending place with its file row.
   *
   * @param misconfigured the finding that the column cannot hold ids (the same in every range), or null
   * @param observed what the summary says of a column that cannot hold ids
   */
  public record Column(String column, Finding misconfigured, String observed, String notReadable, long rows,
      long mismatches, Long mismatchRow, Integer mismatchGroup, long mismatchValue, long nulls, Long nullRow,
      Integer nullGroup) {}

  /** The state of a range: one entry per configured column, in order. */
  public record State(List<Column> columns) {}

  @Override
  public Class<State> stateType() {
    return State.class;
  }

  @Override
  public State part(FileContext f) {
    List<Column> out = new ArrayList<>();
    for (String column : columns) {
      String why = f.columns().describe(column);
      if (why != null) {
        out.add(misconfigured(column, f.misconfigured(this, column, "the column " + why), column + ": not checkable"));
        continue;
      }
      if (!f.columns().isInteger(column)) {
        out.add(misconfigured(column, f.misconfigured(this, column,
            "the column has type " + f.table().column(column).arrowType() + "; ids must be integers"),
            column + ": not integer"));
        continue;
      }
      Scan s = new Scan();
      try {
        f.columns().scan(column, f.fromGroup(), f.toGroup(), s::accept);
      } catch (ArtifactException e) {
        out.add(new Column(column, null, null, EngineErrors.notReadable(column, e), 0, 0, null, null, 0, 0, null,
            null));
        continue;
      }
      out.add(new Column(column, null, null, null, s.rows, s.mismatches, s.mismatchRow, s.mismatchGroup,
          s.mismatchValue, s.nulls, s.nullRow, s.nullGroup));
    }
    return new State(out);
  }

  private static Column misconfigured(String column, Finding finding, String observed) {
    return new Column(column, finding, observed, null, 0, 0, null, null, 0, 0, null, null);
  }

  /**
   * Ids need no carry across a border: each value is compared with its own file row. Counts add up, the first
   * offending place is the first range's that has one, and the first range that could not be read makes the column
   * not readable, as the whole-file scan stops there.
   */
  private static Column join(Column a, Column b) {
    if (a.misconfigured() != null || a.notReadable() != null) {
      return a;
    }
    if (b.misconfigured() != null || b.notReadable() != null) {
      return b;
    }
    boolean firstMismatch = a.mismatches() > 0;
    boolean firstNull = a.nulls() > 0;
    return new Column(a.column(), null, null, null, a.rows() + b.rows(), a.mismatches() + b.mismatches(),
        firstMismatch ? a.mismatchRow() : b.mismatchRow(), firstMismatch ? a.mismatchGroup() : b.mismatchGroup(),
        firstMismatch ? a.mismatchValue() : b.mismatchValue(), a.nulls() + b.nulls(),
        firstNull ? a.nullRow() : b.nullRow(), firstNull ? a.nullGroup() : b.nullGroup());
  }

  @Override
  public RuleResult merge(String display, List<State> parts) {
    List<Finding> findings = new ArrayList<>();
    List<String> observed = new ArrayList<>();
    String undetermined = null;
    for (int c = 0; c < columns.size(); c++) {
      Column s = RangeRule.folded(parts, State::columns, c, ContiguousIdsRule::join);
      String column = s.column();
      if (s.misconfigured() != null) {
        findings.add(s.misconfigured());
        observed.add(s.observed());
        continue;
      }
      if (s.notReadable() != null) {
        undetermined = s.notReadable();
        observed.add(undetermined);
        continue;
      }
      if (s.mismatches() > 0) {
        findings.add(new Finding(id(), severity, display, column, s.mismatchGroup(), s.mismatchRow(), s.mismatches(),
            "id " + s.mismatchValue() + " at row " + s.mismatchRow() + ", but ids must be the contiguous range 0..n-1"
                + " in row order (id == row)"));
      }
      if (s.nulls() > 0) {
        findings.add(new Finding(id(), severity, display, column, s.nullGroup(), s.nullRow(), s.nulls(),
            "NULL id; ids must not be null"));
      }
      long firstBreak = Math.min(s.mismatchRow() == null ? Long.MAX_VALUE : s.mismatchRow(),
          s.nullRow() == null ? Long.MAX_VALUE : s.nullRow());
      observed.add(column + (s.mismatches() + s.nulls() == 0 ? ": 0.." + (s.rows() - 1)
          : ": breaks at row " + firstBreak));
    }
    if (findings.isEmpty() && undetermined != null) {
      return RuleResult.undetermined(display, id(), severity, String.join("; ", observed));
    }
    return RuleResult.of(display, id(), severity, String.join("; ", observed), findings);
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
      if (c.isRowNumbers()) {
        // one loop over the array, whose answer the chunk keeps for ascending on the same column
        rows += c.size();
        return;
      }
      // the chunk holds a mismatch or a null: found and placed by the loops below
      if (c.valid() == null && c.longs() != null) {
        // no nulls: a loop over the array alone places each mismatch, where the per-value path below asks the chunk
        // for nulls and the kind each time
        long[] a = c.longs();
        long row = c.firstRow();
        for (int i = 0; i < a.length; i++) {
          if (a[i] != row + i) {
            mismatch(c, i, a[i]);
          }
        }
        rows += a.length;
        return;
      }
      if (c.valid() == null && c.ints() != null && !c.unsigned()) {
        int[] a = c.ints();
        long row = c.firstRow();
        for (int i = 0; i < a.length; i++) {
          if (a[i] != row + i) {
            mismatch(c, i, a[i]);
          }
        }
        rows += a.length;
        return;
      }
      for (int i = 0; i < c.size(); i++) {
        long row = c.firstRow() + i;
        if (c.isNull(i)) {
          if (nulls++ == 0) {
            nullRow = row;
            nullGroup = c.rowGroup();
          }
        } else if (c.longAt(i) != row) {
          mismatch(c, i, c.longAt(i));
        }
      }
      rows += c.size();
    }

    private void mismatch(ValueChunk c, int i, long value) {
      if (mismatches++ == 0) {
        mismatchRow = c.firstRow() + i;
        mismatchGroup = c.rowGroup();
        mismatchValue = value;
      }
    }
  }
}
