package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;

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
}
