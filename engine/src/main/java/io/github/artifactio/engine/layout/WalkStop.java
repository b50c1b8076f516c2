package io.github.artifactio.engine.layout;

/**
 * Where and why the walk of a column chunk stopped before the chunk's end: a page header that does not decode, a page
 * that runs past its chunk, bytes the file does not have. The pages before it are in the walk; the rest of the file
 * is walked as usual.
 *
 * @param offset the file offset of the page that could not be framed
 * @param reason what is wrong, without the file or column
 */
public record WalkStop(long offset, String reason) {}
