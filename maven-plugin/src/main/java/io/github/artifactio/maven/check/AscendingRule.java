package io.github.artifactio.maven.check;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SortingColumn;

/**
 * {@code ascending}: each named column is non-null, free of NaN and non-decreasing over the whole file (strictly
 * increasing with {@code strict}); the Rust engine's candidate-window search needs this of {@code precursor_mz}, and
 * an unsorted library silently returns wrong windows. Independently of named columns, a sort order a row group
 * declares in the footer ({@code sorting_columns}, which writers record but never check) is verified against that row
 * group's data: its first sort column must be in the declared direction (nulls are skipped). One streaming pass per
 * column, O(1) memory.
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
      Order o = new Order(false, strict, null);
      try {
        f.columns().scan(column, o::accept);
      } catch (ArtifactException e) {
        undetermined = column + ": not readable: " + e.getMessage();
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
      undetermined = "declared order: not readable: " + e.getMessage();
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

  /** Verifies each row group's declared first sort column; returns what was declared, or null when nothing is. */
  private String checkDeclared(FileContext f, List<Finding> findings) {
    FileMetaData md = f.raw() == null ? null : f.raw().metadata();
    if (md == null || md.getRow_groups() == null) {
      return null;
    }
    // column -> per row group: +1 ascending, -1 descending, 0 undeclared
    Map<String, int[]> declared = new LinkedHashMap<>();
    List<RowGroupInfo> groups = f.table().rowGroups();
    for (int g = 0; g < md.getRow_groups().size() && g < groups.size(); g++) {
      RowGroup rg = md.getRow_groups().get(g);
      if (!rg.isSetSorting_columns() || rg.getSorting_columns().isEmpty()) {
        continue;
      }
      SortingColumn sc = rg.getSorting_columns().get(0);
      if (sc.column_idx < 0 || sc.column_idx >= groups.get(g).chunks().size()) {
        findings.add(f.finding(this, null, g, null, 1,
            "sorting_columns names leaf " + sc.column_idx + ", which the row group does not have"));
        continue;
      }
      String column = groups.get(g).chunks().get(sc.column_idx).path();
      declared.computeIfAbsent(column, k -> new int[groups.size()])[g] = sc.descending ? -1 : 1;
    }
    if (declared.isEmpty()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, int[]> e : declared.entrySet()) {
      String column = e.getKey();
      long groupsDeclared = java.util.Arrays.stream(e.getValue()).filter(d -> d != 0).count();
      String why = column.contains(".") ? "is nested" : f.columns().describe(column);
      if (why != null) {
        out.add("declared on " + column + ": not checkable (" + why + ")");
        continue;
      }
      Order o = new Order(true, false, e.getValue());
      f.columns().scan(column, o::accept);
      if (o.breaks > 0) {
        boolean desc = e.getValue()[o.breakGroup] < 0;
        findings.add(f.finding(this, column, o.breakGroup, o.breakRow, o.breaks,
            o.breakValue + " follows " + o.breakPrevious + ", but the row group declares the column sorted "
                + (desc ? "descending" : "ascending") + " (sorting_columns)"));
      }
      TreeSet<String> dirs = new TreeSet<>();
      for (int d : e.getValue()) {
        if (d != 0) {
          dirs.add(d > 0 ? "ascending" : "descending");
        }
      }
      out.add("declared " + column + " " + String.join("/", dirs) + " in " + groupsDeclared + " row groups: "
          + (o.breaks == 0 ? "holds" : o.breaks + " inversions"));
    }
    return String.join("; ", out);
  }

  /** Order state carried across chunks; with {@code perGroup}, only within each declared row group. */
  private static final class Order {
    final boolean perGroup;
    final boolean strict;
    final int[] direction;
    boolean havePrevious;
    boolean integer;
    long prevLong;
    double prevDouble;
    int prevGroup = -1;
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

    Order(boolean perGroup, boolean strict, int[] direction) {
      this.perGroup = perGroup;
      this.strict = strict;
      this.direction = direction;
    }

    void accept(ValueChunk c) {
      int dir = 1;
      if (perGroup) {
        dir = direction[c.rowGroup()];
        if (dir == 0) {
          return;
        }
        if (c.rowGroup() != prevGroup) {
          havePrevious = false;
        }
      }
      prevGroup = c.rowGroup();
      integer = c.isInteger();
      for (int i = 0; i < c.size(); i++) {
        long row = c.firstRow() + i;
        if (c.isNull(i)) {
          if (!perGroup && nulls++ == 0) {
            nullRow = row;
            nullGroup = c.rowGroup();
          }
          continue;
        }
        if (!integer && Double.isNaN(c.doubles()[i])) {
          if (!perGroup && nans++ == 0) {
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
          cmp *= dir;
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
