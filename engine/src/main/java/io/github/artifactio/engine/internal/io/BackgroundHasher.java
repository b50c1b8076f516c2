package io.github.artifactio.engine.internal.io;

import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.SpanTree;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Hashes a file's bytes on a thread of its own while the writer goes on writing. At about 0.4 GB/s per core in plain
 * Java, hashing inline would cost some 40% of a write; the bytes are final once written (the writers only append), so
 * hashing them later gives the digest of the published file.
 *
 * <p>The writer hands over full 1 MiB buffers, each one aligned span of the file, and gets back empty ones. A span is
 * a complete subtree of the BLAKE3 tree, so it can be hashed by any thread in any order ({@link SpanTree} merges them).
 * Bytes reach the file in bursts (a row group's chunks are appended when the row group ends), so the hasher is given
 * room for {@value #BUFFERS} buffers (allocated only as needed): a burst is taken in at copy speed and hashed while the
 * next row group encodes. With 4 buffers the writer waited on the hasher through every burst (+74% on a hashed write in
 * a JVM without the Vector API, measured); with 64, +20%, because the last row group was still hashed by this one
 * thread after the writer stopped. So {@link #finish()} does not just wait: the finishing thread, idle otherwise,
 * hashes queued spans alongside the hasher thread, which halves that tail on two cores (and the serial writer now
 * streams a row group column by column, so little is queued by then: the finishing thread's wait measured ~1 ms on the
 * benchmark's 152 MB file, and a hashed write took 1.00-1.01x an unhashed one, the median of back-to-back pairs in two
 * runs of the write benchmark). A writer that outruns the
 * hasher waits for it (bounded memory, never a dropped byte). The thread is this writer's own and ends with
 * {@link #finish()} or {@link #close()}.
 */
public final class BackgroundHasher implements AutoCloseable {
  static final int BUFFERS = 64;
  /** The size of every buffer handed out; every submitted block but the last must be full. */
  public static final int BUFFER_BYTES = SpanTree.SPAN_LEN;

  private record Block(byte[] data, int length, long span) {}

  private static final Block END = new Block(new byte[0], -1, -1);

  private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BUFFERS + 1);
  private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
  private final SpanTree tree = new SpanTree();
  private final Thread thread;
  private int allocated;
  private long submitted;
  private boolean shortSubmitted;
  private volatile Throwable failure;
  private ContentHash digest;

  public BackgroundHasher(String name) {
    this.thread = new Thread(this::loop, name);
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    try {
      TreeHasher hasher = new TreeHasher(Backends.best());
      while (true) {
        Block b = full.take();
        if (b == END) {
          return;
        }
        hash(hasher, b);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      failure = t;
    }
  }

  private void hash(TreeHasher hasher, Block b) {
    tree.complete(b.span(), SpanTree.spanNode(hasher, b.span(), b.data(), b.length()));
    free.offer(b.data()); // never full: at most BUFFERS buffers exist
  }

  /** An empty buffer of {@link #BUFFER_BYTES}, to fill before {@link #submit}. */
  public byte[] buffer() throws InterruptedException {
    byte[] b = free.poll();
    if (b != null) {
      return b;
    }
    if (allocated < BUFFERS) {
      allocated++;
      return new byte[BUFFER_BYTES];
    }
    return waitForFree();
  }

  private byte[] waitForFree() throws InterruptedException {
    while (true) {
      check();
      byte[] b = free.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
      if (b != null) {
        return b;
      }
    }
  }

  /**
   * Queues the first {@code length} bytes of {@code data}, the file's next span, for hashing; the buffer belongs to
   * the hasher until it comes back from {@link #buffer()}. Only the last block may be shorter than a full buffer.
   */
  public void submit(byte[] data, int length) throws InterruptedException {
    check();
    if (length == 0) {
      free.offer(data);
      return;
    }
    if (shortSubmitted) {
      throw new IllegalStateException("BackgroundHasher: a block followed a short one; only the last may be short");
    }
    shortSubmitted = length < BUFFER_BYTES;
    long span = submitted++;
    tree.announce(span);
    full.put(new Block(data, length, span));
  }

  /** Hashes what is still queued on this thread and the hasher's, and returns the digest of every submitted byte. */
  public ContentHash finish() throws InterruptedException {
    if (digest == null) {
      TreeHasher helper = null;
      for (Block b = full.poll(); b != null; b = full.poll()) {
        check();
        if (helper == null) {
          helper = new TreeHasher(Backends.best());
        }
        hash(helper, b);
      }
      full.put(END);
      thread.join();
      check();
      byte[] out = new byte[32];
      tree.root().rootBytes(out, 0, 32);
      digest = ContentHash.of(out);
    }
    return digest;
  }

  private void check() {
    if (failure != null) {
      throw new IllegalStateException("hashing the written bytes failed", failure);
    }
  }

  /** Stops the thread without a digest (an abandoned write). */
  @Override
  public void close() {
    if (digest == null && thread.isAlive()) {
      thread.interrupt();
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
