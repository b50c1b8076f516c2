/**
 * File plumbing shared by every writer: {@link io.github.artifactio.engine.internal.io.AtomicFile} (temporary name in
 * the destination's folder, durable rename, cleanup of abandoned writes) and
 * {@link io.github.artifactio.engine.internal.io.BackgroundHasher} (blake3 of written bytes on the writer's own
 * thread). Not API.
 */
package io.github.artifactio.engine.internal.io;
