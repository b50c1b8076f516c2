/**
 * The BLAKE3 machinery behind {@code engine.hash}; not API.
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.internal.blake3.Compress}: the scalar compression function (seven rounds
 *       unrolled, state in local ints, {@code VarHandle} little-endian word reads, no allocation per block) and the
 *       tree constants.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.ChunkHasher}: a back end, whole chunks to chaining values;
 *       {@link io.github.artifactio.engine.internal.blake3.Backends} picks the vector one (8 chunks per 256-bit
 *       vector, one lane per chunk) when {@code jdk.incubator.vector} is in the boot layer, and only ever names it
 *       by reflection so that a JVM without the module never links it; else the scalar one.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.TreeHasher}: incremental hashing with the chaining-value
 *       stack; stages input to 8-chunk groups so the vector back end always sees whole groups, and holds the last
 *       chunk back so that only the true root gets the ROOT flag.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.SubtreeParallel}: 1 MiB spans hashed to chaining values on
 *       the caller's engine context and merged with the same stack rule, for the same digest as the serial path.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.SpanTree}: the same spans arriving from any thread in any
 *       order while a stream is still growing (hash on write), merged as soon as they are contiguous.
 * </ul>
 *
 * <p>The vector back end's code shape is deliberate; the shapes that measured 20-50x slower on JDK 17 (unrolled
 * rounds in one huge method, {@code lanewise(ROR)}, register-renaming loops, 512-bit vectors) are listed on
 * {@code VectorChunkHasher}. A throughput guard in {@code it}'s {@code Blake3Bench} catches regressions.
 */
package io.github.artifactio.engine.internal.blake3;
