/**
 * The artifact-io Maven plugin's goals, kept thin: {@link io.github.artifactio.maven.ValidateMojo}
 * ({@code validate}), {@link io.github.artifactio.maven.VerifyManifestMojo} ({@code verify-manifest}) and {@link
 * io.github.artifactio.maven.InspectMojo} ({@code inspect}), plus the generated {@code help}. They read parameters,
 * find the files, create and close their own engine context, and hand over to the plain classes of {@code
 * io.github.artifactio.maven.check}, which collect every finding; {@link io.github.artifactio.maven.AbstractCheckMojo}
 * logs the findings and the summary table, writes the reports and fails the build once. All goals are thread-safe and
 * run without a project, where {@code ${project}} is Maven's stub with no file (the folder Maven runs in stands in for
 * the project's).
 */
package io.github.artifactio.maven;
