/**
 * The checks of {@code validate} and {@code verify-manifest}, the gate around them and their reports, as plain classes
 * with no Maven type: the one code path that both the Maven plugin and the command line run, so the same files give the
 * same findings, messages and reports from either. They read Parquet only through the engine: its footer handle
 * ({@code TableFile}), its layout ({@code engine.layout}: framing, row groups, declared sort orders, the page walk) and
 * its streaming reader; nothing here parses Parquet or imports parquet-java ({@code ArchitectureTest}).
 *
 * <p>This package is the gate, where front ends start: {@link io.github.artifactio.checks.Gate#run} takes a
 * {@link io.github.artifactio.checks.Goal} ({@link io.github.artifactio.checks.ValidateGoal} or
 * {@link io.github.artifactio.checks.ManifestGoal}, built from the goal's own configuration) and
 * {@link io.github.artifactio.checks.GateOptions} (paths, include globs, fail thresholds, threads, cache, suppressions,
 * report folder, the dialect whose names the messages use). The gate selects the files
 * ({@link io.github.artifactio.checks.FileSets}), refuses a run that selects nothing
 * ({@link io.github.artifactio.checks.NoFilesException}), creates and closes the engine context, applies the
 * suppressions, logs through a {@link io.github.artifactio.checks.GateLog}, writes the reports when given a folder and
 * returns a {@link io.github.artifactio.checks.Verdict}. Below it, and run by it:
 * {@link io.github.artifactio.checks.ValidationPlan#build} resolves the configuration into rules;
 * {@link io.github.artifactio.checks.ParquetValidator} runs the plan's rules over Parquet files and
 * {@link io.github.artifactio.checks.ManifestVerifier} checks {@code manifest.json} files, both on the caller's
 * {@link io.github.artifactio.engine.EngineContext}.
 *
 * <p>The packages below the gate, which never use it ({@code ArchitectureTest}):
 *
 * <ul>
 *   <li>{@code result}: the findings vocabulary every other package speaks: {@code Finding}, {@code Severity},
 *       {@code RuleResult}, {@code Status}, {@code Outcome} (every result of a goal), the rule ids, and
 *       {@code ConfigurationException} for a misconfiguration.
 *   <li>{@code config}: what the user configures, in the POM, a JSON file or on the command line: checks, contracts,
 *       suppressions, the configuration file, the names each front end gives a setting ({@code Dialect}), the glob
 *       rule.
 *   <li>{@code rules}: one file a rule ({@code StructureRule}, {@code CodecRule}, {@code StringTypeRule},
 *       {@code ContiguousIdsRule}, {@code AscendingRule}, {@code ReferencesRule}, {@code ContractRule}), what they read
 *       through ({@code FileContext}; content rules through {@code ColumnSource}, fed by {@code BatchColumnSource} in
 *       batches of 65,536 rows, so a rule's memory does not grow with a row group) and {@code RuleFailure}: whatever a
 *       rule throws on a file becomes a finding on that file, so one bad file never ends a goal.
 *   <li>{@code report}: {@code validation.json}, the JUnit XML and the summary table ({@code Reports}), and the cache
 *       that makes a second run over unchanged files read nothing ({@code ResultCache}), and the spool a merge writes
 *       its results to once and its reports from ({@code ResultSpool}).
 * </ul>
 *
 * <p><b>Shards.</b> {@code validate} runs over shards too: {@link io.github.artifactio.checks.ShardedValidation} plans
 * a run's files as units ({@link io.github.artifactio.engine.plan.WorkPlan#rowGroups}: a file each, or a range of row
 * groups each for a file past the split size), checks one shard's
 * units into a {@link io.github.artifactio.checks.ValidatePartial} and merges every shard's partial in file order,
 * through {@link io.github.artifactio.checks.Gate#finish}, into the verdict and reports of one unsharded run. The
 * command line's merge holds no per-file result: it walks the partials' units twice, a few partials at a time, and
 * {@code Gate.finish} over {@link io.github.artifactio.checks.Gate.Results} keeps only the results with a finding
 * (a suppressed one, or no decision), writing the summary table and reports as the results come.
 *
 * <p><b>Why joining per-file results is exact.</b> Every rule of {@code validate} ({@code structure}, {@code codec},
 * {@code string-type}, {@code contract}, {@code contiguous-ids}, {@code ascending}, {@code references}) checks one file
 * from its own {@code FileContext}: {@code contiguous-ids} and {@code ascending} look across the row groups of one
 * file, never across files, and {@code references} reads the one file it names beside the checked file. No rule
 * carries state from one file to the next. The one check over the set of files is that each contract matches some
 * file of the run; every shard makes it over the whole plan, so a shard without a matching file does not refuse.
 *
 * <p><b>Order and counts.</b> An outcome lists results in file order (the selection's order), each file's in rule
 * order; {@code validation.json}, the JUnit XML, the summary table and the failure message (the first failing
 * finding) all follow that order, and their counts (files, results, pass, warn, fail, undetermined, findings, files
 * opened, bytes read) are sums over files. A merge therefore concatenates the units' results in plan order and adds
 * the shards' read counts; suppressions and the verdict are applied once, after the merge, as the unsharded run
 * applies them after checking. The times rules took are carried but differ from run to run.
 *
 * <p><b>Ranges of row groups.</b> A unit of a file past the split size is a range {@code [from, to)} on the axis
 * {@code row-groups}. The rules that look across row groups ({@code structure}, {@code contiguous-ids},
 * {@code ascending}) are {@link io.github.artifactio.checks.rules.RangeRule}s: over a range they return a state
 * (counts, first offending places with their file rows, the first and last key of an ordered column), and the merge
 * joins a file's states in file order into the result of the file checked whole; the others run once, in the file's
 * first range ({@link io.github.artifactio.checks.ParquetValidator#runRange}, {@code mergeRanges}). One machine
 * checks the ranges of a large file on its threads the same way.
 *
 * <p>A sharded run does not use the result cache: its results are the shard's to report, not the cache's.
 */
package io.github.artifactio.checks;
