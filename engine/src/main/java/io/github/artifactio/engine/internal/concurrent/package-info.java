/**
 * The engine's one threading model, behind the public {@link io.github.artifactio.engine.EngineContext}; not API, and
 * the only code in the project that hands work to another thread or makes one (an architecture test holds every other
 * package to that).
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.internal.concurrent.Workers}: the context itself (created, wrapped or
 *       serial) and its three uses: {@code forEach}/{@code map}, a fan-out the calling thread takes part in, granted a
 *       <em>turn</em> while fewer callers than threads hold one (the claim count); {@code lane()}, a turn held for
 *       background work that comes in bursts (hash on write), one task at a time, and {@code spareLane()}, one granted
 *       only while another turn stays free (a durable write's early syncs); {@code offer}, a short task
 *       nobody waits for (span prefetch).
 *   <li>{@link io.github.artifactio.engine.internal.concurrent.FanOut}: indexes claimed from one counter by the caller
 *       and the helpers alike, each thread with its own local state, the first failure rethrown.
 *   <li>{@link io.github.artifactio.engine.internal.concurrent.Skippable}: a helper task its submitter skips if it has
 *       not started, so no caller ever waits on queued work: a saturated executor, or a caller on the context's own
 *       thread, cannot deadlock.
 *   <li>{@link io.github.artifactio.engine.internal.concurrent.Lane} and
 *       {@link io.github.artifactio.engine.internal.concurrent.DaemonThreads} (named daemon threads of a created
 *       context).
 * </ul>
 *
 * <p>Users: the writer's column encoders, its hasher and its early syncs ({@code internal.parquet.StreamingWriter},
 * {@code internal.io.BackgroundHasher}, {@code internal.io.EarlyWriteback}), the scan's column groups and span
 * prefetch ({@code internal.parquet.Scan}, {@code SpanCache}), subtree-parallel file hashing
 * ({@code internal.blake3.SubtreeParallel}), and, through {@code EngineContext.map}, the Maven plugin's files and
 * manifest records.
 */
package io.github.artifactio.engine.internal.concurrent;
