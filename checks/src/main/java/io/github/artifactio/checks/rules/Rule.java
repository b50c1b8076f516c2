package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
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

  /**
   * Whether this rule reads the pages of {@code chunk} (of row group {@code group}): validate weighs a file's check
   * by the bytes of the chunks its rules read when it decides whether cutting the file into ranges for idle workers
   * pays. Rules that read only the footer read none (the default).
   */
  default boolean readsPages(RowGroupLayout group, ColumnChunkLayout chunk) {
    return false;
  }

  /** Whether a chunk's leaf {@code path} is, or lies under, one of {@code columns} (a list's items under the list). */
  static boolean under(List<String> columns, String path) {
    for (String c : columns) {
      if (path.equals(c) || path.startsWith(c + ".")) {
        return true;
      }
    }
    return false;
  }
}
