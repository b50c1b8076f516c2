/**
 * Inputs of the Maven plugin's integration tests, demo and benchmark: {@link
 * io.github.artifactio.it.plugin.ExternalFiles} writes Parquet with DuckDB (an independent writer) carrying the faults
 * the rules look for, and {@link io.github.artifactio.it.plugin.ItSetup} prepares the invoker projects of
 * {@code src/it}.
 */
package io.github.artifactio.it.plugin;
