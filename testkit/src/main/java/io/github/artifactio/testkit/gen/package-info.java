/**
 * Generators of the engine's model for properties: {@link io.github.artifactio.testkit.gen.Tables} (column kinds,
 * values with their edge cases, tables, row counts around page and row-group boundaries, chunkings, thread counts,
 * writer options, {@link io.github.artifactio.testkit.gen.WriteCase}s) and
 * {@link io.github.artifactio.testkit.gen.TableContract} (tables that satisfy a stage's declared input contract).
 */
package io.github.artifactio.testkit.gen;
