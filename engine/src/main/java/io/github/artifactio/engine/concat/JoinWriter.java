package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.parquet.SpliceFooter;
import io.github.artifactio.engine.internal.parquet.SpliceIndexes;
import io.github.artifactio.engine.internal.parquet.SpliceInput;
import io.github.artifactio.engine.internal.parquet.SplicePageCheck;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;

/**
 * The columns axis: row group {@code g} of the output holds the column chunks of row group {@code g} of every input,
 * input after input, copied byte for byte. The inputs must have the same rows in the same row groups and no column
 * name twice. When row groups do not line up and the caller asked for it ({@link ConcatOptions#reencode()}), the
 * columns of every input whose boundaries differ from the first input's are decoded by the engine's reader and
 * written again by {@link TableWriter}, one file per row group of the first input, spliced into one aligned file
 * whose chunks are then joined: their values are the input's (the report and the provenance say which columns), their
 * bytes are the engine writer's (SNAPPY, one row group per output row group).
 */
final class JoinWriter {
  private JoinWriter() {}

  static ConcatResult join(
      Path destination, List<SpliceInput> inputs, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
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
    List<SpliceInput> sources = new ArrayList<>(inputs);
    boolean[] reencoded = new boolean[inputs.size()];
    List<String> reencodedColumns = new ArrayList<>();
    Path scratch = null;
    try {
      for (int i = 1; i < inputs.size(); i++) {
        String boundary = firstDifferentBoundary(inputs.get(i), ref);
        if (boundary == null) {
          continue;
        }
        if (!options.reencode()) {
          throw new ArtifactException(inputs.get(i).path(), "concat columns into " + destination + ": the row groups of"
              + " input " + i + " do not line up with input 0's (" + ref.path() + "): "
              + boundary + "; ConcatOptions.reencode(true) re-encodes its columns to input 0's row groups");
        }
        if (scratch == null) {
          scratch = scratchFolder(destination);
        }
        sources.set(i, aligned(inputs.get(i), i, ref, scratch, destination));
        reencoded[i] = true;
        inputs.get(i).specs().forEach(s -> reencodedColumns.add(s.name()));
      }
      return copy(destination, inputs, sources, reencoded, reencodedColumns, options, opener);
    } finally {
      if (scratch != null) {
        deleteTree(scratch);
      }
    }
  }

  /** Where row group boundaries first differ, as a phrase, or null when they are the same. */
  private static String firstDifferentBoundary(SpliceInput in, SpliceInput ref) {
    int n = Math.max(in.rowGroups(), ref.rowGroups());
    for (int g = 0; g < n; g++) {
      long mine = g < in.rowGroups() ? in.firstRow(g) + in.rows(g) : -1;
      long theirs = g < ref.rowGroups() ? ref.firstRow(g) + ref.rows(g) : -1;
      if (mine != theirs) {
        return "row group " + g + " ends " + (mine < 0 ? "nowhere (it has " + in.rowGroups() + " row groups)"
            : "at row " + mine) + " there but " + (theirs < 0 ? "nowhere (input 0 has " + ref.rowGroups()
            + " row groups)" : "at row " + theirs) + " in input 0";
      }
    }
    return null;
  }

