/**
 * The reports of the goals: {@code validation.json} (every goal run of a build, one run each), the JUnit XML and the
 * summary table ({@code Reports}), and the result cache keyed by file identity ({@code ResultCache},
 * {@code FileIdentity}) that lets a second run over unchanged files read nothing. Uses the {@code result} package only.
 */
package io.github.artifactio.checks.report;
