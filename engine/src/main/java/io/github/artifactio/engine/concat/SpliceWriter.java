package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.parquet.SpliceFooter;
import io.github.artifactio.engine.internal.parquet.SpliceIndexes;
import io.github.artifactio.engine.internal.parquet.SpliceInput;
import io.github.artifactio.engine.internal.parquet.SplicePageCheck;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * Splices whole row groups of Parquet files into one file without decoding them: every column chunk (dictionary and
 * data pages) is copied byte for byte, and the footer is rewritten around them ({@link SpliceFooter}). Open, append
 * whole files or chosen row groups in order, finish:
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
 * previous file there untouched.
 */
public final class SpliceWriter implements AutoCloseable {
  private final SpliceOutput out;
  private final ProvenanceBuilder provenance;
  private SpliceInput template;
  private SpliceFooter footer;
  private Agreement agreement;
  private long bytesRead;
  private int inputs;
  private boolean failed;
  private boolean finished;

  private SpliceWriter(SpliceOutput out) {
    this.out = out;
    this.provenance = new ProvenanceBuilder(Axis.ROWS, out.destination);
  }

  /** Opens a splice into {@code destination}: its folder is created, nothing appears at it before finish. */
  public static SpliceWriter open(Path destination, ConcatOptions options) {
    return open(destination, options, SpliceOutput.FILES);
  }

  static SpliceWriter open(Path destination, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(options, "options");
    return new SpliceWriter(SpliceOutput.open(destination, options, opener));
  }

  /** Appends every row group of {@code input}. */
  public SpliceWriter append(Path input) {
    return append(input, (int[]) null);
  }

  /** Appends row groups {@code rowGroups} of {@code input}, which must be named in ascending order. */
  public SpliceWriter append(Path input, int... rowGroups) {
    Objects.requireNonNull(input, "input");
    guard();
    try {
      out.refuse(input, inputs);
      append(readInput(input, inputs, out.destination), rowGroups);
      return this;
    } catch (RuntimeException | Error e) {
      failed = true;
      throw e;
    }
  }

  /** Appends an input whose footer was read (and checked against the others) before. */
  void append(SpliceInput in, int[] rowGroups) {
    guard();
    try {
      int[] groups = rowGroups == null ? all(in.rowGroups()) : checkGroups(in, rowGroups);
      if (template == null) {
        template = in;
        footer = SpliceFooter.rows(in);
        agreement = Agreement.rows(in.metadata());
      } else {
        String diff = in.differenceFrom(template, "input " + inputs, "input 0");
        if (diff != null) {
          throw new ArtifactException(in.path(), "concat rows into " + out.destination + ": input " + inputs
              + " does not have the columns of input 0 (" + template.path() + "): " + diff);
        }
        agreement.add(in.metadata());
      }
      copy(in, groups);
      inputs++;
    } catch (RuntimeException | Error e) {
      failed = true;
      throw e;
    }
  }

  private void copy(SpliceInput in, int[] groups) {
    try (FileChannel ch = openInput(in.path(), inputs, out.destination)) {
      if (ch.size() != in.length()) {
        throw new ArtifactException(in.path(), "concat into " + out.destination + ": input " + inputs
            + " changed since its footer was read (" + in.length() + " bytes, now " + ch.size() + ")");
      }
      boolean verify = out.options.verifyChecksums();
      List<InputReader.Segment> segments = new ArrayList<>();
      long[][] starts = new long[groups.length][];
      SpliceIndexes[] indexes = new SpliceIndexes[groups.length];
      long at = out.sink.position();
      for (int k = 0; k < groups.length; k++) {
        int g = groups[k];
        indexes[k] = SpliceIndexes.read(in, ch, g);
        starts[k] = new long[in.leaves()];
        for (int leaf = 0; leaf < in.leaves(); leaf++) {
          SpliceInput.Chunk c = in.chunk(g, leaf);
          starts[k][leaf] = at;
          at += c.length();
          SplicePageCheck check = verify ? new SplicePageCheck(in.path(), c.column(), g, c.length(), c.values()) : null;
          segments.add(new InputReader.Segment(c.start(), c.length(), check,
              verify ? indexes[k].pageOffsets(leaf, c.start()) : null, verify ? indexes[k].pageSizes(leaf) : null));
        }
      }
      InputReader reader = new InputReader(in.path(), ch, in.length(), out.readBuffer, out.hashing,
          out.options.hashInputs());
      try {
        reader.copy(segments, out.sink);
      } finally {
        bytesRead += reader.bytesRead();
      }
      long before = reader.bytesRead();
      ContentHash digest = reader.finish();
      bytesRead += reader.bytesRead() - before;
      for (int k = 0; k < groups.length; k++) {
        footer.beginRowGroup(in.rows(groups[k]));
        footer.addChunks(in, groups[k], starts[k], indexes[k]);
        footer.endRowGroup();
      }
      provenance.addRows(in, digest, groups);
    } catch (IOException e) {
      throw new ArtifactException(in.path(), "reading failed: " + e, e);
    }
  }

  /** Reads and checks an input's footer (the file is closed again). */
  static SpliceInput readInput(Path input, int index, Path destination) {
    try (FileChannel ch = openInput(input, index, destination)) {
      return SpliceInput.open(input, ch);
    } catch (IOException e) {
      throw new ArtifactException(input, "concat into " + destination + ": closing input " + index + ": " + e, e);
    }
  }

  static FileChannel openInput(Path input, int index, Path destination) {
    try {
      return FileChannel.open(input, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new ArtifactException(input, "concat into " + destination + ": opening input " + index + ": " + e, e);
    }
  }

  private static int[] all(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  private int[] checkGroups(SpliceInput in, int[] groups) {
    for (int i = 0; i < groups.length; i++) {
      if (groups[i] < 0 || groups[i] >= in.rowGroups() || (i > 0 && groups[i] <= groups[i - 1])) {
        throw new IllegalArgumentException("row groups " + java.util.Arrays.toString(groups) + " of " + in.path()
            + ": each must be in 0.." + (in.rowGroups() - 1) + ", in ascending order");
      }
    }
    return groups.clone();
  }

  /** Rows appended so far. */
  public long rows() {
    return footer == null ? 0 : footer.rows();
  }

  /** Writes the footer, publishes the output (and its report), and says what was made. */
  public ConcatResult finish() {
    guard();
    if (inputs == 0) {
      failed = true;
      throw new ArtifactException(out.destination, "concat rows: no input was appended; there is nothing to splice");
    }
    try {
      Provenance p = provenance.build(footer.rows());
      SortedMap<String, String> kv = agreement.result(out.options, p);
      ContentHash digest = out.publish(footer, kv);
      finished = true;
      ConcatResult r = new ConcatResult(out.destination, Axis.ROWS, ConcatResult.Publish.SPLICED, footer.rows(),
          footer.rowGroups(), digest, bytesRead, out.bytesWritten(), p, List.of());
      Reports.write(r, out.options, kv);
      return r;
    } catch (RuntimeException | Error e) {
      failed = true;
      throw e;
    }
  }

  private void guard() {
    if (finished) {
      throw new IllegalStateException("SpliceWriter for " + out.destination + " already finished");
    }
    if (failed) {
      throw new ArtifactException(out.destination, "the SpliceWriter was used after a failed append; nothing was"
          + " published");
    }
  }

  /** Abandons the splice unless it finished: the temporary file is removed, the destination left as it was. */
  @Override
  public void close() {
    if (!finished) {
      out.close();
    }
  }
}
