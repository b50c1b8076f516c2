/**
 * The engine's Parquet layer and its bridge to parquet-java and Arrow, the only package of the project's main code that
 * imports parquet-java ({@code ArchitectureTest} in the {@code it} module fails otherwise). Not API.
 *
 * <p>Write path (the engine encodes every page itself; parquet-java provides only parquet-format's Thrift structures
 * and their {@code Util} writers): {@link io.github.artifactio.engine.internal.parquet.StreamingWriter} cuts row groups
 * and feeds one {@link io.github.artifactio.engine.internal.parquet.ColumnEncoder} per top-level column (each column's
 * pages depend on its own rows only, which is what makes serial, chunked and parallel writes byte-identical). The
 * encoder walks runs of rows: levels into {@code Levels} (one byte each, hybrid-encoded by {@code HybridEncoder} when
 * the page ends), values into the leaf's {@code LeafValues} ({@code Int32Values}, {@code Int64Values},
 * {@code Float32Values}, {@code Float64Values}, {@code BoolValues}, {@code Utf8Values}: PLAIN straight from the
 * column's array into a reused page buffer, or ids into a {@code BitsDictionary} / {@code BytesDictionary}, with page
 * and chunk statistics in the same pass); {@code DictionaryChoice} decides each chunk's dictionary from its first
 * values; {@code EncodingPlan} is the capped writers' float plan. {@code ChunkBuilder} compresses each page
 * ({@code PageCodec}) into {@code Slabs}, adds its CRC32 and Thrift header, and builds the chunk's metadata, column
 * index and offset index (or, when the chunk's turn in the file has come while it encodes, writes each page there as
 * it is cut); {@code GroupSchedule} orders the chunks of the row groups a write call ends on the caller's threads and
 * appends them in file order; {@code ParquetOutput} appends chunks and writes the page indexes and the footer
 * ({@code ThriftSchema} gives its schema) through {@code FileOutput} (append-only, optionally hashed on the writer's
 * context). {@code Schemas} maps the column model to parquet-java's and Arrow's schemas (read path, Arrow schema
 * entry); {@code Codecs} is the Hadoop-free codec factory parquet-java's page readers get in tests.
 *
 * <p>Footer: {@code Footer} is the one footer reader (one positional read of the tail, framing problems as typed
 * {@code FooterException}s, the Thrift {@code FileMetaData} decoded from the bytes and converted to parquet-java's
 * metadata with no Hadoop and no read options); {@code FooterLayout} makes the public {@code engine.layout} records
 * from it and refuses a footer that does not describe its file; {@link
 * io.github.artifactio.engine.internal.parquet.LayoutReader} is the public layout package's way in.
 *
 * <p>Read path: {@link io.github.artifactio.engine.internal.parquet.ParquetFile} holds the footer (optionally the
 * offset index too); {@link io.github.artifactio.engine.internal.parquet.Scan} streams batches over sorted row
 * ranges, one cursor per projected column, optionally in contiguous column groups on the caller's engine context;
 * {@code ChunkPages} reads a column chunk whole or only its wanted pages; {@code LeafReader} decompresses
 * ({@code Decompressors}) and decodes pages (PLAIN and dictionary straight into primitive arrays, parquet-java's
 * {@code ValuesReader} for other encodings, {@code RleDecoder} for levels and ids), from a {@code PageSource}:
 * the chunk's {@code ChunkPages}, or the page walk. {@code PageWalker} walks every page through {@code ChunkPages}
 * (CRC, {@code Decompressors}: all five readable codecs, the project's one set), and in a walk with values hands
 * each checked, decompressed page on to a {@code LeafReader}, so a page is read and decompressed once;
 * {@link io.github.artifactio.engine.internal.parquet.SpanCache} coalesces a row group's chunks into spans;
 * {@link io.github.artifactio.engine.internal.parquet.ArrowBatches} turns typed batches into Arrow roots. Errors from
 * the decoders are {@code PageFormatException}s, which the scan reports as {@code ArtifactException}s naming file,
 * column and row group, and the walk as outcomes. Every read is a positional {@code FileChannel} read
 * ({@code FileReads}, {@code Footer}); no parquet-java input stream is used.
 *
 * <p>Hostile input (README, "Reliability"): {@code SchemaDepth} bounds a footer's nesting before anything converts
 * it; {@code Bounds} holds every size a page declares (uncompressed bytes per codec ratio and heap share, level
 * counts) before it is allocated; {@code FooterChecks} cross-checks what a footer says twice (rows, value counts,
 * types, statistics widths, the data region, {@code ARROW:schema}) when a file is opened; {@code ValueCounts} adds up a
 * chunk's page counts when it is opened; {@code ThriftErrors} says in the engine's words why a footer or page header
 * does not decode.
 *
 * <p>Splice path (the {@code concat} package's): {@code SpliceInput} reads and checks an input's footer with
 * parquet-format's Thrift classes, {@code SpliceIndexes} its page indexes, {@code SplicePageCheck} walks a chunk's
 * pages as its bytes pass (CRC32s, sizes, value counts), and {@code SpliceFooter} writes the output's page indexes and footer
 * with every offset moved.
 */
package io.github.artifactio.engine.internal.parquet;