  private static ConcatResult copy(Path destination, List<SpliceInput> inputs, List<SpliceInput> sources,
      boolean[] reencoded, List<String> reencodedColumns, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    SpliceInput ref = inputs.get(0);
    Agreement agreement = Agreement.columns(inputs.get(0).metadata());
    for (int i = 1; i < inputs.size(); i++) {
      agreement.add(inputs.get(i).metadata());
    }
    String arrow = SpliceInput.joinedArrowSchema(inputs);
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
      for (int i = 0; i < sources.size(); i++) {
        SpliceInput src = sources.get(i);
        FileChannel ch = SpliceWriter.openInput(src.path(), i, destination);
        channels.add(ch);
        if (ch.size() != src.length()) {
          throw new ArtifactException(src.path(), "concat into " + destination + ": input " + i
              + " changed since its footer was read");
        }
        readers.add(new InputReader(src.path(), ch, src.length(), out.readBuffer, out.hashing,
            options.hashInputs() && !reencoded[i]));
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
            SpliceInput.Chunk c = src.chunk(g, leaf);
            starts[leaf] = at;
            at += c.length();
            segments.add(verify
                ? new InputReader.Segment(c.start(), c.length(),
                    new SplicePageCheck(src.path(), c.column(), g, c.length(), c.values()),
                    indexes.pageOffsets(leaf, c.start()), indexes.pageSizes(leaf))
                : new InputReader.Segment(c.start(), c.length(), null, null, null));
          }
          readers.get(i).copy(segments, out.sink);
          footer.addChunks(src, g, starts, indexes);
        }
        footer.endRowGroup();
      }
      ProvenanceBuilder provenance = new ProvenanceBuilder(Axis.COLUMNS, destination);
      for (int i = 0; i < inputs.size(); i++) {
        ContentHash digest = readers.get(i).finish();
        if (digest == null && reencoded[i] && options.hashInputs()) {
          digest = Blake3.hashFile(inputs.get(i).path());
          bytesRead += inputs.get(i).length();
        }
        bytesRead += readers.get(i).bytesRead();
        provenance.addColumns(inputs.get(i), digest, reencoded[i]);
      }
      Provenance p = provenance.build(ref.rows());
      SortedMap<String, String> kv = agreement.result(options, p);
      ContentHash digest = out.publish(footer, kv);
      ConcatResult r = new ConcatResult(destination, Axis.COLUMNS, ConcatResult.Publish.JOINED, ref.rows(),
          footer.rowGroups(), digest, bytesRead, out.bytesWritten(), p, reencodedColumns);
      Reports.write(r, options, kv);
      return r;
    } catch (IOException e) {
      throw new ArtifactException(destination, "concat columns: " + e, e);
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

  private static Path scratchFolder(Path destination) {
    Path dest = destination.toAbsolutePath().normalize();
    try {
      Files.createDirectories(dest.getParent());
      return Files.createTempDirectory(dest.getParent(), dest.getFileName() + ".reencode-");
    } catch (IOException e) {
      throw new ArtifactException(destination, "concat columns: creating a scratch folder for re-encoding: " + e, e);
    }
  }

  /**
   * Input {@code in}'s columns decoded and written again in {@code ref}'s row groups: one file per row group (the
   * writer capped at that group's rows, so it writes exactly one), spliced into one.
   */
  private static SpliceInput aligned(SpliceInput in, int index, SpliceInput ref, Path scratch, Path destination) {
    TableFile source = TableFile.open(in.path());
    String[] names = in.specs().stream().map(ColumnSpec::name).toArray(String[]::new);
    Path alignedPath = scratch.resolve("input-" + index + ".parquet");
    ConcatOptions quiet = ConcatOptions.builder().report(false).hashInputs(false).durable(false).build();
    try (SpliceWriter w = SpliceWriter.open(alignedPath, quiet)) {
      for (int g = 0; g < ref.rowGroups(); g++) {
        long first = ref.firstRow(g);
        long rows = ref.rows(g);
        Path part = scratch.resolve("input-" + index + "-group-" + g + ".parquet");
        WriteOptions opts = WriteOptions.builder().rowGroupRows((int) Math.max(1, Math.min(Integer.MAX_VALUE, rows)))
            .durable(false).build();
        // serial: a re-encoded group is small next to the splice around it (null is refused since the EngineContext
        // change, which failed JoinColumnsTest's re-encode)
        TableWriter.writeTableChunked(part, rows, (s, e) -> columns(source, first + s, e - s, names), opts,
            EngineContext.serial());
        w.append(part);
        deleteQuietly(part);
      }
      w.finish();
    }
    SpliceInput out = SpliceWriter.readInput(alignedPath, index, destination);
    String diff = out.differenceFrom(in, "the re-encoded columns", "input " + index);
    if (diff != null) {
      throw new ArtifactException(in.path(), "concat columns into " + destination + ": the columns of input " + index
          + " cannot be re-encoded as they are: " + diff);
    }
    return out;
  }

  private static List<Column> columns(TableFile source, long first, long rows, String[] names) {
    return source.span(first, rows).read(names).columns();
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // the scratch folder is removed whole at the end
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      s.sorted(Comparator.reverseOrder()).forEach(JoinWriter::deleteQuietly);
    } catch (IOException ignored) {
      // best effort: a scratch folder left behind holds no published artifact
    }
  }
}
