package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.hash.ContentHash;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;

/**
 * The rows axis, input after input: each appended input's footer is checked against the first input's columns, its
 * chosen row groups are copied byte for byte through one {@link InputReader} (pages checked, bytes hashed as they
 * pass), and their chunks are added to the rewritten footer ({@link SpliceFooter}) at their new offsets. The public
 * {@code concat.SpliceWriter} is this class's API; its guarantees are written there.
 */
public final class RowSplice implements AutoCloseable {
  private final SpliceOutput out;
  private final ProvenanceBuilder provenance;
  private SpliceInput template;
  private SpliceFooter footer;
  private Agreement agreement;
  private long bytesRead;
  private int inputs;
  /** Columns of later inputs spliced under input 0's declaration (SpliceInput#equatedWith), for the report. */
  private final List<String> equated = new ArrayList<>();
  private boolean failed;
  private boolean finished;

  private RowSplice(SpliceOutput out) {
    this.out = out;
    this.provenance = new ProvenanceBuilder(Axis.ROWS, out.destination);
  }

  /** Opens a splice into {@code destination}: its folder is created, nothing appears at it before finish. */
  public static RowSplice open(Path destination, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    return new RowSplice(SpliceOutput.open(destination, options, opener));
  }

  /** Appends row groups {@code rowGroups} (ascending; null: all) of the file at {@code input}. */
  public void append(Path input, int[] rowGroups) {
    guard();
    try {
      out.refuse(input, inputs);
      append(readInput(input, inputs, out.destination), rowGroups);
    } catch (RuntimeException | Error e) {
      failed = true;
      throw e;
    }
  }

  /** Appends an input whose footer was read (and checked against the others) before. */
  public void append(SpliceInput in, int[] rowGroups) {
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
        equated.addAll(in.equatedWith(template, "input " + inputs, "input 0"));
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
          starts[k][leaf] = at;
          at += in.chunk(g, leaf).length();
          segments.add(InputReader.Segment.of(in, g, leaf, indexes[k], verify));
        }
      }
      // an input whose report vouches for it is read for its chunks only: its digest is the report's
      InputDigest reported = out.options.hashInputs() ? InputDigest.fromReport(in) : null;
      if (reported != null) {
        bytesRead += reported.bytesRead();
      }
      InputReader reader =
          new InputReader(in, ch, out.readBuffer, out.hashing, out.options.hashInputs() && reported == null);
      try {
        reader.copy(segments, out.sink);
      } finally {
        bytesRead += reader.bytesRead();
      }
      long before = reader.bytesRead();
      ContentHash hashed = reader.finish();
      bytesRead += reader.bytesRead() - before;
      for (int k = 0; k < groups.length; k++) {
        footer.beginRowGroup(in.rows(groups[k]));
        footer.addChunks(in, groups[k], starts[k], indexes[k]);
        footer.endRowGroup();
      }
      provenance.addRows(in, reported != null ? reported : InputDigest.bytes(hashed), groups);
    } catch (IOException e) {
      throw new ArtifactException(in.path(), "reading failed: " + e, e);
    }
  }

  /** Reads and checks an input's footer (the file is closed again). */
  public static SpliceInput readInput(Path input, int index, Path destination) {
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

  private static int[] checkGroups(SpliceInput in, int[] groups) {
    for (int i = 0; i < groups.length; i++) {
      if (groups[i] < 0 || groups[i] >= in.rowGroups() || (i > 0 && groups[i] <= groups[i - 1])) {
        throw new IllegalArgumentException("row groups " + Arrays.toString(groups) + " of " + in.path()
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
          footer.rowGroups(), digest, bytesRead, out.bytesWritten(), p, List.of(), equated);
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
