package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import java.util.List;

/**
 * One configured check, applied to one file at a time. Implementations are immutable and thread-safe: the
 * validator runs files in parallel. A rule collects every finding before it returns; it never stops at the first.
 */
public interface Rule {
  /** The rule id: {@code structure}, {@code codec}, {@code string-type}, ... (see {@link RuleIds}). */
  String id();

  Severity severity();

  /**
   * Everything about this rule's configuration that changes its verdict, as canonical text: part of the cache key,
   * so that changing a rule's configuration re-checks every file.
   */
  String fingerprint();

  RuleResult check(FileContext file);

  /**
   * The columns this rule streams through {@link ColumnSource#scan} (once each), so that the validator can have a
   * column that several rules scan decoded once ({@link BatchColumnSource#sharing}). Only {@link RangeRule}s say
   * what they scan: they scan the same row groups in a file's ranges as in the whole file, so a file checked in ranges
   * reads and opens what it reads and opens whole; a file-level rule scanning the whole file from its first range
   * would replay only that range's row groups.
   */
  default List<String> scannedColumns() {
    return List.of();
  }
}
