package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The columns axis: row group {@code g} of the output holds the column chunks of row group {@code g} of every input,
 * input after input, copied byte for byte. The inputs must have the same rows in the same row groups and no column
 * name twice. An input whose row groups do not line up with the first input's joins through a source whose chunks do:
 * the caller re-encodes its columns in the first input's row groups ({@code concat.Realignment}) and hands that file
 * in as the input's source; the provenance and the report then name the input, its digest is the input's own, and its
 * columns are listed as re-encoded.
 */
public final class ColumnJoin {
  private ColumnJoin() {}

  /** Refuses inputs that cannot be joined however they are aligned: a column name twice, or a different row count. */
  public static void checkJoinable(Path destination, List<SpliceInput> inputs) {
    SpliceInput ref = inputs.get(0);
    Map<String, Integer> owner = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      SpliceInput in = inputs.get(i);
      for (ColumnSpec s : in.specs()) {
        Integer before = owner.putIfAbsent(s.name(), i);
        if (before != null) {
          throw new ArtifactException(in.path(), s.name(), null, null, "concat columns into " + destination
              + ": input " + i + " has the column and so has input " + before + " (" + inputs.get(before).path()
              + "); joined columns need distinct names");
        }
      }
      if (in.rows() != ref.rows()) {
        throw new ArtifactException(in.path(), "concat columns into " + destination + ": input " + i + " has "
            + in.rows() + " rows but input 0 (" + ref.path() + ") has " + ref.rows()
            + "; joined inputs need the same rows");
      }
    }
  }

  /** Where row group boundaries first differ, as a phrase, or null when they are the same. */
  public static String firstDifferentBoundary(SpliceInput in, SpliceInput ref) {
    int n = Math.max(in.rowGroups(), ref.rowGroups());
    for (int g = 0; g < n; g++) {
      long mine = g < in.rowGroups() ? in.firstRow(g) + in.rows(g) : -1;
      long theirs = g < ref.rowGroups() ? ref.firstRow(g) + ref.rows(g) : -1;
      if (mine != theirs) {
        return "row group " + g + " ends " + (mine < 0 ? "nowhere (it has " + in.rowGroups() + " row groups)"
            : "at row " + mine) + " there but "
            + (theirs < 0 ? "nowhere (input 0 has " + ref.rowGroups()
                + " row groups)" : "at row " + theirs)
            + " in input 0";
      }
    }
    return null;
  }

  /**
   * Joins {@code inputs}, copying the chunks of {@code sources} (the input itself, or its re-encoded columns where
   * {@code reencoded}), and publishes the output; {@code equated} are the report's lines for re-encoded columns the
   * output declares otherwise than their input ({@link Redeclaration#notes}).
   */
  public static ConcatResult join(Path destination, List<SpliceInput> inputs, List<SpliceInput> sources,
      boolean[] reencoded, List<String> equated, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    SpliceInput ref = inputs.get(0);
    List<String> reencodedColumns = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (reencoded[i]) {
        inputs.get(i).specs().forEach(s -> reencodedColumns.add(s.name()));
      }
    }
    Agreement agreement = Agreement.columns(inputs.get(0).metadata());
    for (int i = 1; i < inputs.size(); i++) {
      agreement.add(inputs.get(i).metadata());
    }
    // a re-encoded input's fields are those its source declares: the input's, but where Redeclaration kept the
    // engine's declaration
    String arrow = SpliceInput.joinedArrowSchema(sources);
    if (arrow != null) {
      agreement.put(WriteOptions.ARROW_SCHEMA_KEY, arrow);
    }
    SpliceFooter footer = SpliceFooter.columns(sources);
    long bytesRead = 0;
    List<FileChannel> channels = new ArrayList<>();
    try (SpliceOutput out = SpliceOutput.open(destination, options, opener)) {
      for (int i = 0; i < inputs.size(); i++) {
        out.refuse(inputs.get(i).path(), i);
      }
      List<InputReader> readers = new ArrayList<>();
      // inputs whose reports vouch for them are not hashed (re-encoded ones neither read whole again)
      InputDigest[] reported = new InputDigest[inputs.size()];
      for (int i = 0; i < sources.size(); i++) {
        FileChannel ch = RowSplice.openInput(sources.get(i).path(), i, destination);
        channels.add(ch);
        reported[i] = options.hashInputs() ? InputDigest.fromReport(inputs.get(i)) : null;
        readers.add(new InputReader(sources.get(i), ch, out.readBuffer, out.hashing,
            options.hashInputs() && !reencoded[i] && reported[i] == null));
      }
      boolean verify = options.verifyChecksums();
      for (int g = 0; g < ref.rowGroups(); g++) {
        footer.beginRowGroup(ref.rows(g));
        for (int i = 0; i < sources.size(); i++) {
          SpliceInput src = sources.get(i);
          SpliceIndexes indexes = SpliceIndexes.read(src, channels.get(i), g);
          long at = out.sink.position();
          long[] starts = new long[src.leaves()];
          List<InputReader.Segment> segments = new ArrayList<>();
          for (int leaf = 0; leaf < src.leaves(); leaf++) {
            starts[leaf] = at;
            at += src.chunk(g, leaf).length();
            segments.add(InputReader.Segment.of(src, g, leaf, indexes, verify));
          }
          readers.get(i).copy(segments, out.sink);
          footer.addChunks(src, g, starts, indexes);
        }
        footer.endRowGroup();
      }
      ProvenanceBuilder provenance = new ProvenanceBuilder(Axis.COLUMNS, destination);
      for (int i = 0; i < inputs.size(); i++) {
        InputDigest digest = InputDigest.bytes(readers.get(i).finish());
        bytesRead += readers.get(i).bytesRead();
        if (reencoded[i]) {
          // the input itself was read by the re-encoding, not by the copy: its digest is taken, and its change
          // checked, here
          if (options.hashInputs() && reported[i] == null) {
            digest = InputDigest.bytes(Blake3.hashFile(inputs.get(i).path()));
            bytesRead += inputs.get(i).length();
          }
          inputs.get(i).checkUnchanged();
        }
        if (reported[i] != null) {
          digest = reported[i];
          bytesRead += digest.bytesRead();
        }
        provenance.addColumns(inputs.get(i), digest, reencoded[i]);
      }
      Provenance p = provenance.build(ref.rows());
      SortedMap<String, String> kv = agreement.result(options, p);
      ContentHash digest = out.publish(footer, kv);
      ConcatResult r = new ConcatResult(destination, Axis.COLUMNS, ConcatResult.Publish.JOINED, ref.rows(),
          footer.rowGroups(), digest, bytesRead, out.bytesWritten(), p, reencodedColumns, equated);
      Reports.write(r, options, kv);
      return r;
    } finally {
      for (FileChannel ch : channels) {
        try {
          ch.close();
        } catch (IOException ignored) {
          // read-only channels: nothing is lost
        }
      }
    }
  }
}
