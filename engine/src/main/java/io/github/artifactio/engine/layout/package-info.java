/**
 * A Parquet file's physical layout, as records: what its footer declares and what walking its pages finds. For tools
 * that check files (the Maven plugin's {@code structure} and {@code ascending} rules read nothing else) and for anyone
 * who wants to see how a file is laid out; reading values is {@link io.github.artifactio.engine.table}'s business.
 *
 * <ul>
 *   <li>{@link io.github.artifactio.engine.layout.FileLayout#read}: the footer only, one read of the file's tail. A
 *       broken framing (size, magics, encrypted footer, footer length, Thrift) is an
 *       {@link io.github.artifactio.engine.FooterException} naming the file and its
 *       {@link io.github.artifactio.engine.FooterException.Problem}. The same record comes from an open
 *       {@code TableFile.layout()}, which read the same footer.
 *   <li>{@link io.github.artifactio.engine.layout.RowGroupLayout}: rows, sizes, the declared sort order
 *       ({@link io.github.artifactio.engine.layout.SortingColumn}) and the
 *       {@link io.github.artifactio.engine.layout.ColumnChunkLayout column chunks} (path, physical type, codec,
 *       encodings, offsets, sizes, value count, statistics, {@link io.github.artifactio.engine.layout.IndexLocation
 *       page index locations}); {@link io.github.artifactio.engine.layout.LeafLayout} the schema's leaves.
 *   <li>{@link io.github.artifactio.engine.layout.FileLayout#walkPages}: every page of every chunk, one
 *       {@link io.github.artifactio.engine.layout.ChunkWalk} per chunk with a
 *       {@link io.github.artifactio.engine.layout.PageLayout} per page (kind, offsets, values, rows,
 *       {@link io.github.artifactio.engine.layout.PageCrc CRC}, {@link io.github.artifactio.engine.layout.Decompression
 *       decompression outcome}); a page that does not frame ends its chunk with a
 *       {@link io.github.artifactio.engine.layout.WalkStop}, never the walk of the file.
 *       {@code TableFile.walkPagesAndValues} is the same walk that also decodes every value in the same pass
 *       ({@link io.github.artifactio.engine.layout.ValueDecoding}).
 * </ul>
 *
 * <p>The walk reads pages through the table readers' own code (the engine's internal Parquet package): there is one
 * footer reader, one page walker and one set of codecs (UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW) in the project.
 */
package io.github.artifactio.engine.layout;
