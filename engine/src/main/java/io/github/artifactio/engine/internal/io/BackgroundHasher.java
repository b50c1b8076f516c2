package io.github.artifactio.engine.internal.io;

import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Hasher;
import io.github.artifactio.engine.hash.ContentHash;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Hashes a file's bytes on a thread of its own while the writer goes on writing. At about 0.4 GB/s per core in plain
 * Java, hashing inline would cost some 40% of a write; the bytes are final once written (the writers only append), so
 * hashing them later, in order, gives the digest of the published file.
 *
 * <p>The writer hands over a full buffer and gets back an empty one. Bytes reach the file in bursts (a row group's
 * chunks are appended when the row group ends), so the hasher is given room for {@value #BUFFERS} buffers of 1 MiB
 * (allocated only as needed): a burst is taken in at copy speed and hashed while the next row group encodes. With 4
 * buffers the writer waited on the hasher through every burst (+74% on a hashed write in a JVM without the Vector
 * API, measured); with 64, +20% in the write benchmark (the last row group is still hashed after the writer stops). A writer that outruns even that waits for it (bounded memory, never a dropped
 * byte). The thread is this writer's own and ends with {@link #finish()} or {@link #close()}.
 */
public final class BackgroundHasher implements AutoCloseable {
  static final int BUFFERS = 64;

  private record Block(byte[] data, int length) {}

  private static final Block END = new Block(new byte[0], -1);

  private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BUFFERS + 1);
  private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
  private final Blake3Hasher hasher = Blake3.newHasher();
  private final Thread thread;
  private final int bufferBytes;
  private int allocated;
  private volatile Throwable failure;
  private ContentHash digest;

  public BackgroundHasher(String name, int bufferBytes) {
    this.bufferBytes = bufferBytes;
    this.thread = new Thread(this::loop, name);
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    try {
      while (true) {
        Block b = full.take();
        if (b == END) {
          return;
        }
        hasher.update(b.data(), 0, b.length());
        free.put(b.data());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      failure = t;
    }
  }

  /** An empty buffer of the agreed size, to fill before {@link #submit}. */
  public byte[] buffer() throws InterruptedException {
    byte[] b = free.poll();
    if (b != null) {
      return b;
    }
    if (allocated < BUFFERS) {
      allocated++;
      return new byte[bufferBytes];
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

  /** Queues the first {@code length} bytes of {@code data} for hashing; the buffer belongs to the hasher until then. */
  public void submit(byte[] data, int length) throws InterruptedException {
    check();
    if (length > 0) {
      full.put(new Block(data, length));
    } else {
      free.offer(data);
    }
  }

  /** Waits until every queued byte is hashed and returns the digest. */
  public ContentHash finish() throws InterruptedException {
    if (digest == null) {
      full.put(END);
      thread.join();
      check();
      digest = hasher.digest();
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
