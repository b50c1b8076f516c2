/**
 * Golden-file regression for Parquet artifacts: {@link io.github.artifactio.testkit.golden.GoldenFiles} compares an
 * artifact with a committed golden in layers (bytes, structure, per-column content digests, rows with
 * {@link io.github.artifactio.testkit.golden.Tolerance}s), keeps a text facet
 * ({@link io.github.artifactio.testkit.golden.ArtifactFacts}) beside each golden for review, and writes goldens only
 * as {@link io.github.artifactio.testkit.golden.GoldenMode} allows. The one-line form is
 * {@link io.github.artifactio.testkit.ArtifactAssertions#assertMatchesGolden}.
 */
package io.github.artifactio.testkit.golden;
