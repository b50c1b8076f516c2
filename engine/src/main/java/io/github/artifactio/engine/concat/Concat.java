package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.parquet.SpliceFooter;
import io.github.artifactio.engine.internal.parquet.SpliceIndexes;
import io.github.artifactio.engine.internal.parquet.SpliceInput;
import io.github.artifactio.engine.internal.parquet.SplicePageCheck;
import io.github.artifactio.engine.table.Publication;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Concatenates Parquet files without decoding them: {@code concat(destination, inputs, ROWS, options)} splices the
 * inputs' row groups one input after the other ({@link SpliceWriter}); {@code concat(destination, inputs, COLUMNS,
 * options)} joins their columns row group by row group. Every input's footer is read and checked against the others
 * before any byte is copied; the output appears at {@code destination} whole or not at all.
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
    List<SpliceInput> ins = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      ins.add(SpliceWriter.readInput(inputs.get(i), i, destination));
    }
    if (ins.size() == 1) {
      return single(destination, ins.get(0), axis, options);
    }
    if (axis == Axis.COLUMNS) {
      return JoinWriter.join(destination, ins, options, opener);
    }
    for (int i = 1; i < ins.size(); i++) {
      String diff = ins.get(i).differenceFrom(ins.get(0), "input " + i, "input 0");
      if (diff != null) {
        throw new ArtifactException(ins.get(i).path(), "concat rows into " + destination + ": input " + i
            + " does not have the columns of input 0 (" + ins.get(0).path() + "): " + diff);
      }
    }
    try (SpliceWriter w = SpliceWriter.open(destination, options, opener)) {
      for (SpliceInput in : ins) {
        w.append(in, null);
      }
      return w.finish();
    }
  }

  /** One input: its pages checked and its bytes hashed in one read, then linked or copied into place. */
  private static ConcatResult single(Path destination, SpliceInput in, Axis axis, ConcatOptions options) {
    ContentHash digest;
    long read;
    try (SpanHashing hashing = new SpanHashing(options.context());
        FileChannel ch = SpliceWriter.openInput(in.path(), 0, destination)) {
      if (ch.size() != in.length()) {
        throw new ArtifactException(in.path(), "concat into " + destination
            + ": input 0 changed since its footer was read");
      }
      List<InputReader.Segment> segments = new ArrayList<>();
      for (int g = 0; g < in.rowGroups(); g++) {
        SpliceIndexes indexes = options.verifyChecksums() ? SpliceIndexes.read(in, ch, g) : null;
        for (int leaf = 0; leaf < in.leaves(); leaf++) {
          SpliceInput.Chunk c = in.chunk(g, leaf);
          segments.add(options.verifyChecksums()
              ? new InputReader.Segment(c.start(), c.length(),
                  new SplicePageCheck(in.path(), c.column(), g, c.length(), c.values()),
                  indexes.pageOffsets(leaf, c.start()), indexes.pageSizes(leaf))
              : new InputReader.Segment(c.start(), c.length(), null, null, null));
        }
      }
      InputReader reader = new InputReader(in.path(), ch, in.length(), new byte[options.bufferBytes()], hashing, true);
      reader.copy(segments, new Discard());
      digest = reader.finish();
      read = reader.bytesRead();
    } catch (IOException e) {
      throw new ArtifactException(in.path(), "reading failed: " + e, e);
    }
    Publication.FileCopy how = Publication.publishCopyOf(in.path(), destination);
    ProvenanceBuilder p = new ProvenanceBuilder(axis, destination);
    p.addWhole(in, digest);
    ConcatResult r = new ConcatResult(destination, axis,
        how == Publication.FileCopy.HARD_LINK ? ConcatResult.Publish.HARD_LINK : ConcatResult.Publish.BYTE_COPY,
        in.rows(), in.rowGroups(), digest, read, in.length(), p.build(in.rows()), List.of());
    Reports.write(r, options, in.metadata());
    return r;
  }

  /** Where a verification pass sends the bytes it checked. */
  private static final class Discard implements SpliceFooter.TailSink {
    private long position;

    @Override
    public long position() {
      return position;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      position += len;
    }
  }
}
