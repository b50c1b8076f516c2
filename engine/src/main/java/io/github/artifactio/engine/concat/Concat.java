package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.parquet.splice.RowSplice;
import io.github.artifactio.engine.internal.parquet.splice.SingleInput;
import io.github.artifactio.engine.internal.parquet.splice.SpliceInput;
import io.github.artifactio.engine.internal.parquet.splice.SpliceOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Concatenates Parquet files without decoding them: {@code concat(destination, inputs, ROWS, options)} splices the
 * inputs' row groups one input after the other ({@link SpliceWriter}); {@code concat(destination, inputs, COLUMNS,
 * options)} joins their columns row group by row group. Every input's footer is read and checked against the others
 * before any byte is copied; the output appears at {@code destination} whole or not at all, and not at all when an
 * input's size or modification time moved between the reading of its footer and the copy of its last byte.
 *
 * <p>One input is published as it is, hard-linked where the filesystem allows and byte-copied otherwise (the result
 * says which), after its pages were checked; its footer is then the input's and records no provenance (the result and
 * the report do).
 */
public final class Concat {
  private Concat() {}

  /** Concatenates {@code inputs} along {@code axis} into {@code destination}. */
  public static ConcatResult concat(Path destination, List<Path> inputs, Axis axis, ConcatOptions options) {
    return concat(destination, inputs, axis, options, SpliceOutput.FILES);
  }

  /** The same, with the output's channel opened by {@code opener} (tests fail writes with it). */
  static ConcatResult concat(
      Path destination, List<Path> inputs, Axis axis, ConcatOptions options, SpliceOutput.ChannelOpener opener) {
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(axis, "axis");
    Objects.requireNonNull(options, "options");
    if (inputs.isEmpty()) {
      throw new ArtifactException(destination, "concat " + axis.jsonName() + ": no inputs; give at least one");
    }
    for (int i = 0; i < inputs.size(); i++) {
      SpliceOutput.refuse(destination, null, Objects.requireNonNull(inputs.get(i), "input " + i), i);
    }
    // the output is hashed as it is written: a thread of the context has the hashing loops compiled while the inputs'
    // footers are read, instead of the first hundred megabytes being hashed on the JIT's slow code (Blake3.prepare)
    Workers.of(options.context()).offer(Blake3::prepare);
    List<SpliceInput> ins = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      ins.add(RowSplice.readInput(inputs.get(i), i, destination));
    }
    if (ins.size() == 1) {
      return SingleInput.publish(destination, ins.get(0), axis, options);
    }
    if (axis == Axis.COLUMNS) {
      return Realignment.join(destination, ins, options, opener);
    }
    for (int i = 1; i < ins.size(); i++) {
      String diff = ins.get(i).differenceFrom(ins.get(0), "input " + i, "input 0");
      if (diff != null) {
        throw new ArtifactException(ins.get(i).path(), "concat rows into " + destination + ": input " + i
            + " does not have the columns of input 0 (" + ins.get(0).path() + "): " + diff);
      }
    }
    try (RowSplice splice = RowSplice.open(destination, options, opener)) {
      for (SpliceInput in : ins) {
        splice.append(in, null);
      }
      return splice.finish();
    }
  }
}
