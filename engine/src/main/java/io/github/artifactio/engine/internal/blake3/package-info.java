/**
 * The BLAKE3 machinery behind {@code engine.hash}; not API.
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.internal.blake3.Compress}: the scalar compression function (seven rounds
 *       unrolled, state in local ints, {@code VarHandle} little-endian word reads, no allocation per block) and the
 *       tree constants.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.ChunkHasher}: a back end, whole chunks to chaining values;
 *       {@link io.github.artifactio.engine.internal.blake3.Backends} picks the vector one (8 or 16 chunks per 256- or
 *       512-bit vector, one lane per chunk) when {@code jdk.incubator.vector} is in the boot layer, and only ever
 *       names it by reflection so that a JVM without the module never links it; else the lane-loop one ({@link
 *       io.github.artifactio.engine.internal.blake3.LaneChunkHasher}, 256 chunks in plain loops that C2 vectorises)
 *       where the JVM reports AVX2 or better; else the scalar one.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.TreeHasher}: incremental hashing with the chaining-value
 *       stack; stages input to the back end's group (256 chunks for the wide back ends, 16 for the scalar one) so it
 *       always sees whole groups, hashes each group's parents level by level on the back end (side by side on the
 *       lane loops, also for the vector back end), and holds the last chunk back so that only the true root gets the
 *       ROOT flag.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.SubtreeParallel}: 1 MiB spans hashed to chaining values on
 *       the caller's engine context and merged with the same stack rule, for the same digest as the serial path.
 *   <li>{@link io.github.artifactio.engine.internal.blake3.SpanTree}: the same spans arriving from any thread in any
 *       order while a stream is still growing (hash on write), merged as soon as they are contiguous.
 * </ul>
 *
 * <p>The vector and lane-loop back ends' code shapes are deliberate; the shapes that measured slower on JDK 17 are
 * listed on {@code VectorChunkHasher} and {@code LaneChunkHasher}. A throughput guard in {@code it}'s
 * {@code Blake3Bench} catches regressions.
 */
package io.github.artifactio.engine.internal.blake3;
