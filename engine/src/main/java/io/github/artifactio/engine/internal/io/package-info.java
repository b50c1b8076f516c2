/**
 * File plumbing shared by every writer: {@link io.github.artifactio.engine.internal.io.AtomicFile} (temporary name in
 * the destination's folder, durable rename, cleanup of abandoned writes), {@link
 * io.github.artifactio.engine.internal.io.Leftovers} (temporary files of killed writers, removed by the next writer of
 * the same destination) and
 * {@link io.github.artifactio.engine.internal.io.BackgroundHasher} (blake3 of written bytes, 1 MiB span by span, on a
 * lane of the writer's engine context, helped by the writer's thread when its buffers run out and at the end) and
 * {@link io.github.artifactio.engine.internal.io.EarlyWriteback} (a durable write's device writes started on a spare
 * lane while the writer goes on, so the sync before publication waits for the last bytes only). Not API.
 */
package io.github.artifactio.engine.internal.io;
