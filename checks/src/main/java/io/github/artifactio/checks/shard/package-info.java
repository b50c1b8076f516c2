/**
 * The sharded work of {@code hash} and {@code verify-manifest}: their units checked one at a time or a shard at a
 * time, their partial reports, and the merges of the partial reports into what one unsharded run prints and decides.
 * Both front ends that split work use these classes and nothing else to split and merge: the command line's
 * {@code --shard I/N} and {@code merge} (a Slurm job array), and the Spark module (one task per unit, merged on the
 * driver), so that the two give the same digests, findings and verdict as one run. {@code validate}'s counterparts
 * are {@link io.github.artifactio.checks.ShardedValidation} and {@link io.github.artifactio.checks.ValidatePartial}.
 *
 * <ul>
 * <li>{@link io.github.artifactio.checks.shard.HashPartial}: a {@code hash} shard's partial report (its plan and each
 * unit's subtree chaining values or error), written to and read from a file, or a unit's result as a JSON text.
 * <li>{@link io.github.artifactio.checks.shard.ShardedHash}: a {@code hash} unit or shard hashed, the refusals of a
 * set of partial reports that is not every shard of one plan, and their merge into each file's digest.
 * <li>{@link io.github.artifactio.checks.shard.ManifestShards}: the plan of a {@code verify-manifest} run (one unit
 * per manifest, per record, or per range of a large record file), a unit or a shard checked, and its partial report.
 * <li>{@link io.github.artifactio.checks.shard.ManifestMerge}: the refusals of a set of {@code verify-manifest}
 * partial reports, the command line the shards ran with, and verify-manifest's goal with its outcome read from the
 * reports instead of the files.
 * <li>{@link io.github.artifactio.checks.shard.PlanFile}: the file beside a job array's partial reports that holds
 * their plan's files, written once for every shard ({@code hash} and {@code validate} reports name it).
 * <li>{@link io.github.artifactio.checks.shard.B3sumLines}: the line format of {@code b3sum}, which {@code hash} and
 * its merges print.
 * </ul>
 */
package io.github.artifactio.checks.shard;
