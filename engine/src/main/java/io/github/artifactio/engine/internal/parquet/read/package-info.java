/**
 * A file into columns: the engine's reader. Every read is a positional {@code FileChannel} read; no parquet-java input
 * stream is used.
 *
 * <p>{@link io.github.artifactio.engine.internal.parquet.read.ParquetFile} holds the footer (optionally the offset
 * index too); {@link io.github.artifactio.engine.internal.parquet.read.Scan} streams batches over sorted row ranges,
 * one cursor per projected column, optionally in contiguous column groups on the caller's engine context, from a
 * {@code ChunkSource}: the file ({@code FileReads}) or a row group's chunks coalesced into spans ({@code SpanCache}).
 * {@code ChunkPages} reads a column chunk through a window read over again page after page (the array a scan's column
 * reuses from chunk to chunk), whole (a chunk two threads share) or only its wanted pages; {@code LeafReader}
 * decompresses
 * ({@code Decompressors}) and decodes pages (PLAIN and dictionary straight into primitive arrays through
 * {@code ValueDecoder} and {@code Builders}, parquet-java's {@code ValuesReader} for other encodings,
 * {@code RleDecoder} for levels and ids; a SNAPPY page of PLAIN fixed-width values that fits in the batch straight
 * into the batch's array) from a {@code PageSource}; {@code StringInterner} numbers a string column's
 * distinct values. {@code PageWalker} walks every page (CRC, decompression) and, in a walk with values, hands each
 * checked, decompressed page on to a {@code LeafReader}, so a page is read and decompressed once; {@code LayoutReader}
 * is the public layout package's way in. {@code ArrowBatches} turns typed batches into Arrow roots; {@code Codecs} is
 * the Hadoop-free codec factory parquet-java's page readers get in tests.
 *
 * <p>Hostile input: {@code Bounds} holds every size a page declares (uncompressed bytes per codec ratio and heap share,
 * level counts) before it is allocated; {@code ValueCounts} adds up a chunk's page counts when it is opened (from its
 * page headers alone where it is read through a window). Errors
 * from the decoders are {@code PageFormatException}s, which the scan reports as {@code ArtifactException}s naming file,
 * column and row group, and the walk as outcomes.
 */
package io.github.artifactio.engine.internal.parquet.read;
