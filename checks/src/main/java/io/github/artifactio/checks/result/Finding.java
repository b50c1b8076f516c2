package io.github.artifactio.checks.result;

import java.util.Objects;

/**
 * One violation of one rule in one file: where it is (column, row group, first offending row, each where it
 * applies), what was found, and how many values or records violate the rule. Rows are 0-based file rows, as in the
 * Rust engine's messages.
 *
 * @param file the file as the report shows it (relative to the checked folder)
 * @param column the column, or null for a file-level finding
 * @param rowGroup the row group of the first violation, or null
 * @param row the first offending file row, or null
 * @param count how many values, chunks or records violate the rule (at least 1)
 * @param detail what is wrong, without the location (the message adds it)
 */
public record Finding(
    String rule, Severity severity, String file, String column, Integer rowGroup, Long row, long count,
    String detail) {
  public Finding {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(detail, "detail");
    if (count < 1) {
      throw new IllegalArgumentException("a finding counts at least one violation, got " + count);
    }
  }

  /**
   * The one-line message: {@code [rule] file, column 'c', row group g: detail (first offending row r; n violations)}.
   */
  public String message() {
    StringBuilder b = new StringBuilder("[").append(rule).append("] ").append(file);
    if (column != null) {
      b.append(", column '").append(column).append('\'');
    }
    if (rowGroup != null) {
      b.append(", row group ").append(rowGroup);
    }
    b.append(": ").append(detail).append(" (");
    if (row != null) {
      b.append("first offending row ").append(row).append("; ");
    }
    return b.append(count).append(count == 1 ? " violation)" : " violations)").toString();
  }

  /** The same finding reported for {@code otherFile}: cached findings are stored without their path. */
  public Finding withFile(String otherFile) {
    return new Finding(rule, severity, otherFile, column, rowGroup, row, count, detail);
  }
}
