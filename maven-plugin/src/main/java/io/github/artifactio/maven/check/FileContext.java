package io.github.artifactio.maven.check;

import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;

/**
 * What the rules see of one file: its path and display name, the raw framing and footer, the engine's footer handle
 * (null when the footer does not open, with the reason), and the column source content rules stream from.
 */
public final class FileContext {
  private final Path path;
  private final String display;
  private final RawFooter raw;
  private final TableFile table;
  private final String tableError;
  private final ColumnSource columns;
  private final ReadAccounting accounting;

  public FileContext(
      Path path, String display, RawFooter raw, TableFile table, String tableError, ColumnSource columns,
      ReadAccounting accounting) {
    this.path = path;
    this.display = display;
    this.raw = raw;
    this.table = table;
    this.tableError = tableError;
    this.columns = columns;
    this.accounting = accounting;
  }

  public Path path() {
    return path;
  }

  /** The file as messages name it. */
  public String display() {
    return display;
  }

  /** The framing and Thrift footer; null when the file could not be read at all. */
  public RawFooter raw() {
    return raw;
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
