package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.splice.ColumnJoin;
import io.github.artifactio.engine.internal.parquet.splice.RowSplice;
import io.github.artifactio.engine.internal.parquet.splice.SpliceInput;
import io.github.artifactio.engine.internal.parquet.splice.SpliceOutput;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The columns axis with re-encoding ({@link ConcatOptions#reencode()}): the columns of every input whose row groups do
 * not line up with the first input's are decoded by the engine's reader ({@link TableFile}) and written again by
 * {@link TableWriter}, one file per row group of the first input, spliced into one aligned file ({@link SpliceWriter})
 * whose chunks the join then copies: their values are the input's, their bytes the engine writer's (SNAPPY, one row
 * group per output row group). It lives here, not beside the splice's mechanics, because it is the one part of a
 * concatenation that decodes and encodes: it is built from the public reading, writing and splicing APIs alone.
 */
final class Realignment {
  private Realignment() {}

  /** Joins {@code inputs}, re-encoding the columns of those whose row groups differ when the options allow it. */
  static ConcatResult join(
      Path destination, List<SpliceInput> inputs, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    ColumnJoin.checkJoinable(destination, inputs);
    SpliceInput ref = inputs.get(0);
    List<SpliceInput> sources = new ArrayList<>(inputs);
    boolean[] reencoded = new boolean[inputs.size()];
    Path scratch = null;
    try {
      for (int i = 1; i < inputs.size(); i++) {
        String boundary = ColumnJoin.firstDifferentBoundary(inputs.get(i), ref);
        if (boundary == null) {
          continue;
        }
        if (!options.reencode()) {
          throw new RowGroupsMisalignedException(inputs.get(i).path(), destination, i, ref.path(), boundary);
        }
        if (scratch == null) {
          scratch = scratchFolder(destination);
        }
        sources.set(i, aligned(inputs.get(i), i, ref, scratch, destination));
        reencoded[i] = true;
      }
      return ColumnJoin.join(destination, inputs, sources, reencoded, options, opener);
    } finally {
      if (scratch != null) {
        deleteTree(scratch);
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
        // serial: a re-encoded group is small next to the splice around it
        TableWriter.writeTableChunked(part, rows, (s, e) -> columns(source, first + s, e - s, names), opts,
            EngineContext.serial());
        w.append(part);
        deleteQuietly(part);
      }
      w.finish();
    }
    SpliceInput out = RowSplice.readInput(alignedPath, index, destination);
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
      s.sorted(Comparator.reverseOrder()).forEach(Realignment::deleteQuietly);
    } catch (IOException ignored) {
      // best effort: a scratch folder left behind holds no published artifact
    }
  }
}
