/**
 * The engine's Parquet layer; the only package that imports parquet-java (and builds Arrow vectors).
 *
 * <p>Write side: {@code ParquetTableWriter} and its page stores. Read side: {@link
 * io.github.artifactio.engine.internal.parquet.ParquetFile} parses the footer once (optionally the offset index too);
 * {@link io.github.artifactio.engine.internal.parquet.Scan} streams batches over sorted row ranges, one cursor per
 * projected column, optionally in contiguous column groups on the caller's executor; {@code ChunkPages} reads a column
 * chunk whole or only its wanted pages; {@code LeafReader} decompresses ({@code Decompressors}) and decodes pages
 * (PLAIN and dictionary straight into primitive arrays, parquet-java's {@code ValuesReader} for other encodings,
 * {@code RleDecoder} for levels and ids); {@link io.github.artifactio.engine.internal.parquet.SpanCache} coalesces a
 * row group's chunks into spans; {@link io.github.artifactio.engine.internal.parquet.ArrowBatches} turns typed batches
 * into Arrow roots. Errors from the decoders are {@code PageFormatException}s, which the scan reports as
 * {@code ArtifactException}s naming file, column and row group.
 */
package io.github.artifactio.engine.internal.parquet;
