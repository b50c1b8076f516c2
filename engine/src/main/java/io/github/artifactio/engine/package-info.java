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
 *   <li>{@link io.github.artifactio.engine.inspect.Inspector}: what is in a file.
 * </ul>
 *
 * <p>Every error about an artifact is an {@link io.github.artifactio.engine.ArtifactException} naming the file and,
 * where they apply, the column, row group and row. Packages named {@code internal} are not API: they hold the
 * parquet-java and Arrow bridge ({@code internal.parquet}), file publication ({@code internal.io}), the blake3 core
 * ({@code internal.blake3}) and the one place that hands work to other threads ({@code internal.concurrent}).
 */
package io.github.artifactio.engine;
