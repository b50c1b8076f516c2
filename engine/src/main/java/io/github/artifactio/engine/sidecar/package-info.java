/**
 * The JSON sidecars of an artifact run and the artifact schema registry, compatible with the Rust engine (MuMDIA's
 * {@code mumdia-io} / {@code mumdia-core}): a report or manifest written by either engine reads in the other.
 *
 * <p>Entry points:
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.sidecar.ArtifactReport}: the {@code <artifact>.report.json} written beside
 *       each artifact ({@code writeFor}, {@code readFor}, {@code sidecarPathFor}), so a stage can be judged without
 *       opening its table;
 *   <li>{@link io.github.artifactio.engine.sidecar.Manifest} and
 *       {@link io.github.artifactio.engine.sidecar.ArtifactRecord}: a run's {@code manifest.json}, the provenance of
 *       every recorded artifact (content and config hashes, schema, producing stage);
 *   <li>{@link io.github.artifactio.engine.sidecar.SidecarJson}: the writer and readers behind them;
 *   <li>{@link io.github.artifactio.engine.sidecar.SchemaId} and
 *       {@link io.github.artifactio.engine.sidecar.SchemaRegistry}: which logical schema an artifact claims, how
 *       that is stamped into a table's footer, and which identifiers upstream has used;
 *   <li>{@link io.github.artifactio.engine.sidecar.SchemaGate}: the check that an artifact's footer, report and
 *       manifest record name the schema a reader expects, before a page is read.
 * </ul>
 *
 * <p>Why it is built this way:
 *
 * <ul>
 *   <li><b>Same bytes as upstream.</b> Field names, order and types follow the Rust structs, and the writer reproduces
 *       {@code serde_json::to_string_pretty} byte for byte (whitespace, escapes, sorted maps, float form, no trailing
 *       newline), so equal records hash equally whichever engine wrote them and diffs between the two are real.
 *   <li><b>Strict reading, tolerant of growth.</b> Duplicate keys, trailing content, missing fields, wrong types and
 *       values a Java long cannot hold are errors that name the file and the field or line; unknown fields are
 *       tolerated and kept, because upstream adds fields (the newest manifest has some we have not seen).
 *   <li><b>Atomic publication.</b> A sidecar appears whole or not at all (temporary file in the same folder, then a
 *       rename), so a crashed or failed write never leaves a truncated report next to a good artifact.
 *   <li><b>Immutable values.</b> Records copy their maps and JSON trees in and out; a report cannot change after it
 *       was validated.
 * </ul>
 */
package io.github.artifactio.engine.sidecar;
