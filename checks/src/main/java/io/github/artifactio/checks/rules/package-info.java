/**
 * The rules of {@code validate}, one file a rule, and what they read through. A {@link
 * io.github.artifactio.checks.rules.Rule} checks one file through a {@code FileContext} (the footer handle, the
 * layout, the streaming reader, read accounting). {@code StructureRule}'s full scan is the engine's walk with values,
 * summed up by {@code PageChecks} and {@code ValueDecode}; content rules ({@code ContiguousIdsRule},
 * {@code AscendingRule} with {@code SortKey}, {@code ReferencesRule}) read one column in row order, chunk by chunk
 * ({@code ColumnSource}, {@code ValueChunk}), fed by {@code BatchColumnSource} in batches of 65,536 rows with O(1) rule
 * state. {@code EngineErrors} turns the engine's typed errors into finding text; {@code RuleFailure} makes whatever a
 * rule throws a finding on that file. Uses {@code result} and {@code config}; never the reports or the gate.
 */
package io.github.artifactio.checks.rules;
