package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.splice.ColumnJoin;
import io.github.artifactio.engine.internal.parquet.splice.Redeclaration;
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
 * group per output row group), their declarations the input's where the pages allow ({@link Redeclaration}). A column
 * the engine's reader does not decode cannot be written again: such an input is refused before anything is decoded.
 * It lives here, not beside the splice's mechanics, because it is the one part of a concatenation that decodes and
 * encodes: it is built from the public reading, writing and splicing APIs alone.
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
    List<String> notes = new ArrayList<>();
    Path scratch = null;
    String[] boundaries = new String[inputs.size()];
    for (int i = 1; i < inputs.size(); i++) {
      boundaries[i] = ColumnJoin.firstDifferentBoundary(inputs.get(i), ref);
      if (boundaries[i] == null) {
        continue;
      }
      if (!options.reencode()) {
        throw new RowGroupsMisalignedException(inputs.get(i).path(), destination, i, ref.path(), boundaries[i]);
      }
      // every input is checked before any is decoded: a refusal costs no re-encoding
      requireReadable(inputs.get(i), i, destination);
    }
    try {
      for (int i = 1; i < inputs.size(); i++) {
        if (boundaries[i] == null) {
          continue;
        }
        if (scratch == null) {
          scratch = scratchFolder(destination);
        }
        Redeclaration r = aligned(inputs.get(i), i, ref, scratch, destination);
        sources.set(i, r.source());
        notes.addAll(r.notes());
        reencoded[i] = true;
      }
      return ColumnJoin.join(destination, inputs, sources, reencoded, notes, options, opener);
    } finally {
      if (scratch != null) {
        deleteTree(scratch);
      }
    }
  }

  /**
   * Refuses, before anything is decoded, an input with a column of a type the engine's reader does not decode (DATE,
   * TIMESTAMP, DECIMAL, BINARY, narrow or unsigned 64-bit integers, structs, lists of anything but floats): what the
   * reader cannot read, the re-encoding cannot write.
   */
  private static void requireReadable(SpliceInput in, int index, Path destination) {
    for (ColumnSpec s : in.specs()) {
      if (s.decodedAs() == null) {
        throw new ColumnTypeException(in.path(), s.name(), null, "concat columns into " + destination + ": input "
            + index + "'s row groups do not line up with input 0's and its column has type " + s.arrowType() + " ("
            + s.parquetType().replaceAll("\\s+", " ") + "), which the engine does not read, so it cannot re-encode it;"
            + " write the input in input 0's row groups");
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
  private static Redeclaration aligned(SpliceInput in, int index, SpliceInput ref, Path scratch, Path destination) {
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
    return Redeclaration.of(out, in, "input " + index, destination.toString());
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
