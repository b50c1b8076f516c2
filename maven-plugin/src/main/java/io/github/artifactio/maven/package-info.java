/**
 * The artifact-io Maven plugin's goals, kept thin: {@link io.github.artifactio.maven.ValidateMojo}
 * ({@code validate}), {@link io.github.artifactio.maven.VerifyManifestMojo} ({@code verify-manifest}) and {@link
 * io.github.artifactio.maven.InspectMojo} ({@code inspect}), plus the generated {@code help}. The two checking goals
 * read Maven's parameters into the checks module's {@code GateOptions} and {@code Goal}, run its {@code Gate} (the
 * same one the command line runs: file selection, the pool, suppressions, findings, summary table, reports, verdict),
 * log through {@link io.github.artifactio.maven.MavenLog} and turn the verdict into Maven's failures; {@link
 * io.github.artifactio.maven.AbstractCheckMojo} also keeps what only Maven has: {@code skip}, the reports of earlier
 * goals of the same build, and the warning when a goal typed by hand misses configuration written in an execution.
 * All goals are thread-safe and run without a project, where {@code ${project}} is Maven's stub with no file (the
 * folder Maven runs in stands in for the project's).
 */
package io.github.artifactio.maven;
