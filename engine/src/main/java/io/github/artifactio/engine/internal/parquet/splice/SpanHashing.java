package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.Output;
import io.github.artifactio.engine.internal.blake3.SpanTree;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * BLAKE3 of the byte streams a splice reads and writes, taken from its own buffers while they are in use. A stream is
 * cut into 1 MiB spans aligned to its start; each full span in a buffer is a complete subtree of the BLAKE3 tree
 * ({@link SpanTree}), so the spans of a buffer are hashed as one {@link Batch}: by the engine context's threads where
 * the caller gave one (one {@link Lane} per thread the context grants, held for the splice; helpers claim spans from a
 * counter) and by the calling thread, which claims spans too when it waits instead of idling, so a saturated context
 * never deadlocks a splice and on the serial context everything runs on the calling thread. A span cut by a buffer's
 * end is collected in the stream's own 1 MiB buffer and hashed there.
 *
 * <p>Memory: one 1 MiB carry buffer per stream; a batch only points into the buffer it hashes, which its owner does
 * not reuse before {@link Batch#await()} returned.
 */
public final class SpanHashing implements AutoCloseable {
  public static final int SPAN = SpanTree.SPAN_LEN;
  /** BLAKE3's chunk length: a span's first chunk counter is its index times the chunks of a span. */
  private static final int CHUNK = 1024;

  private final Workers workers;
  /** The turns held for this hashing, taken at the first batch; none on the serial or a busy context. */
  private List<Lane> lanes;

  SpanHashing(EngineContext context) {
    this.workers = Workers.of(context);
  }

  private List<Lane> lanes() {
    if (lanes == null) {
      lanes = new ArrayList<>();
      for (int i = 0; i < workers.threads(); i++) {
        Lane lane = workers.lane();
        if (lane == null) {
          break;
        }
        lanes.add(lane);
      }
    }
    return lanes;
  }

  /** Gives the turns back, once the tasks handed to them have ended or will never start. */
  @Override
  public void close() {
    if (lanes != null) {
      for (Lane lane : lanes) {
        lane.close();
      }
      lanes = List.of();
    }
  }

  /** One byte stream's digest, fed in order. */
  final class Stream {
    private final SpanTree tree = new SpanTree();
    private byte[] carry;
    private int carried;
    /** Hashes the carried spans, on the feeding thread (a hasher holds a back end's rows and a staged group). */
    private TreeHasher own;
    private long position;
    private ContentHash digest;

    long position() {
      return position;
    }

    /**
     * The stream's next {@code len} bytes: the full spans that lie in {@code b} go to {@code batch} (which then points
     * into {@code b}); bytes of a span cut by either end of the piece go through the carry buffer.
     */
    void feed(byte[] b, int off, int len, Batch batch) {
      while (len > 0) {
        if (carried > 0 || position % SPAN != 0 || len < SPAN) {
          int n = (int) Math.min(len, SPAN - position % SPAN);
          if (carry == null) {
            carry = new byte[SPAN];
          }
          System.arraycopy(b, off, carry, carried, n);
          carried += n;
          position += n;
          off += n;
          len -= n;
          if (carried == SPAN) {
            // a full span in the carry: hashed here, since the carry is refilled next
            long span = position / SPAN - 1;
            tree.announce(span);
            tree.complete(span, node(own(), span, carry, 0, SPAN));
            carried = 0;
          }
          continue;
        }
        long span = position / SPAN;
        tree.announce(span);
        batch.add(this, span, b, off);
        position += SPAN;
        off += SPAN;
        len -= SPAN;
      }
    }

    private TreeHasher own() {
      if (own == null) {
        own = new TreeHasher(Backends.best());
      }
      return own;
    }

    /** The digest of every byte fed; the batches that hold spans of this stream must have completed. */
    ContentHash finish() {
      if (digest == null) {
        if (carried > 0) {
          long span = (position - carried) / SPAN;
          tree.announce(span);
          tree.complete(span, node(own(), span, carry, 0, carried));
          carried = 0;
        }
        byte[] out = new byte[32];
        tree.root().rootBytes(out, 0, 32);
        digest = ContentHash.of(out);
      }
      return digest;
    }
  }

  Stream stream() {
    return new Stream();
  }

  private static Output node(TreeHasher hasher, long span, byte[] data, int off, int len) {
    hasher.reset(span * (SPAN / CHUNK));
    hasher.update(data, off, len);
    return hasher.finish();
  }

  Batch batch() {
    return new Batch();
  }

  /** Full spans of one or more streams, hashed together. */
  final class Batch {
    private record Item(Stream stream, long span, byte[] data, int off) {}

    private final List<Item> items = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private CountDownLatch done;

    void add(Stream s, long span, byte[] data, int off) {
      if (done != null) {
        throw new IllegalStateException("a batch takes no spans once started");
      }
      items.add(new Item(s, span, data, off));
    }

    /** Hands the spans to the lanes' threads; the calling thread joins in {@link #await()}. */
    Batch start() {
      done = new CountDownLatch(items.size());
      List<Lane> held = lanes();
      for (int i = 0; i < Math.min(held.size(), items.size() - 1); i++) {
        if (!held.get(i).run(this::work)) {
          break; // the calling thread hashes what no helper takes
        }
      }
      return this;
    }

    private void work() {
      TreeHasher hasher = null;
      for (int i = next.getAndIncrement(); i < items.size(); i = next.getAndIncrement()) {
        try {
          Item it = items.get(i);
          if (hasher == null) {
            hasher = new TreeHasher(Backends.best());
          }
          it.stream.tree.complete(it.span, node(hasher, it.span, it.data, it.off, SPAN));
        } catch (RuntimeException | Error e) {
          failure.compareAndSet(null, e);
        } finally {
          done.countDown();
        }
      }
    }

    /** Hashes what is left on the calling thread, then waits for the helpers' spans. */
    void await() {
      if (done == null) {
        start();
      }
      work();
      try {
        done.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        next.set(items.size());
        throw new IllegalStateException("interrupted while hashing", e);
      }
      Throwable t = failure.get();
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error err) {
        throw err;
      }
    }
  }
}
