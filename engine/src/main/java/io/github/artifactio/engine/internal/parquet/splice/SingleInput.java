package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.io.AtomicFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A concatenation of one input, on either axis: the input is hard-linked (or, across filesystems, byte-copied) to a
 * temporary name beside the destination, then read once, start to end, to check its pages and take its digest (its
 * chunks only, for the page checks, when its report vouches for its digest: {@link InputDigest#fromReport}), and
 * renamed into place only when the read found it whole and unchanged since its footer was read. Its footer is the
 * input's and records no provenance (the result and the report do).
 */
public final class SingleInput {
  private SingleInput() {}

  /** Publishes {@code in} at {@code destination}. */
  public static ConcatResult publish(Path destination, SpliceInput in, Axis axis, ConcatOptions options) {
    try (AtomicFile out = AtomicFile.create(destination)) {
      boolean linked = out.linkOrCopy(in.path());
      // the digest is the output's content hash too, so it is taken whether or not inputs are hashed; an input whose
      // report vouches for it is read for its page checks only
      InputDigest reported = InputDigest.fromReport(in);
      InputDigest digest;
      long read;
      try (SpanHashing hashing = new SpanHashing(options.context());
          FileChannel ch = RowSplice.openInput(in.path(), 0, destination)) {
        List<InputReader.Segment> segments = new ArrayList<>();
        for (int g = 0; g < in.rowGroups(); g++) {
          SpliceIndexes indexes = options.verifyChecksums() ? SpliceIndexes.read(in, ch, g) : null;
          for (int leaf = 0; leaf < in.leaves(); leaf++) {
            segments.add(InputReader.Segment.of(in, g, leaf, indexes, options.verifyChecksums()));
          }
        }
        InputReader reader = new InputReader(in, ch, new byte[options.bufferBytes()], hashing, reported == null);
        if (reported == null || options.verifyChecksums()) {
          reader.copy(segments, new Discard()); // else nothing needs the bytes: the output holds them already
        }
        ContentHash hashed = reader.finish();
        digest = reported != null ? reported : InputDigest.bytes(hashed);
        read = reader.bytesRead() + digest.bytesRead();
      } catch (IOException e) {
        throw new ArtifactException(in.path(), "reading failed: " + e, e);
      }
      out.publish(options.durable());
      ProvenanceBuilder p = new ProvenanceBuilder(axis, destination);
      p.addWhole(in, digest);
      ConcatResult r = new ConcatResult(destination, axis,
          linked ? ConcatResult.Publish.HARD_LINK : ConcatResult.Publish.BYTE_COPY, in.rows(), in.rowGroups(),
          digest.hash(), read, in.length(), p.build(in.rows()), List.of(), List.of());
      Reports.write(r, options, in.metadata());
      return r;
    }
  }

  /** Where the verification read sends the bytes it checked: the output already holds them. */
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
