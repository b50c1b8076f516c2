/**
 * What a Parquet file says about itself, read and checked before anything else touches the file.
 *
 * <p>{@link io.github.artifactio.engine.internal.parquet.format.Footer} is the one footer reader: one positional read
 * of the tail, framing problems as typed {@code FooterException}s, the Thrift {@code FileMetaData} decoded from the
 * bytes ({@code SchemaDepth} bounds the schema's nesting first) and converted to parquet-java's metadata with no Hadoop
 * and no read options ({@code FooterModel}). {@code FooterChecks} cross-checks what a footer says twice (rows, value
 * counts, types, statistics widths, the data region, {@code ARROW:schema}); {@code FooterLayout} makes the public
 * {@code engine.layout} records and refuses a footer that does not describe its file. {@code Schemas} maps the column
 * model to parquet-java's and Arrow's schemas and back; {@code ThriftSchema} is the schema the writer puts in its
 * footer. {@code ThriftErrors} says in the engine's words why a footer or page header does not decode;
 * {@code PageHeaders} is the header limit the page walk and the splice share.
 */
package io.github.artifactio.engine.internal.parquet.format;
