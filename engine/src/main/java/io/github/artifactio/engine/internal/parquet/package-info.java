/**
 * The engine's Parquet layer, in five packages by the way data flows; the only main code of the project that imports
 * parquet-java ({@code ArchitectureTest} in the {@code it} module fails otherwise, and also when a package below uses
 * one it should not). Not API: the public packages {@code table}, {@code layout}, {@code inspect} and {@code concat}
 * are its front.
 *
 * <ul>
 *   <li>{@code format}: what a file says about itself. The one footer reader ({@code Footer}), the footer's model and
 *       cross-checks, the Thrift schema the writer emits, the mapping between the column model, parquet-java's schema
 *       and Arrow's, and the limits every page walk shares. Uses no other package here.
 *   <li>{@code encode}: values and levels into page bytes (PLAIN, dictionaries, the RLE/bit-packed hybrid), with their
 *       statistics. Uses no other package here.
 *   <li>{@code write}: pages into a file. Row groups cut, one encoder per column, chunks compressed, checksummed and
 *       appended in file order on the caller's threads, page indexes and footer, the output file. Uses {@code format}
 *       and {@code encode}; never {@code read}.
 *   <li>{@code read}: a file into columns. The file handle, the scan over row ranges and column groups, chunk and page
 *       sources, decompression and decoding, the page walk, Arrow batches. Uses {@code format}; never {@code write}.
 *   <li>{@code splice}: files into one file without decoding: inputs' footers checked, chunks copied through page
 *       checks and hashing, the footer rewritten with every offset moved, on the rows axis ({@code RowSplice}), the
 *       columns axis ({@code ColumnJoin}) and for one input ({@code SingleInput}). Uses {@code format}; neither
 *       {@code write} nor {@code read}.
 * </ul>
 *
 * <p>Hostile input is refused where it is first seen: the footer's depth and its cross-checks in {@code format}, every
 * size a page declares before it is allocated and every page's framing in {@code read}, every copied page in
 * {@code splice}; the guides' reliability page lists what is tested against what.
 */
package io.github.artifactio.engine.internal.parquet;
