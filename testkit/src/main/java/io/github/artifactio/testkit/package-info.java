/**
 * The testkit for stage projects. Entry points:
 *
 * <ul>
 *   <li>{@link io.github.artifactio.testkit.ArtifactAssertions}: byte identity with the first differing byte, column
 *       equality with floats by bit pattern, and {@code assertMatchesGolden} (layered golden files, see
 *       {@link io.github.artifactio.testkit.golden});
 *   <li>{@link io.github.artifactio.testkit.ArtifactProperties}: determinism, chunking and thread-count invariance,
 *       hash on write and round trip as one-line properties, for the engine's writers
 *       ({@link io.github.artifactio.testkit.WriterProperties}) and for a user's
 *       {@link io.github.artifactio.testkit.Stage} ({@link io.github.artifactio.testkit.StageProperties}); a shrunk
 *       failure is saved by {@link io.github.artifactio.testkit.FailureArchive};
 *   <li>the generators of {@link io.github.artifactio.testkit.gen} and the property engine of
 *       {@link io.github.artifactio.testkit.property}.
 * </ul>
 */
package io.github.artifactio.testkit;
