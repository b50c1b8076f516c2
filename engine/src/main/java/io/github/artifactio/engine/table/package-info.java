/**
 * Writing and reading tables.
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.table.TableWriter}: {@code writeTable} in one call; {@code open} for a
 *       chunked writer that takes lists of columns or Arrow batches; {@code writeTableChunked} for a producer called
 *       back per 65,536-row range; each returns a {@link io.github.artifactio.engine.table.Written}, with the blake3
 *       of the published file, taken while writing, when the options ask for it. The bytes do not depend on the
 *       chunking or on the {@link io.github.artifactio.engine.EngineContext} that encodes them.
 *   <li>{@link io.github.artifactio.engine.table.WriteOptions}: everything that changes the bytes (codec, row-group
 *       cap, float plan, plain columns, footer metadata, schema id), recorded as
 *       {@link io.github.artifactio.engine.table.WriterSettings} in the footer.
 *   <li>{@link io.github.artifactio.engine.table.Publication}: atomic publication of an existing file under another
 *       name (hard link or byte copy).
 *   <li>{@link io.github.artifactio.engine.table.Table}: a whole table in memory, a plain value, whose columns are read
 *       out with one typed accessor, {@code get(name, As.FLOAT64)} ({@link io.github.artifactio.engine.table.As}:
 *       required arrays that refuse a NULL, null-aware records, lists);
 *   <li>{@link io.github.artifactio.engine.table.TableFile}: the streaming handle (spans, parts, page starts,
 *       statistics, whole-column reads into a {@code Table}, typed and Arrow
 *       {@link io.github.artifactio.engine.table.BatchReader batches},
 *       {@link io.github.artifactio.engine.table.RowSelection selections} that skip pages, parallel and coalesced
 *       scans through {@link io.github.artifactio.engine.table.ScanOptions}, the schema-version gate
 *       ({@link io.github.artifactio.engine.sidecar.SchemaGate}) through
 *       {@link io.github.artifactio.engine.table.OpenOptions}); its {@code layout()} is the footer's
 *       {@link io.github.artifactio.engine.layout.FileLayout}, and {@code walkPagesAndValues} walks every page and
 *       decodes every value in one pass.
 * </ul>
 */
package io.github.artifactio.engine.table;
