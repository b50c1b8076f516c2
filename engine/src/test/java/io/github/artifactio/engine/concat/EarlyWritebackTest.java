package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.internal.parquet.splice.SpliceOutput;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable concatenation on a context with a turn to spare syncs its output as it is written (every 16 MiB, when no
 * earlier sync still runs), so that the sync before the rename waits for the tail only; a scratch output, or one on
 * the serial context, is synced once or not at all. The syncs only decide when the kernel writes pages back: the bytes
 * are the same.
 */
class EarlyWritebackTest {
  static final int ROWS = 1_500_000;

  @TempDir Path dir;

  /** Two inputs of 24 MB of random longs and doubles, uncompressed: 48 MB of output, two 16 MiB intervals, a tail. */
  private List<Path> inputs() {
    List<Path> out = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      SplittableRandom r = new SplittableRandom(i);
      long[] ids = new long[ROWS];
      double[] xs = new double[ROWS];
      for (int k = 0; k < ROWS; k++) {
        ids[k] = r.nextLong();
        xs[k] = r.nextDouble();
      }
      Path p = dir.resolve("in-" + i + ".parquet");
      TableWriter.writeTable(p, List.of(new Int64Column("id", ids), new Float64Column("x", xs)),
          WriteOptions.builder().codec(Codec.UNCOMPRESSED).plainColumn("id").plainColumn("x").build());
      out.add(p);
    }
    return out;
  }

  @Test
  void a_durable_output_on_a_context_with_a_spare_turn_is_synced_while_written_and_a_scratch_one_is_not()
      throws Exception {
    List<Path> inputs = inputs();
    AtomicInteger durableSyncs = new AtomicInteger();
    AtomicInteger scratchSyncs = new AtomicInteger();
    AtomicInteger serialSyncs = new AtomicInteger();
    ConcatResult durable;
    ConcatResult scratch;
    try (EngineContext context = EngineContext.create("writeback-test", 2)) {
      ConcatOptions options = ConcatOptions.builder().context(context).build();
      durable = Concat.concat(dir.resolve("durable.parquet"), inputs, Axis.ROWS, options, counting(durableSyncs));
      scratch = Concat.concat(dir.resolve("scratch.parquet"), inputs, Axis.ROWS,
          options.toBuilder().durable(false).build(), counting(scratchSyncs));
    }
    ConcatResult serial = Concat.concat(dir.resolve("serial.parquet"), inputs, Axis.ROWS, ConcatOptions.defaults(),
        counting(serialSyncs));
    assertTrue(durable.bytesWritten() > 2L * (16 << 20), "an output of " + durable.bytesWritten() + " bytes");
    assertTrue(durableSyncs.get() >= 1, "early syncs: " + durableSyncs.get());
    assertEquals(0, scratchSyncs.get(), "a scratch output is never synced");
    assertEquals(0, serialSyncs.get(), "the serial context has no turn to spare: the final sync does it all");
    assertEquals(Blake3.hashFile(dir.resolve("serial.parquet")), durable.contentHash());
    assertEquals(serial.contentHash(), scratch.contentHash());
    assertEquals(Files.size(dir.resolve("serial.parquet")), Files.size(dir.resolve("durable.parquet")));
  }

  /** Opens the output as ever, counting the syncs made through its channel (the final one opens the file again). */
  private static SpliceOutput.ChannelOpener counting(AtomicInteger syncs) {
    return tmp -> new SyncCounting((FileChannel) SpliceOutput.FILES.open(tmp), syncs);
  }

  /** A file channel passing everything to the real one, counting {@link #force} calls. */
  private static final class SyncCounting extends FileChannel {
    private final FileChannel real;
    private final AtomicInteger syncs;

    SyncCounting(FileChannel real, AtomicInteger syncs) {
      this.real = real;
      this.syncs = syncs;
    }

    @Override
    public void force(boolean metaData) throws IOException {
      syncs.incrementAndGet();
      real.force(metaData);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
      return real.read(dsts, offset, length);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      return real.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      return real.write(srcs, offset, length);
    }

    @Override
    public long position() throws IOException {
      return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
      real.position(newPosition);
      return this;
    }

    @Override
    public long size() throws IOException {
      return real.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
      real.truncate(size);
      return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
      return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
      return real.transferFrom(src, position, count);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      return real.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
      return real.write(src, position);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
      return real.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
      return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
      return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      real.close();
    }
  }
}
