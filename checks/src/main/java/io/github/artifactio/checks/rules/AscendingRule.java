package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import io.github.artifactio.engine.layout.SortingColumn;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ascending}: each named column is non-null, free of NaN and non-decreasing over the whole file (strictly
 * increasing with {@code strict}); the Rust engine's candidate-window search needs this of {@code precursor_mz}, and
 * an unsorted library silently returns wrong windows. Independently of named columns, a sort order a row group
 * declares in the footer ({@code sorting_columns}, which writers record but never check) is verified against that row
 * group's data over every declared column, lexicographically, with each column's direction and null placement. One
 * streaming pass per column (per declared order), memory of one batch.
 */
public final class AscendingRule implements Rule {
  private final Severity severity;
  private final List<String> columns;
  private final boolean strict;
  private final boolean declared;

  /**
   * @param declared whether this rule also verifies the sort orders the footer declares: true for the POM's (or the
   *     default) {@code ascending}, false for one a contract adds, so that a declaration is verified once per file
   */
  public AscendingRule(Severity severity, List<String> columns, boolean strict, boolean declared) {
    this.severity = severity;
    this.columns = List.copyOf(columns);
    this.strict = strict;
    this.declared = declared;
  }

  @Override
  public String id() {
    return RuleIds.ASCENDING;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",columns=" + columns + ",strict=" + strict + ",declared=" + declared + "}";
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
      Order o = new Order(strict);
      try {
        f.columns().scan(column, o::accept);
      } catch (ArtifactException e) {
        undetermined = EngineErrors.notReadable(column, e);
        observed.add(undetermined);
        continue;
      }
      if (o.breaks > 0) {
        findings.add(f.finding(this, column, o.breakGroup, o.breakRow, o.breaks,
            o.breakValue + " follows " + o.breakPrevious + "; values must be " + (strict ? "strictly increasing"
                : "non-decreasing")));
      }
      if (o.nulls > 0) {
        findings.add(f.finding(this, column, o.nullGroup, o.nullRow, o.nulls, "NULL value; values must not be null"));
      }
      if (o.nans > 0) {
        findings.add(f.finding(this, column, o.nanGroup, o.nanRow, o.nans, "NaN value; values must not be NaN"));
      }
      observed.add(column + (o.breaks + o.nulls + o.nans == 0 ? ": " + (strict ? "increasing" : "non-decreasing")
          : ": " + o.breaks + " inversions, " + o.nulls + " nulls, " + o.nans + " NaN"));
    }
    try {
      String orders = declared ? checkDeclared(f, findings) : null;
      if (orders != null) {
        observed.add(orders);
      }
    } catch (ArtifactException e) {
      undetermined = "declared order: not readable: " + e.messageWithoutFile();
      observed.add(undetermined);
    }
    if (observed.isEmpty()) {
      observed.add("no declared sort order");
    }
    if (findings.isEmpty() && undetermined != null) {
      return RuleResult.undetermined(f.display(), id(), severity, String.join("; ", observed));
    }
    return RuleResult.of(f.display(), id(), severity, String.join("; ", observed), findings);
  }

  /**
   * Verifies each row group's declared sort order over all its declared columns, lexicographically (a tie on one
   * column is broken by the next); returns what was declared, or null when nothing is. Row groups declaring the same
   * order are reported together: one finding per declared order, at its first offending row.
   */
  private String checkDeclared(FileContext f, List<Finding> findings) {
    FileLayout layout = f.layout();
    if (layout == null) {
      return null;
    }
    Map<List<SortKey>, List<Integer>> declared = new LinkedHashMap<>();
    for (RowGroupLayout g : layout.rowGroups()) {
      if (g.sortingColumns().isEmpty()) {
        continue;
      }
      List<SortKey> keys = new ArrayList<>();
      for (SortingColumn sc : g.sortingColumns()) {
        if (sc.leaf() < 0 || sc.leaf() >= g.chunks().size()) {
          findings.add(f.finding(this, null, g.index(), null, 1,
              "sorting_columns names leaf " + sc.leaf() + ", which the row group does not have"));
          keys = null;
          break;
        }
        keys.add(new SortKey(g.chunks().get(sc.leaf()).path(), sc.descending(), sc.nullsFirst()));
      }
      if (keys != null) {
        declared.computeIfAbsent(List.copyOf(keys), k -> new ArrayList<>()).add(g.index());
      }
    }
    if (declared.isEmpty()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Map.Entry<List<SortKey>, List<Integer>> e : declared.entrySet()) {
      List<SortKey> keys = e.getKey();
      String order = SortKey.describe(keys);
      // a prefix of a sort order is itself an order the rows must keep, so an uncomparable key only ends the check
      List<SortKey> checked = new ArrayList<>();
      String stop = null;
      for (SortKey k : keys) {
        String why = k.column().contains(".") ? "is nested" : f.columns().describeKey(k.column());
        if (why != null) {
          stop = k.column() + " " + why;
          break;
        }
        checked.add(k);
      }
      if (checked.isEmpty()) {
        out.add("declared " + order + ": not checkable (" + stop + ")");
        continue;
      }
      RowOrder o = new RowOrder(checked);
      List<String> columns = checked.stream().map(SortKey::column).toList();
      for (int g : e.getValue()) {
        o.startGroup();
        f.columns().scanRows(g, columns, o::accept);
      }
      if (o.breaks > 0) {
        findings.add(f.finding(this, o.breakColumn, o.breakGroup, o.breakRow, o.breaks,
            o.breakValue + " follows " + o.breakPrevious + ", but the row group declares the rows sorted by "
                + order + " (sorting_columns)"));
      }
      int n = e.getValue().size();
      out.add("declared " + order + " in " + n + (n == 1 ? " row group: " : " row groups: ")
          + (o.breaks == 0 ? "holds" : o.breaks + " inversions")
          + (stop == null ? "" : " (checked on " + String.join(", ", columns) + "; " + stop + ")"));
    }
    return String.join("; ", out);
  }

  /**
   * Lexicographic order of rows over declared sort keys, carried across chunks within a row group. A row with NaN in
   * a key is skipped (writers disagree on where NaN sorts, and Parquet does not say); nulls sort as each key's
   * {@code nulls_first} says, whatever its direction.
   */
  private static final class RowOrder {
    final List<SortKey> keys;
    ColumnSource.Rows prev;
    int prevIndex;
    long breaks;
    Long breakRow;
    Integer breakGroup;
    String breakColumn;
    String breakValue;
    String breakPrevious;

    RowOrder(List<SortKey> keys) {
      this.keys = keys;
    }

    void startGroup() {
      prev = null;
    }

    void accept(ColumnSource.Rows c) {
      rows:
      for (int i = 0; i < c.size(); i++) {
        for (KeyValues col : c.columns()) {
          if (SortKey.isNaN(col, i)) {
            continue rows;
          }
        }
        if (prev != null) {
          int at = firstOutOfOrder(prev, prevIndex, c, i);
          if (at >= 0 && breaks++ == 0) {
            breakRow = c.firstRow() + i;
            breakGroup = c.rowGroup();
            breakColumn = keys.get(at).column();
            breakValue = describeRow(c, i);
            breakPrevious = describeRow(prev, prevIndex);
          }
        }
        // the previous chunk stays referenced only until this one has a row to compare with
        prev = c;
        prevIndex = i;
      }
    }

    /** The index of the key that puts row {@code i} of {@code b} before row {@code j} of {@code a}, else -1. */
    private int firstOutOfOrder(ColumnSource.Rows a, int j, ColumnSource.Rows b, int i) {
      for (int k = 0; k < keys.size(); k++) {
        int cmp = keys.get(k).compare(a.columns().get(k), j, b.columns().get(k), i);
        if (cmp > 0) {
          return k;
        }
        if (cmp < 0) {
          return -1;
        }
      }
      return -1;
    }

    private String describeRow(ColumnSource.Rows r, int i) {
      List<String> parts = new ArrayList<>();
      for (int k = 0; k < keys.size(); k++) {
        parts.add(keys.get(k).column() + "=" + SortKey.text(r.columns().get(k), i));
      }
      return "(" + String.join(", ", parts) + ")";
    }
  }

  /** Order state of one named column, carried across chunks. */
  private static final class Order {
    final boolean strict;
    boolean havePrevious;
    boolean integer;
    long prevLong;
    double prevDouble;
    long breaks;
    Long breakRow;
    Integer breakGroup;
    String breakValue;
    String breakPrevious;
    long nulls;
    Long nullRow;
    Integer nullGroup;
    long nans;
    Long nanRow;
    Integer nanGroup;

    Order(boolean strict) {
      this.strict = strict;
    }

    void accept(ValueChunk c) {
      integer = c.isInteger();
      for (int i = 0; i < c.size(); i++) {
        long row = c.firstRow() + i;
        if (c.isNull(i)) {
          if (nulls++ == 0) {
            nullRow = row;
            nullGroup = c.rowGroup();
          }
          continue;
        }
        if (!integer && Double.isNaN(c.doubles()[i])) {
          if (nans++ == 0) {
            nanRow = row;
            nanGroup = c.rowGroup();
          }
          continue;
        }
        if (havePrevious) {
          int cmp = integer ? Long.compare(c.longs()[i], prevLong) : Double.compare(c.doubles()[i], prevDouble);
          if (!integer && c.doubles()[i] == prevDouble) {
            cmp = 0; // -0.0 and 0.0 are equal for ordering
          }
          if (cmp < 0 || (strict && cmp == 0)) {
            if (breaks++ == 0) {
              breakRow = row;
              breakGroup = c.rowGroup();
              breakValue = integer ? Long.toString(c.longs()[i]) : Double.toString(c.doubles()[i]);
              breakPrevious = integer ? Long.toString(prevLong) : Double.toString(prevDouble);
            }
          }
        }
        havePrevious = true;
        if (integer) {
          prevLong = c.longs()[i];
        } else {
          prevDouble = c.doubles()[i];
        }
      }
    }
  }
}
