/**
 * The testkit for stage projects: {@link io.github.artifactio.testkit.ArtifactAssertions} compares artifacts byte for
 * byte and says where they part. Property-based fixtures and golden files come with the testkit issue.
 */
package io.github.artifactio.testkit;
