package io.github.artifactio.engine.internal.io;

import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.SpanTree;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import io.github.artifactio.engine.internal.concurrent.Lane;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hashes a file's bytes while the writer goes on writing, on a {@link Lane} of the writer's context. At 0.5 GB/s per
 * core on the scalar back end (1.85 on the lane loops, 2.0 with the Vector API), hashing inline would cost 8-40% of a
 * write; the bytes are final once written (the writers only append), so hashing them later gives the digest of the
 * published file.
 *
 * <p>The writer hands over full 1 MiB buffers, each one aligned span of the file, and gets back empty ones. A span is
 * a complete subtree of the BLAKE3 tree, so it can be hashed by any thread in any order ({@link SpanTree} merges them).
 * Bytes reach the file in bursts (a row group's chunks are appended when the row group ends), so the lane is given
 * room for {@value #BUFFERS} buffers (allocated only as needed): a burst is taken in at copy speed and hashed while the
 * next row group encodes. With 4 buffers the writer waited on the hasher through every burst (+74% on a hashed write in
 * a JVM without the Vector API, measured); with 64, +20%, because the last row group was still hashed by one thread
 * after the writer stopped. So {@link #finish()} does not just wait: the finishing thread, idle otherwise, hashes
 * queued spans alongside the lane, which halves that tail on two cores (and the serial writer streams a row group
 * column by column, so little is queued by then: the finishing thread's wait measured ~1 ms on the benchmark's 152 MB
 * file, and a hashed write took 1.00-1.01x an unhashed one, the median of back-to-back pairs in two runs of the write
 * benchmark, with the hasher on a thread of its own).
 *
 * <p>The lane runs one drain task at a time, which hashes queued spans until none is left and ends; the next span
 * handed over starts the next one. The writer never waits on the lane: when every buffer is queued it hashes a queued
 * span itself, so a drain task that has not started (a busy executor) costs speed, not progress. Where the context
 * grants no lane (the serial context, a saturated one, a writer on the context's own thread) every span is hashed on
 * the writer's thread as it is handed over, with one buffer.
 */
public final class BackgroundHasher implements AutoCloseable {
  static final int BUFFERS = 64;
  /** The size of every buffer handed out; every block but the last must be full. */
  public static final int BUFFER_BYTES = SpanTree.SPAN_LEN;

  private record Block(byte[] data, int length, long span) {}

  private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BUFFERS);
  private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
  private final SpanTree tree = new SpanTree();
  /** Whether a drain task is handed over and has not yet found the queue empty. */
  private final AtomicBoolean draining = new AtomicBoolean();
  private final Lane lane;
  private TreeHasher own;
  /** The drain tasks' hasher: they run one at a time, each after the last has ended (its back end's rows: 300 KiB). */
  private TreeHasher laneHasher;
  private int allocated;
  private long handed;
  private boolean shortHanded;
  private boolean laneClosed;
  private volatile Throwable failure;
  private ContentHash digest;

  /** A hasher on a lane of {@code workers} when one is free, else one that hashes on the writer's thread. */
  public BackgroundHasher(Workers workers) {
    this.lane = workers.lane();
  }

  /** Hashes queued spans until none is left; a span queued meanwhile is taken by this task or starts the next. */
  private void drain() {
    try {
      if (laneHasher == null) {
        laneHasher = new TreeHasher(Backends.best());
      }
      TreeHasher hasher = laneHasher;
      do {
        for (Block b = full.poll(); b != null; b = full.poll()) {
          hash(hasher, b);
        }
        draining.set(false);
      } while (!full.isEmpty() && draining.compareAndSet(false, true));
    } catch (Throwable t) {
      failure = t;
      draining.set(false);
    }
  }

  private void hash(TreeHasher hasher, Block b) {
    tree.complete(b.span(), SpanTree.spanNode(hasher, b.span(), b.data(), b.length()));
    free.offer(b.data()); // never full: at most BUFFERS buffers exist
  }

  private TreeHasher own() {
    if (own == null) {
      own = new TreeHasher(Backends.best());
    }
    return own;
  }

  /** Whether spans are hashed on a lane of the context (else on the writer's thread). */
  public boolean inBackground() {
    return lane != null;
  }

  /** An empty buffer of {@link #BUFFER_BYTES}, to fill before {@link #hash}. */
  public byte[] buffer() throws InterruptedException {
    check();
    byte[] b = free.poll();
    if (b != null) {
      return b;
    }
    if (allocated < (lane == null ? 1 : BUFFERS)) {
      allocated++;
      return new byte[BUFFER_BYTES];
    }
    // every buffer is queued or being hashed: hash a queued span here instead of waiting for the lane
    Block queued = full.poll();
    if (queued != null) {
      hash(own(), queued);
      return free.take();
    }
    return waitForFree(); // the lane is hashing the last queued span
  }

  private byte[] waitForFree() throws InterruptedException {
    while (true) {
      check();
      byte[] b = free.poll(100, TimeUnit.MILLISECONDS);
      if (b != null) {
        return b;
      }
    }
  }

  /**
   * Hashes the first {@code length} bytes of {@code data}, the file's next span, now or on the lane; the buffer
   * belongs to the hasher until it comes back from {@link #buffer()}. Only the last block may be shorter than a full
   * buffer.
   */
  public void hash(byte[] data, int length) throws InterruptedException {
    check();
    if (length == 0) {
      free.offer(data);
      return;
    }
    if (shortHanded) {
      throw new IllegalStateException("BackgroundHasher: a block followed a short one; only the last may be short");
    }
    shortHanded = length < BUFFER_BYTES;
    long span = handed++;
    tree.announce(span);
    Block b = new Block(data, length, span);
    if (lane == null) {
      hash(own(), b);
      return;
    }
    full.put(b); // never blocks: the queue holds every buffer
    if (draining.compareAndSet(false, true) && !lane.run(this::drain)) {
      draining.set(false); // the executor refused: the writer hashes the queue when its buffers run out, or at the end
    }
  }

  /** Hashes what is still queued on this thread and the lane's, and returns the digest of every byte handed over. */
  public ContentHash finish() throws InterruptedException {
    if (digest == null) {
      for (Block b = full.poll(); b != null; b = full.poll()) {
        check();
        hash(own(), b);
      }
      closeLane();
      check();
      byte[] out = new byte[32];
      tree.root().rootBytes(out, 0, 32);
      digest = ContentHash.of(out);
    }
    return digest;
  }

  /** Waits for the drain task hashing its last span (or skips one that never started) and gives the turn back. */
  private void closeLane() {
    if (lane != null && !laneClosed) {
      laneClosed = true;
      lane.close();
    }
  }

  private void check() {
    if (failure != null) {
      throw new IllegalStateException("hashing the written bytes failed", failure);
    }
  }

  /** Stops hashing without a digest (an abandoned write). */
  @Override
  public void close() {
    if (digest == null) {
      full.clear();
      closeLane();
    }
  }
}
