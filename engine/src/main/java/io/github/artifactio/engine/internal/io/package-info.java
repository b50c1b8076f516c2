/**
 * File plumbing shared by every writer: {@link io.github.artifactio.engine.internal.io.AtomicFile} (temporary name in
 * the destination's folder, durable rename, cleanup of abandoned writes), {@link
 * io.github.artifactio.engine.internal.io.Leftovers} (temporary files of killed writers, removed by the next writer of
 * the same destination) and
 * {@link io.github.artifactio.engine.internal.io.BackgroundHasher} (blake3 of written bytes, 1 MiB span by span, on a
 * lane of the writer's engine context, helped by the writer's thread when its buffers run out and at the end). Not
 * API.
 */
package io.github.artifactio.engine.internal.io;
