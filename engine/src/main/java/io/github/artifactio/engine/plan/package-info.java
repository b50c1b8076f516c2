/**
 * Work that splits across machines and results that merge: a {@link io.github.artifactio.engine.plan.WorkPlan} of
 * work units for a list of files, each unit a file or a range of it, and the deterministic, byte-balanced split of
 * those units into the shards of a job array ({@link io.github.artifactio.engine.plan.ShardSpec}).
 *
 * <p>Every process of a job array builds the same plan from the same arguments (the files' paths, sizes and
 * modification times, the split size, the tool's version), so no process has to send it to the others; the plan's
 * {@link io.github.artifactio.engine.plan.WorkPlan#id() id} is what their partial results carry, and a merge refuses
 * results of different plans. A plan has a {@link io.github.artifactio.engine.plan.WorkPlan#kind() kind}, the
 * command whose units it holds ({@code hash} cuts a large file into ranges of 1 MiB spans); a unit says its
 * {@link io.github.artifactio.engine.plan.WorkUnit#axis() axis}, so that kinds cutting files another way (row groups)
 * fit the same plan, split and merge. Every merge checks the shards its partial results claim with {@link
 * io.github.artifactio.engine.plan.ShardClaim#refusals}: each shard once, holding its units, none missing. A merge of
 * many files checks them first against a {@link io.github.artifactio.engine.plan.PlanSummary} (the plan's id and each
 * shard's {@link io.github.artifactio.engine.plan.UnitsDigest}, made from the plan's files streamed, without holding
 * the plan), and holds the plan only to name what is wrong.
 */
package io.github.artifactio.engine.plan;
