package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.io.AtomicFile;
import io.github.artifactio.engine.internal.io.EarlyWriteback;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SortedMap;

/**
 * The output file of a concatenation from first byte to publication: a temporary name beside the destination
 * ({@link AtomicFile}), the leading magic, the chunks (through {@link SpliceSink}), the footer, then sync and rename.
 * A durable output on a context with a turn to spare starts its device writes as it is written
 * ({@link EarlyWriteback}), so that the sync before the rename waits for the last bytes only.
 * Until {@link #publish} nothing exists at the destination, and {@link #close()} without it deletes the temporary
 * file, so a failed concatenation leaves the previous output as it was.
 */
public final class SpliceOutput implements AutoCloseable {
  /** Opens the temporary file's channel; tests replace it to fail a write after some bytes. */
  public interface ChannelOpener {
    WritableByteChannel open(Path temporary) throws IOException;
  }

  public static final ChannelOpener FILES =
      tmp -> FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

  final Path destination;
  final ConcatOptions options;
  final SpanHashing hashing;
  final byte[] readBuffer;
  private final AtomicFile file;
  private final WritableByteChannel channel;
  final SpliceSink sink;
  /** A durable output's device writes, started as it is written; null when not durable or no turn is spare. */
  private final EarlyWriteback writeback;

  private SpliceOutput(Path destination, ConcatOptions options, AtomicFile file, WritableByteChannel channel) {
    this.destination = destination;
    this.options = options;
    this.file = file;
    this.channel = channel;
    // taken before the hashing claims its lanes: a spare one, so the syncs, which mostly wait on the device, never
    // take the turn the hashing's fan-out needs (as the table writer does)
    this.writeback = earlyWriteback(options, channel);
    this.hashing = new SpanHashing(options.context());
    this.readBuffer = new byte[options.bufferBytes()];
    this.sink = new SpliceSink(file.temporary(), channel, options.bufferBytes(), hashing, writeback);
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    sink.write(magic, 0, magic.length);
  }

  /**
   * The early writeback of a durable output written through a file channel, on a spare lane of the options' context,
   * so that the sync before publication waits for the tail only; null otherwise (the final sync then does it all).
   */
  private static EarlyWriteback earlyWriteback(ConcatOptions options, WritableByteChannel channel) {
    if (!options.durable() || !(channel instanceof FileChannel fc)) {
      return null;
    }
    Lane lane = Workers.of(options.context()).spareLane();
    return lane == null ? null : new EarlyWriteback(lane, () -> fc.force(false));
  }

  static SpliceOutput open(Path destination, ConcatOptions options, ChannelOpener opener) {
    AtomicFile file = AtomicFile.create(destination);
    WritableByteChannel channel;
    try {
      channel = opener.open(file.temporary());
    } catch (IOException e) {
      file.close();
      throw new ArtifactException(destination, "concat: creating " + file.temporary() + ": " + e, e);
    }
    try {
      return new SpliceOutput(destination, options, file, channel);
    } catch (RuntimeException | Error e) {
      closeQuietly(channel);
      file.close();
      throw e;
    }
  }

  /** Refuses an input that is the destination (same file, by any name) or this output's temporary file. */
  public void refuse(Path input, int index) {
    refuse(destination, file.temporary(), input, index);
  }

  /** Refuses an input that is {@code destination} by any name (or {@code temporary}, when not null). */
  public static void refuse(Path destination, Path temporary, Path input, int index) {
    Path abs = input.toAbsolutePath().normalize();
    Path dest = destination.toAbsolutePath().normalize();
    boolean same = abs.equals(dest) || abs.equals(temporary);
    if (!same && Files.exists(dest)) {
      try {
        same = Files.isSameFile(input, dest);
      } catch (IOException e) {
        same = false; // the input's own open reports a missing input
      }
    }
    if (same) {
      throw new ArtifactException(input, "concat into " + destination + ": input " + index
          + " is the destination; write the output to another path");
    }
  }

  /** Writes the page indexes and the footer, syncs, renames into place; returns the output's digest. */
  ContentHash publish(SpliceFooter footer, SortedMap<String, String> metadata) {
    footer.writeTail(sink, metadata);
    ContentHash digest;
    try {
      digest = sink.finish();
    } finally {
      // the hashing is done: its turns go back to the context now, since a finished splice is not closed again (a
      // kept turn left every later splice on the same context hashing on the calling thread alone)
      hashing.close();
    }
    try {
      if (writeback != null) {
        writeback.close(); // its last sync ends before the channel closes under it; a failed one fails the output
      }
      channel.close();
    } catch (IOException e) {
      throw new ArtifactException(destination, "writing " + file.temporary() + ": " + e, e);
    }
    file.publish(options.durable());
    return digest;
  }

  long bytesWritten() {
    return sink.position();
  }

  @Override
  public void close() {
    hashing.close();
    if (writeback != null) {
      try {
        writeback.close();
      } catch (IOException ignored) {
        // abandoning: a failed sync of a file about to be deleted loses nothing
      }
    }
    closeQuietly(channel);
    file.close();
  }

  private static void closeQuietly(WritableByteChannel c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // abandoning: the temporary file is deleted next
    }
  }
}
