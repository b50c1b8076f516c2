package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;

/**
 * What the rules see of one file: its path and display name, the engine's layout of its footer (null when the framing
 * or the footer is broken, with the problem), the engine's footer handle (null when the footer does not open, with the
 * reason), and the column source content rules stream from. The layout and the handle come from one read of the
 * footer.
 *
 * <p>A context may stand for a range of the file's row groups ({@link #fromGroup()} to {@link #toGroup()}): a
 * {@link RangeRule} checks only those, and the unit of the first range owns what is said of the file once (its footer
 * read and open in the accounting, the rules that are not range rules).
 */
public final class FileContext {
  private final Path path;
  private final String display;
  private final FileLayout layout;
  private final String footerProblem;
  private final TableFile table;
  private final String tableError;
  private final ColumnSource columns;
  private final ReadAccounting accounting;
  private final int fromGroup;
  private final int toGroup;

  /** The context of the whole file. */
  public FileContext(
      Path path, String display, FileLayout layout, String footerProblem, TableFile table, String tableError,
      ColumnSource columns, ReadAccounting accounting) {
    this(path, display, layout, footerProblem, table, tableError, columns, accounting, 0,
        layout == null ? 0 : layout.rowGroups().size());
  }

  /** The context of row groups {@code [fromGroup, toGroup)} of the file. */
  public FileContext(
      Path path, String display, FileLayout layout, String footerProblem, TableFile table, String tableError,
      ColumnSource columns, ReadAccounting accounting, int fromGroup, int toGroup) {
    this.path = path;
    this.display = display;
    this.layout = layout;
    this.footerProblem = footerProblem;
    this.table = table;
    this.tableError = tableError;
    this.columns = columns;
    this.accounting = accounting;
    this.fromGroup = fromGroup;
    this.toGroup = toGroup;
  }

  /** The first row group a range rule checks. */
  public int fromGroup() {
    return fromGroup;
  }

  /** The row group after the last one a range rule checks. */
  public int toGroup() {
    return toGroup;
  }

  /** Whether this context owns what is said of the file once: it is the whole file or its first range. */
  public boolean ownsFile() {
    return fromGroup == 0;
  }

  public Path path() {
    return path;
  }

  /** The file as messages name it. */
  public String display() {
    return display;
  }

  /**
   * The file's layout as its footer declares it; null when the framing or footer is broken (see
   * {@link #footerProblem()}).
   */
  public FileLayout layout() {
    return layout;
  }

  /** Why there is no layout: the broken framing or footer, or the file that could not be read; null with a layout. */
  public String footerProblem() {
    return footerProblem;
  }

  /** The engine's footer handle, or null (see {@link #tableError()}). */
  public TableFile table() {
    return table;
  }

  public String tableError() {
    return tableError;
  }

  public ColumnSource columns() {
    return columns;
  }

  public ReadAccounting accounting() {
    return accounting;
  }

  /** A finding in this file. */
  public Finding finding(Rule rule, String column, Integer rowGroup, Long row, long count, String detail) {
    return new Finding(rule.id(), rule.severity(), display, column, rowGroup, row, count, detail);
  }

  /** A finding that is a misconfiguration met at run time (a missing column): always an ERROR. */
  public Finding misconfigured(Rule rule, String column, String detail) {
    return new Finding(rule.id(), Severity.ERROR, display, column, null, null, 1, detail);
  }

  /** The verdict "this rule cannot look at this file": the footer did not open. */
  public RuleResult footerUnreadable(Rule rule) {
    return RuleResult.undetermined(display, rule.id(), rule.severity(), "footer unreadable: " + tableError);
  }
}
