/**
 * The checks of {@code validate} and {@code verify-manifest}, the gate around them and their reports, as plain classes
 * with no Maven type: the one code path that both the Maven plugin and the command line run, so the same files give the
 * same findings, messages and reports from either. They read Parquet only through the engine: its footer handle ({@code
 * TableFile}), its layout ({@code engine.layout}: framing, row groups, declared sort orders, the page walk) and its
 * streaming reader; nothing here parses Parquet or imports parquet-java ({@code ArchitectureTest}).
 *
 * <p>Front ends start at {@link io.github.artifactio.checks.Gate#run}: a {@link io.github.artifactio.checks.Goal}
 * ({@link io.github.artifactio.checks.ValidateGoal} or {@link io.github.artifactio.checks.ManifestGoal}, built from the
 * goal's own configuration) and {@link io.github.artifactio.checks.GateOptions} (paths, include globs, fail thresholds,
 * threads, cache, suppressions, report folder, and the {@link io.github.artifactio.checks.Dialect} whose names the
 * messages use). The gate selects the files ({@link io.github.artifactio.checks.FileSets}), refuses a run that selects
 * nothing ({@link io.github.artifactio.checks.NoFilesException}), creates and closes the engine context, applies the
 * {@link io.github.artifactio.checks.Suppression}s, logs through a {@link io.github.artifactio.checks.GateLog}, writes
 * the reports when given a folder and returns a {@link io.github.artifactio.checks.Verdict}.
 *
 * <p>Below the gate: {@link io.github.artifactio.checks.ValidationPlan#build} resolves the configuration (checks,
 * contracts, rule selections) and refuses a misconfiguration with a {@link
 * io.github.artifactio.checks.ConfigurationException}; {@link io.github.artifactio.checks.ParquetValidator} runs the
 * plan's {@link io.github.artifactio.checks.Rule}s over Parquet files and {@link
 * io.github.artifactio.checks.ManifestVerifier} checks {@code manifest.json} files, both on the caller's {@link
 * io.github.artifactio.engine.EngineContext} and both returning an {@link io.github.artifactio.checks.Outcome} of every
 * {@link io.github.artifactio.checks.RuleResult} and {@link io.github.artifactio.checks.Finding}; {@link
 * io.github.artifactio.checks.Reports} writes {@code validation.json}, the JUnit XML and the summary table; {@link
 * io.github.artifactio.checks.ResultCache} makes a second run over unchanged files read nothing. {@link
 * io.github.artifactio.checks.StructureRule}'s full scan is the engine's walk with values, summed up by {@code
 * PageChecks} and {@code ValueDecode}. Whatever a rule throws on a file becomes a finding on that file ({@code
 * RuleFailure}: "could not be checked: ..."), so one bad file never ends a goal.
 *
 * <p>Content rules read through {@link io.github.artifactio.checks.ColumnSource} (one column, row order, chunk by
 * chunk, O(1) rule state); {@link io.github.artifactio.checks.BatchColumnSource} feeds it from the engine's streaming
 * reader in batches of 65,536 rows, so a rule's memory does not grow with a row group.
 */
package io.github.artifactio.checks;
