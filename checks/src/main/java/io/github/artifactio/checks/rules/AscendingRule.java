package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
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
public final class AscendingRule implements RangeRule<AscendingRule.State> {
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
  public List<String> scannedColumns() {
    return columns;
  }

  /** Its columns' chunks, and with {@code declared} those of the leaves each row group declares it is sorted by. */
  @Override
  public boolean readsPages(RowGroupLayout group, ColumnChunkLayout chunk) {
    if (Rule.under(columns, chunk.path())) {
      return true;
    }
    return declared && group.sortingColumns().stream().anyMatch(k -> k.leaf() == chunk.leaf());
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

  /**
   * One named column's state over a range: why it cannot be checked, or why the range could not be read, or what the
   * scan found, with the first and last compared value and their places (a border compares the last value of a range
   * with the first of the next). Values are kept as their 64 bits: a long, or a double's raw bits.
   */
  public record Named(String column, Finding misconfigured, String notReadable, boolean integer, boolean hasValue,
      long first, Long firstRow, Integer firstGroup, long last, long breaks, Long breakRow, Integer breakGroup,
      String breakValue, String breakPrevious, long nulls, Long nullRow, Integer nullGroup, long nans, Long nanRow,
      Integer nanGroup) {}

  /**
   * A declared sort order's state over a range. Row groups are checked one by one (each declares its own order), so
   * nothing crosses a border; the whole-file check takes orders in the order the file first declares them and stops
   * at the first that cannot be read.
   *
   * @param groups the row groups of the range that declare it
   * @param notReadable why the range's check of this order stopped, or null; the range's later orders are then not
   *     checked (and count nothing)
   */
  public record Declared(List<SortKey> keys, int groups, String stop, List<String> checked, long breaks,
      Long breakRow, Integer breakGroup, String breakColumn, String breakValue, String breakPrevious,
      String notReadable) {}

  /**
   * The state of a range: its named columns in order, the row groups that name a leaf they do not have, and its
   * declared orders as the range first declares them.
   */
  public record State(List<Named> columns, List<Finding> badLeaves, List<Declared> declared) {}

  @Override
  public Class<State> stateType() {
    return State.class;
  }

  @Override
  public State part(FileContext f) {
    List<Named> named = new ArrayList<>();
    for (String column : columns) {
      String why = f.columns().describe(column);
      if (why != null) {
        named.add(new Named(column, f.misconfigured(this, column, "the column " + why), null, false, false, 0, null,
            null, 0, 0, null, null, null, null, 0, null, null, 0, null, null));
        continue;
      }
      Order o = new Order(strict);
      try {
        f.columns().scan(column, f.fromGroup(), f.toGroup(), o::accept);
      } catch (ArtifactException e) {
        named.add(new Named(column, null, EngineErrors.notReadable(column, e), false, false, 0, null, null, 0, 0,
            null, null, null, null, 0, null, null, 0, null, null));
        continue;
      }
      named.add(new Named(column, null, null, o.integer, o.havePrevious, o.first, o.firstRow, o.firstGroup, o.last,
          o.breaks, o.breakRow, o.breakGroup, o.breakValue, o.breakPrevious, o.nulls, o.nullRow, o.nullGroup, o.nans,
          o.nanRow, o.nanGroup));
    }
    List<Finding> badLeaves = new ArrayList<>();
    List<Declared> declaredOrders = declared ? declared(f, badLeaves) : List.of();
    return new State(named, badLeaves, declaredOrders);
  }

  /** Whether {@code current} may not follow {@code previous} (64 bits each, see {@link Named}). */
  private boolean outOfOrder(boolean integer, long previous, long current) {
    int cmp;
    if (integer) {
      cmp = Long.compare(current, previous);
    } else {
      double p = Double.longBitsToDouble(previous);
      double c = Double.longBitsToDouble(current);
      cmp = c == p ? 0 : Double.compare(c, p); // -0.0 and 0.0 are equal for ordering
    }
    return cmp < 0 || (strict && cmp == 0);
  }

  private static String text(boolean integer, long bits) {
    return integer ? Long.toString(bits) : Double.toString(Double.longBitsToDouble(bits));
  }

  /**
   * {@code a} then {@code b}, its next range: counts add up, a first place is the first range's that has one, and
   * the border compares the last value of {@code a} with the first of {@code b}, whose row comes before any break
   * inside {@code b}. The first range that could not be read makes the column not readable, as the whole-file scan
   * stops there.
   */
  private Named join(Named a, Named b) {
    if (a.misconfigured() != null || a.notReadable() != null) {
      return a;
    }
    if (b.misconfigured() != null || b.notReadable() != null) {
      return b;
    }
    boolean integer = a.integer() || b.integer();
    boolean border = a.hasValue() && b.hasValue() && outOfOrder(integer, a.last(), b.first());
    long breaks = a.breaks() + b.breaks() + (border ? 1 : 0);
    Long breakRow;
    Integer breakGroup;
    String breakValue;
    String breakPrevious;
    if (a.breaks() > 0) {
      breakRow = a.breakRow();
      breakGroup = a.breakGroup();
      breakValue = a.breakValue();
      breakPrevious = a.breakPrevious();
    } else if (border) {
      breakRow = b.firstRow();
      breakGroup = b.firstGroup();
      breakValue = text(integer, b.first());
      breakPrevious = text(integer, a.last());
    } else {
      breakRow = b.breakRow();
      breakGroup = b.breakGroup();
      breakValue = b.breakValue();
      breakPrevious = b.breakPrevious();
    }
    boolean nullsInA = a.nulls() > 0;
    boolean nansInA = a.nans() > 0;
    return new Named(a.column(), null, null, integer, a.hasValue() || b.hasValue(),
        a.hasValue() ? a.first() : b.first(), a.hasValue() ? a.firstRow() : b.firstRow(),
        a.hasValue() ? a.firstGroup() : b.firstGroup(), b.hasValue() ? b.last() : a.last(), breaks, breakRow,
        breakGroup, breakValue, breakPrevious, a.nulls() + b.nulls(), nullsInA ? a.nullRow() : b.nullRow(),
        nullsInA ? a.nullGroup() : b.nullGroup(), a.nans() + b.nans(), nansInA ? a.nanRow() : b.nanRow(),
        nansInA ? a.nanGroup() : b.nanGroup());
  }

  @Override
  public RuleResult merge(String display, List<State> parts) {
    List<Finding> findings = new ArrayList<>();
    List<String> observed = new ArrayList<>();
    String undetermined = null;
    for (int c = 0; c < columns.size(); c++) {
      Named o = RangeRule.folded(parts, State::columns, c, this::join);
      String column = o.column();
      if (o.misconfigured() != null) {
        findings.add(o.misconfigured());
        observed.add(column + ": not checkable");
        continue;
      }
      if (o.notReadable() != null) {
        undetermined = o.notReadable();
        observed.add(undetermined);
        continue;
      }
      if (o.breaks() > 0) {
        findings.add(new Finding(id(), severity, display, column, o.breakGroup(), o.breakRow(), o.breaks(),
            o.breakValue() + " follows " + o.breakPrevious() + "; values must be " + (strict ? "strictly increasing"
                : "non-decreasing")));
      }
      if (o.nulls() > 0) {
        findings.add(new Finding(id(), severity, display, column, o.nullGroup(), o.nullRow(), o.nulls(),
            "NULL value; values must not be null"));
      }
      if (o.nans() > 0) {
        findings.add(new Finding(id(), severity, display, column, o.nanGroup(), o.nanRow(), o.nans(),
            "NaN value; values must not be NaN"));
      }
      observed.add(column + (o.breaks() + o.nulls() + o.nans() == 0 ? ": " + (strict ? "increasing"
          : "non-decreasing") : ": " + o.breaks() + " inversions, " + o.nulls() + " nulls, " + o.nans() + " NaN"));
    }
    for (State p : parts) {
      findings.addAll(p.badLeaves());
    }
    DeclaredSummary orders = mergeDeclared(display, parts, findings);
    if (orders != null) {
      observed.add(orders.observed());
      if (orders.notReadable()) {
        undetermined = orders.observed();
      }
    }
    if (observed.isEmpty()) {
      observed.add("no declared sort order");
    }
    if (findings.isEmpty() && undetermined != null) {
      return RuleResult.undetermined(display, id(), severity, String.join("; ", observed));
    }
    return RuleResult.of(display, id(), severity, String.join("; ", observed), findings);
  }

  private static final String NOT_READABLE = "declared order: not readable: ";

  /** What the summary says of the declared orders, and whether that is why one could not be read. */
  private record DeclaredSummary(String observed, boolean notReadable) {}

  /**
   * The declared orders of the whole file from its ranges', adding their findings; what the summary says of them, or
   * null when the file declares none. The orders keep the order the file first declares them in; when a range could
   * not read one, the orders before it keep their findings and the summary says only why, as the whole-file check
   * does.
   */
  private DeclaredSummary mergeDeclared(String display, List<State> parts, List<Finding> findings) {
    Map<List<SortKey>, Declared> orders = new LinkedHashMap<>();
    List<List<SortKey>> sequence = new ArrayList<>();
    int failedAt = Integer.MAX_VALUE;
    String failure = null;
    for (State p : parts) {
      for (Declared d : p.declared()) {
        Declared acc = orders.get(d.keys());
        if (acc == null) {
          sequence.add(d.keys());
        }
        int at = sequence.indexOf(d.keys());
        if (d.notReadable() != null && at < failedAt) {
          failedAt = at;
          failure = d.notReadable();
        }
        orders.put(d.keys(), acc == null ? d : join(acc, d));
      }
    }
    if (failure == null && orders.isEmpty()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    int at = 0;
    for (Declared o : orders.values()) {
      if (at++ >= failedAt) {
        break;
      }
      String order = SortKey.describe(o.keys());
      if (o.checked().isEmpty()) {
        out.add("declared " + order + ": not checkable (" + o.stop() + ")");
        continue;
      }
      if (o.breaks() > 0) {
        findings.add(new Finding(id(), severity, display, o.breakColumn(), o.breakGroup(), o.breakRow(), o.breaks(),
            o.breakValue() + " follows " + o.breakPrevious() + ", but the row group declares the rows sorted by "
                + order + " (sorting_columns)"));
      }
      int n = o.groups();
      out.add("declared " + order + " in " + n + (n == 1 ? " row group: " : " row groups: ")
          + (o.breaks() == 0 ? "holds" : o.breaks() + " inversions")
          + (o.stop() == null ? "" : " (checked on " + String.join(", ", o.checked()) + "; " + o.stop() + ")"));
    }
    return failure != null ? new DeclaredSummary(failure, true) : new DeclaredSummary(String.join("; ", out), false);
  }

  /** One declared order over two ranges: row groups and breaks add up, the first break is the first range's. */
  private static Declared join(Declared a, Declared b) {
    boolean first = a.breaks() > 0;
    return new Declared(a.keys(), a.groups() + b.groups(), a.stop(), a.checked(), a.breaks() + b.breaks(),
        first ? a.breakRow() : b.breakRow(), first ? a.breakGroup() : b.breakGroup(),
        first ? a.breakColumn() : b.breakColumn(), first ? a.breakValue() : b.breakValue(),
        first ? a.breakPrevious() : b.breakPrevious(), null);
  }

  /**
   * Verifies each row group of the range's declared sort order over all its declared columns, lexicographically (a
   * tie on one column is broken by the next). Row groups declaring the same order are reported together: one state
   * per declared order, with its first offending row; a row group naming a leaf it does not have is a finding.
   */
  private List<Declared> declared(FileContext f, List<Finding> badLeaves) {
    FileLayout layout = f.layout();
    if (layout == null) {
      return List.of();
    }
    Map<List<SortKey>, List<Integer>> declared = new LinkedHashMap<>();
    for (RowGroupLayout g : layout.rowGroups().subList(f.fromGroup(), f.toGroup())) {
      if (g.sortingColumns().isEmpty()) {
        continue;
      }
      List<SortKey> keys = new ArrayList<>();
      for (SortingColumn sc : g.sortingColumns()) {
        if (sc.leaf() < 0 || sc.leaf() >= g.chunks().size()) {
          badLeaves.add(f.finding(this, null, g.index(), null, 1,
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
    List<Declared> out = new ArrayList<>();
    String failed = null;
    for (Map.Entry<List<SortKey>, List<Integer>> e : declared.entrySet()) {
      List<SortKey> keys = e.getKey();
      int n = e.getValue().size();
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
      List<String> names = checked.stream().map(SortKey::column).toList();
      if (failed != null || checked.isEmpty()) {
        out.add(new Declared(keys, n, stop, names, 0, null, null, null, null, null, null));
        continue;
      }
      RowOrder o = new RowOrder(checked);
      try {
        for (int g : e.getValue()) {
          o.startGroup();
          f.columns().scanRows(g, names, o::accept);
        }
      } catch (ArtifactException x) {
        failed = NOT_READABLE + x.messageWithoutFile();
        out.add(new Declared(keys, n, stop, names, 0, null, null, null, null, null, failed));
        continue;
      }
      out.add(new Declared(keys, n, stop, names, o.breaks, o.breakRow, o.breakGroup, o.breakColumn, o.breakValue,
          o.breakPrevious, null));
    }
    return out;
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
    long first;
    Long firstRow;
    Integer firstGroup;
    long last;

    Order(boolean strict) {
      this.strict = strict;
    }

    void accept(ValueChunk c) {
      integer = c.isInteger();
      int n = c.size();
      int i = 0;
      while (i < n) {
        if (havePrevious && c.valid() == null) {
          i = inOrder(c, i);
          if (i == n) {
            break;
          }
        }
        step(c, i++);
      }
    }

    /**
     * Skips the run of values from {@code i} that keep the order, in a loop over the chunk's own array that carries
     * only the previous value (the per-value path below asks the chunk for nulls, NaN and the kind each time, which
     * cost a validation half its time); returns the index of the first value that needs {@link #step}: one out of
     * order, a NaN, or {@code size} at the end. Only for a chunk without nulls, after a first value.
     */
    private int inOrder(ValueChunk c, int i) {
      int n = c.size();
      if (c.knownRowNumbers() && i < n) {
        // contiguous-ids, which ran first on the same chunk, found its values to be their rows: they rise by one
        // from firstRow + i, in order as a whole once the first of them is after the previous value
        long v = c.firstRow() + i;
        if (strict ? v > prevLong : v >= prevLong) {
          prevLong = c.firstRow() + n - 1;
          last = prevLong;
          return n;
        }
      }
      int from = i;
      if (c.longs() != null) {
        long[] a = c.longs();
        long p = prevLong;
        if (strict) {
          while (i < n && a[i] > p) {
            p = a[i++];
          }
        } else {
          while (i < n && a[i] >= p) {
            p = a[i++];
          }
        }
        prevLong = p;
        last = p;
      } else if (c.ints() != null) {
        int[] a = c.ints();
        // UInt32 compares as signed once its sign bit is flipped; the flip is undone for the state kept
        int flip = c.unsigned() ? Integer.MIN_VALUE : 0;
        long p = prevLong;
        if (i < n) {
          int q = (int) p ^ flip;
          if (strict) {
            while (i < n && (a[i] ^ flip) > q) {
              q = a[i++] ^ flip;
            }
          } else {
            while (i < n && (a[i] ^ flip) >= q) {
              q = a[i++] ^ flip;
            }
          }
          if (i > from) {
            p = c.longAt(i - 1);
          }
        }
        prevLong = p;
        last = p;
      } else {
        double[] a = c.doubles();
        double p = prevDouble;
        // NaN fails both comparisons and goes to step, which counts it; -0.0 and 0.0 compare equal here as there
        if (strict) {
          while (i < n && a[i] > p) {
            p = a[i++];
          }
        } else {
          while (i < n && a[i] >= p) {
            p = a[i++];
          }
        }
        if (i > from) {
          prevDouble = p;
          last = Double.doubleToRawLongBits(p);
        }
      }
      return i;
    }

    /** One value: a null, a NaN, the first value, or one compared with the previous. */
    private void step(ValueChunk c, int i) {
      long row = c.firstRow() + i;
      if (c.isNull(i)) {
        if (nulls++ == 0) {
          nullRow = row;
          nullGroup = c.rowGroup();
        }
        return;
      }
      if (!integer && Double.isNaN(c.doubles()[i])) {
        if (nans++ == 0) {
          nanRow = row;
          nanGroup = c.rowGroup();
        }
        return;
      }
      long value = integer ? c.longAt(i) : 0;
      if (havePrevious) {
        int cmp = integer ? Long.compare(value, prevLong) : Double.compare(c.doubles()[i], prevDouble);
        if (!integer && c.doubles()[i] == prevDouble) {
          cmp = 0; // -0.0 and 0.0 are equal for ordering
        }
        if (cmp < 0 || (strict && cmp == 0)) {
          if (breaks++ == 0) {
            breakRow = row;
            breakGroup = c.rowGroup();
            breakValue = integer ? Long.toString(value) : Double.toString(c.doubles()[i]);
            breakPrevious = integer ? Long.toString(prevLong) : Double.toString(prevDouble);
          }
        }
      }
      long bits = integer ? value : Double.doubleToRawLongBits(c.doubles()[i]);
      if (!havePrevious) {
        first = bits;
        firstRow = row;
        firstGroup = c.rowGroup();
      }
      last = bits;
      havePrevious = true;
      if (integer) {
        prevLong = value;
      } else {
        prevDouble = c.doubles()[i];
      }
    }
  }
}
