/**
 * BLAKE3 content hashes: the {@code content_hash} of artifacts and the {@code config_hash} of stage configurations.
 *
 * <p>Entry points: {@link io.github.artifactio.engine.hash.Blake3} (files, arrays, strings; {@code hashFile(Path,
 * EngineContext)} spreads 1 MiB subtrees over the caller's engine context), {@link
 * io.github.artifactio.engine.hash.Blake3Hasher} (incremental), {@link
 * io.github.artifactio.engine.hash.HashingOutputStream} (hash while writing) and the value type {@link
 * io.github.artifactio.engine.hash.ContentHash} (64 lower-case hex characters).
 *
 * <p>Why it looks like this (design notes, measured on the 2-vCPU build machine): a scalar Java core tops out around
 * 0.5 GB/s per core whatever its shape, so speed comes from hashing many chunks side by side and from threads. Subtree
 * parallelism scales almost perfectly (about 1.98x on two vCPUs) and yields the serial digest; it runs on an engine
 * context the caller passes in, because a library must not own thread pools. The Vector API gives about 4x per core
 * (512-bit vectors), but only when the JVM runs with {@code --add-modules jdk.incubator.vector}; without it, 256
 * chunks in plain Java loops over their lanes, which C2 vectorises by itself on CPUs with AVX2, give 3.5x in any JVM;
 * elsewhere the scalar back end runs. Digests are the same on all ({@link
 * io.github.artifactio.engine.hash.Blake3#backend()} says which). A writer asked for a content hash ({@code
 * WriteOptions.builder().contentHash()}) hashes its bytes as it writes them, 1 MiB span by span on a thread of the
 * writer's engine context, so the hash costs about nothing on top of the write (1.01x an unhashed write in the write
 * benchmark, median of back-to-back pairs; see docs/benchmarks.md): hash while writing rather than re-reading the
 * finished file.
 */
package io.github.artifactio.engine.hash;
