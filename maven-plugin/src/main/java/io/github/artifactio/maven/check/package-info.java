/**
 * The checks of the artifact-io Maven plugin, as plain classes with no Maven type, so they are unit-tested without
 * Maven and the goals stay thin. They read Parquet only through the engine: its footer handle
 * ({@code TableFile}), its layout ({@code engine.layout}: framing, row groups, declared sort orders, the page walk)
 * and its streaming reader; nothing here parses Parquet or imports parquet-java ({@code ArchitectureTest}).
 *
 * <p>Entry points: {@link io.github.artifactio.maven.check.ValidationPlan#build} resolves the configuration (checks,
 * contracts, rule selections) and refuses a misconfiguration with a {@link
 * io.github.artifactio.maven.check.ConfigurationException}; {@link io.github.artifactio.maven.check.ParquetValidator}
 * runs the plan's {@link io.github.artifactio.maven.check.Rule}s over Parquet files and {@link
 * io.github.artifactio.maven.check.ManifestVerifier} checks {@code manifest.json} files, both on the caller's {@link
 * io.github.artifactio.engine.EngineContext} and both returning an {@link io.github.artifactio.maven.check.Outcome} of
 * every {@link io.github.artifactio.maven.check.RuleResult} and {@link io.github.artifactio.maven.check.Finding};
 * {@link io.github.artifactio.maven.check.Reports} writes {@code validation.json}, the JUnit XML and the summary table;
 * {@link io.github.artifactio.maven.check.ResultCache} makes a second run over unchanged files read nothing.
 * {@link io.github.artifactio.maven.check.StructureRule}'s full scan is the engine's walk with values, summed up by
 * {@code PageChecks} and {@code ValueDecode}. Whatever a rule throws on a file becomes a finding on that file
 * ({@code RuleFailure}: "could not be checked: ..."), so one bad file never ends a goal.
 *
 * <p>Content rules read through {@link io.github.artifactio.maven.check.ColumnSource} (one column, row order, chunk
 * by chunk, O(1) rule state); {@link io.github.artifactio.maven.check.BatchColumnSource} feeds it from the engine's
 * streaming reader in batches of 65,536 rows, so a rule's memory does not grow with a row group.
 */
package io.github.artifactio.maven.check;
