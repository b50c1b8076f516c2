/**
 * Tables on disk: {@link io.github.artifactio.engine.table.TableWriter} writes them; {@link
 * io.github.artifactio.engine.table.Table} reads one into memory; {@link io.github.artifactio.engine.table.TableFile}
 * is the streaming handle (spans, parts, page starts, statistics, typed and Arrow {@link
 * io.github.artifactio.engine.table.BatchReader batches}, {@link io.github.artifactio.engine.table.RowSelection
 * selections} that skip pages, parallel and coalesced scans through {@link
 * io.github.artifactio.engine.table.ScanOptions}, the schema-version gate through {@link
 * io.github.artifactio.engine.table.OpenOptions}).
 */
package io.github.artifactio.engine.table;
