/**
 * Concatenation without re-encoding: Parquet artifacts combined by copying their column chunks byte for byte and
 * rewriting the footer around them.
 *
 * <p>Entry points:
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.concat.Concat#concat}: {@code concat(destination, inputs, ROWS, options)}
 *       splices the inputs' row groups one input after the other; {@code COLUMNS} joins their columns row group by
 *       row group ({@link io.github.artifactio.engine.concat.Axis});
 *   <li>{@link io.github.artifactio.engine.concat.SpliceWriter}: the streaming rows axis (open, append a whole file
 *       or chosen row groups, finish);
 *   <li>{@link io.github.artifactio.engine.concat.ConcatOptions}: checks, hashing, durability, buffers, re-encoding,
 *       footer entries, the caller's executor;
 *   <li>{@link io.github.artifactio.engine.concat.ConcatResult} and
 *       {@link io.github.artifactio.engine.concat.Provenance}: what was made, and where every output row came from
 *       (runs in the footer under {@code artifact_io.provenance}; {@link
 *       io.github.artifactio.engine.concat.Provenance#read} and {@code origin(row)} from the footer alone);
 *   <li>{@link io.github.artifactio.engine.concat.ConcatDataset} and
 *       {@link io.github.artifactio.engine.concat.Fingerprint}: a dataset folder with hard links to shared inputs,
 *       guarded by bounded fingerprints verified at open.
 * </ul>
 *
 * <p>Guarantees: every input's footer is read and checked before a byte is copied; pages are checked as they pass
 * (headers parse, CRC32s match, offset indexes point at the pages); the output is hashed while it is written and
 * appears at its destination whole or not at all; an input whose size or modification time moved between the reading
 * of its footer and the copy of its last byte is refused; the same inputs and options give the same bytes; memory is
 * the two buffers (16 MiB each by default) plus the footers, whatever the input sizes.
 *
 * <p>This package is the API. The machinery lives in {@code internal.parquet.splice}; the one piece here,
 * {@code Realignment}, re-encodes misaligned columns for the columns axis from the public reading, writing and
 * splicing APIs alone.
 */
package io.github.artifactio.engine.concat;
