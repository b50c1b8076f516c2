/**
 * The bridge to parquet-java and Arrow, and the only package that imports them (besides the read-options shim that
 * must live in {@code org.apache.parquet}). Not API.
 *
 * <p>Write path: {@link io.github.artifactio.engine.internal.parquet.StreamingWriter} cuts row groups and feeds one
 * {@link io.github.artifactio.engine.internal.parquet.ColumnEncoder} per top-level column (each with its own
 * parquet-java page store, which is what makes serial, chunked and parallel writes byte-identical), through
 * {@link io.github.artifactio.engine.internal.parquet.LeafSink}, which turns rows into Parquet levels; output goes
 * through {@link io.github.artifactio.engine.internal.parquet.FileOutput} (append-only, optionally hashed on a
 * background thread). {@link io.github.artifactio.engine.internal.parquet.Schemas} maps the column model to Parquet
 * and Arrow schemas as arrow-rs does; {@link io.github.artifactio.engine.internal.parquet.Codecs} compresses without
 * Hadoop.
 *
 * <p>Read path: {@link io.github.artifactio.engine.internal.parquet.ParquetFile} parses the footer once and decodes
 * projected leaves; {@link io.github.artifactio.engine.internal.parquet.FileInput} reads through a FileChannel
 * (parquet-java's LocalInputFile makes one system call per byte).
 */
package io.github.artifactio.engine.internal.parquet;
