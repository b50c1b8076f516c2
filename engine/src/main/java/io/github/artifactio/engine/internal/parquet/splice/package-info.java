/**
 * Concatenation's mechanics: files into one file without decoding, the public {@code concat} package's machinery.
 *
 * <p>{@link io.github.artifactio.engine.internal.parquet.splice.SpliceInput} reads and checks an input's footer with
 * parquet-format's Thrift classes and records the file's size and modification time, which
 * {@code SpliceInput.checkUnchanged} compares once the input's last byte was read: the one guard against an input that
 * changes while it is concatenated, on every axis. {@code SpliceIndexes} reads an input's page indexes,
 * {@code SplicePageCheck} walks a chunk's pages as its bytes pass (CRC32s, sizes, value counts), and
 * {@code SpliceFooter} writes the output's page indexes and footer with every offset moved.
 *
 * <p>The axes: {@link io.github.artifactio.engine.internal.parquet.splice.RowSplice} (rows, input after input; the
 * public {@code SpliceWriter}'s machinery), {@link io.github.artifactio.engine.internal.parquet.splice.ColumnJoin}
 * (columns, row group by row group) and {@link io.github.artifactio.engine.internal.parquet.splice.SingleInput} (one
 * input, linked or copied). Their IO: {@code InputReader} reads an input forward through one buffer (adjacent chunks
 * as one run) and hands its chunk bytes to the output, {@code SpliceOutput} is the output file from its first byte to
 * publication, {@code SpliceSink} its buffer, {@code SpanHashing} blake3 of inputs and output from the buffers on the
 * caller's executor. {@code Agreement} decides the output's footer metadata, {@code ProvenanceBuilder} its
 * provenance, {@code Reports} its {@code report.json}.
 */
package io.github.artifactio.engine.internal.parquet.splice;
