/**
 * {@code validate} over shards: a run's files planned as whole-file units ({@link
 * io.github.artifactio.engine.plan.WorkPlan#wholeFiles}), each shard checking its units and writing a {@link
 * ValidatePartial}, and {@link ShardedValidation#merge} joining the partials in file order into the {@link
 * io.github.artifactio.checks.Verdict} and reports of one unsharded run.
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
 * <p><b>Ranges of row groups</b> (a later step) would give a unit of a file a range {@code [from, to)} on the axis
 * {@code row-groups}; the rules that look across row groups would then return, besides findings, the first and last
 * key of the range and its counts, finished at merge; whole-file units keep the axis {@code file}, {@code [0, 1)}.
 *
 * <p>A sharded run does not use the result cache: its results are the shard's to report, not the cache's.
 */
package io.github.artifactio.checks.shard;
