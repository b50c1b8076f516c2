package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.internal.parquet.splice.RowSplice;
import io.github.artifactio.engine.internal.parquet.splice.SpliceOutput;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Splices whole row groups of Parquet files into one file without decoding them: every column chunk (dictionary and
 * data pages) is copied byte for byte, and the footer is rewritten around them. Open, append whole files or chosen row
 * groups in order, finish:
 *
 * <pre>{@code
 * try (SpliceWriter w = SpliceWriter.open(out, ConcatOptions.defaults())) {
 *   w.append(bandA);                // every row group
 *   w.append(bandB, 0, 2);          // row groups 0 and 2 of bandB
 *   ConcatResult r = w.finish();    // publishes out (and out.report.json)
 * }
 * }</pre>
 *
 * <p>Every input must have the first input's columns (names, order, Parquet and Arrow types, nullability); an input
 * that differs is refused before any of its bytes are copied, naming it, the column and both types. Inputs may
 * differ in codec, encodings and row-group sizes: each row group keeps its own. Pages are checked as they pass
 * ({@link ConcatOptions#verifyChecksums()}), the output is hashed as it is written, and it appears at the destination
 * only when {@link #finish()} publishes it; a failure, or {@link #close()} without {@link #finish()}, leaves the
 * previous file there untouched. An input whose size or modification time moved between the reading of its footer
 * and the copy of its last byte is refused, and nothing is published.
 */
public final class SpliceWriter implements AutoCloseable {
  private final RowSplice splice;

  private SpliceWriter(RowSplice splice) {
    this.splice = splice;
  }

  /** Opens a splice into {@code destination}: its folder is created, nothing appears at it before finish. */
  public static SpliceWriter open(Path destination, ConcatOptions options) {
    return open(destination, options, SpliceOutput.FILES);
  }

  /** The same, with the output's channel opened by {@code opener} (tests fail writes with it). */
  static SpliceWriter open(Path destination, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(options, "options");
    return new SpliceWriter(RowSplice.open(destination, options, opener));
  }

  /** Appends every row group of {@code input}. */
  public SpliceWriter append(Path input) {
    return append(input, (int[]) null);
  }

  /** Appends row groups {@code rowGroups} of {@code input}, which must be named in ascending order. */
  public SpliceWriter append(Path input, int... rowGroups) {
    splice.append(Objects.requireNonNull(input, "input"), rowGroups);
    return this;
  }

  /** Rows appended so far. */
  public long rows() {
    return splice.rows();
  }

  /** Writes the footer, publishes the output (and its report), and says what was made. */
  public ConcatResult finish() {
    return splice.finish();
  }

  /** Abandons the splice unless it finished: the temporary file is removed, the destination left as it was. */
  @Override
  public void close() {
    splice.close();
  }
}
