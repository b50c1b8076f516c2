/**
 * Pages into a file: the engine's writer, which encodes every page itself (parquet-java provides only parquet-format's
 * Thrift structures and their {@code Util} writers).
 *
 * <p>{@link io.github.artifactio.engine.internal.parquet.write.StreamingWriter} cuts row groups and feeds one
 * {@code ColumnEncoder} per top-level column (each column's pages depend on its own rows only, which is what makes
 * serial, chunked and parallel writes byte-identical); {@code EncodingPlan} is the capped writers' float plan and
 * {@code ArrowChunks} turns Arrow batches into the model's columns. {@code ChunkBuilder} compresses each page
 * ({@code PageCodec}) into {@code Slabs}, adds its CRC32 and Thrift header, and builds the chunk's metadata, column
 * index and offset index, or, when the chunk's turn in the file has come while it encodes, writes each page there as
 * it is cut. {@code GroupSchedule} orders the chunks of the row groups a write call ends on the caller's threads and
 * appends them in file order ({@code Columns} estimates their cost); {@code ParquetOutput} appends chunks and writes
 * the page indexes and the footer through {@code FileOutput} (append-only, optionally hashed on the writer's context,
 * its device writes started early for a durable write).
 */
package io.github.artifactio.engine.internal.parquet.write;
