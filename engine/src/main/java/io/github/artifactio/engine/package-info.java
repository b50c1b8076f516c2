/**
 * artifact-io's engine: the on-disk contract layer for pipeline stages that exchange Parquet artifacts.
 *
 * <p>Where to start:
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.column}: declare a table as a list of typed
 *       {@link io.github.artifactio.engine.column.Column} records;
 *   <li>{@link io.github.artifactio.engine.table.TableWriter}: write it (one call, or chunk by chunk), optionally
 *       hashing what is written;
 *   <li>{@link io.github.artifactio.engine.EngineContext}: the threads a writer, a scan or a file hash may use, owned
 *       and closed by the caller ({@link io.github.artifactio.engine.EngineContext#serial()} starts none);
 *   <li>{@link io.github.artifactio.engine.table.Table} and {@link io.github.artifactio.engine.table.TableFile}: read
 *       it back, whole or from the footer alone;
 *   <li>{@link io.github.artifactio.engine.sidecar}: the {@code .report.json} and {@code manifest.json} sidecars and
 *       the schema registry; {@link io.github.artifactio.engine.hash.Blake3}: content hashes;
 *   <li>{@link io.github.artifactio.engine.concat.Concat}: combine artifacts by rows or columns without re-encoding;
 *   <li>{@link io.github.artifactio.engine.inspect.Inspector}: what is in a file;
 *   <li>{@link io.github.artifactio.engine.layout.FileLayout}: how a file is laid out (row groups, declared sort
 *       orders, column chunks, page indexes) and a walk over every page (CRC, decompression), for tools that check
 *       files.
 * </ul>
 *
 * <p>Every error about an artifact is an {@link io.github.artifactio.engine.ArtifactException} carrying the file and,
 * where they apply, the column, row group and row, rendered in one format ({@code FILE, column 'c', row group g, row
 * r: DETAIL}); a broken Parquet framing or footer is a
 * {@link io.github.artifactio.engine.FooterException} saying which problem it is. Packages named {@code internal} are
 * not API (no other module may use them: {@code ArchitectureTest}): they hold the parquet-java and Arrow bridge with
 * the one footer reader and page walker ({@code internal.parquet}), file publication ({@code internal.io}), the blake3
 * core ({@code internal.blake3}) and the one place that hands work to other threads ({@code internal.concurrent}).
 */
package io.github.artifactio.engine;
