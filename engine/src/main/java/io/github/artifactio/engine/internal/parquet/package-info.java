/**
 * The bridge to parquet-java and Arrow, and the only package that imports them (besides the read-options shim that
 * must live in {@code org.apache.parquet}). Not API.
 *
 * <p>Write path: {@link io.github.artifactio.engine.internal.parquet.StreamingWriter} cuts row groups and feeds one
 * {@link io.github.artifactio.engine.internal.parquet.ColumnEncoder} per top-level column (each with its own
 * parquet-java page store, which is what makes serial, chunked and parallel writes byte-identical), through
 * {@link io.github.artifactio.engine.internal.parquet.LeafSink}, which turns rows into Parquet levels; output goes
 * through {@link io.github.artifactio.engine.internal.parquet.FileOutput} (append-only, optionally hashed on the
 * writer's context). {@link io.github.artifactio.engine.internal.parquet.Schemas} maps the column model to Parquet
 * and Arrow schemas as arrow-rs does; {@link io.github.artifactio.engine.internal.parquet.Codecs} compresses without
 * Hadoop.
 *
 * <p>Read path: {@link io.github.artifactio.engine.internal.parquet.ParquetFile} parses the footer once (optionally
 * the offset index too); {@link io.github.artifactio.engine.internal.parquet.Scan} streams batches over sorted row
 * ranges, one cursor per projected column, optionally in contiguous column groups on the caller's engine context;
 * {@code ChunkPages} reads a column chunk whole or only its wanted pages; {@code LeafReader} decompresses
 * ({@code Decompressors}) and decodes pages (PLAIN and dictionary straight into primitive arrays, parquet-java's
 * {@code ValuesReader} for other encodings, {@code RleDecoder} for levels and ids);
 * {@link io.github.artifactio.engine.internal.parquet.SpanCache} coalesces a row group's chunks into spans;
 * {@link io.github.artifactio.engine.internal.parquet.ArrowBatches} turns typed batches into Arrow roots. Errors from
 * the decoders are {@code PageFormatException}s, which the scan reports as {@code ArtifactException}s naming file,
 * column and row group. {@link io.github.artifactio.engine.internal.parquet.FileInput} reads through a FileChannel
 * (parquet-java's LocalInputFile makes one system call per byte).
 */
package io.github.artifactio.engine.internal.parquet;
