package io.github.artifactio.engine.internal.blake3;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Subtree-parallel BLAKE3 over the caller's executor.
 *
 * <p>The input is cut into 1 MiB spans of 1024 chunks. Each span is a complete, aligned subtree of the BLAKE3 tree
 * (except the last, which is the rightmost partial one), so its chaining value can be computed on any thread with the
 * chunk counter offset by {@code 1024 * span}. The span values are then merged with the same stack rule as chunk
 * values, and only the final parent gets the ROOT flag: the digest is bit-for-bit the serial one. The design notes
 * measured 1.98x on two vCPUs.
 *
 * <p>Workers claim span indices from a shared counter, each with its own hasher and buffer. The calling thread claims
 * spans too instead of idling, and waits for the spans to be finished rather than for the tasks to run: a call made
 * from inside a saturated (or single-thread) executor therefore cannot deadlock.
 */
public final class SubtreeParallel {
  public static final int SPAN_LEN = 1 << 20;
  static final int SPAN_CHUNKS = SPAN_LEN / Compress.CHUNK_LEN;

  /** Where the spans come from; {@code W} is a worker's private state, such as its read buffer. */
  public interface SpanSource<W> {
    /** A new worker's private state. */
    W newWorker();

    /** Hashes span {@code span} (bytes {@code [span * 1 MiB, min(size, (span + 1) * 1 MiB))}) with {@code hasher}. */
    void hashSpan(W worker, TreeHasher hasher, long span, int len) throws IOException;
  }

  /** Number of 1 MiB spans of an input of {@code size} bytes (at least one, for the empty input). */
  public static long spans(long size) {
    return Math.max(1, (size + SPAN_LEN - 1) / SPAN_LEN);
  }

  /**
   * The root node of an input of {@code size > 1 MiB} bytes, hashing its spans on {@code executor} and the calling
   * thread. Throws the first failure of any worker.
   */
  public static <W> Output root(
      long size, SpanSource<W> source, Supplier<ChunkHasher> backends, ExecutorService executor)
      throws IOException, InterruptedException {
    long spanCount = spans(size);
    if (spanCount < 2 || spanCount > Integer.MAX_VALUE / 8) {
      throw new IllegalArgumentException(
          "subtree-parallel hashing needs 2.." + (Integer.MAX_VALUE / 8) + " spans, got " + spanCount);
    }
    Job<W> job = new Job<>((int) spanCount, size, source, backends);
    List<Future<?>> helpers = new ArrayList<>();
    int count = Math.min(parallelism(executor), job.spans - 1);
    try {
      for (int i = 0; i < count; i++) {
        try {
          helpers.add(executor.submit(job::work));
        } catch (RejectedExecutionException e) {
          break; // a saturated (bounded-queue) executor: the calling thread hashes what no helper takes
        }
      }
      job.work();
      // waits for spans, not for tasks: a helper that never got a thread finds nothing to claim when it starts
      job.done.await();
    } catch (InterruptedException | RuntimeException | Error e) {
      job.stop();
      throw e;
    } finally {
      for (Future<?> f : helpers) {
        f.cancel(false); // tidies the executor's queue; the result no longer depends on them
      }
    }
    Throwable failure = job.failure.get();
    if (failure instanceof IOException) {
      throw (IOException) failure;
    } else if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    } else if (failure instanceof Error) {
      throw (Error) failure;
    }
    // countDown/await order every worker's cvs writes before these reads
    CvStack stack = new CvStack();
    for (int span = 0; span < job.spans - 1; span++) {
      stack.push(job.cvs, span * 8);
    }
    return stack.fold(job.cvs, (job.spans - 1) * 8);
  }

  /** One parallel hash: spans are claimed from {@link #next}; {@link #done} counts spans finished or abandoned. */
  private static final class Job<W> {
    final int spans;
    final long size;
    final SpanSource<W> source;
    final Supplier<ChunkHasher> backends;
    final int[] cvs;
    final AtomicInteger next = new AtomicInteger();
    final CountDownLatch done;
    final AtomicReference<Throwable> failure = new AtomicReference<>();

    Job(int spans, long size, SpanSource<W> source, Supplier<ChunkHasher> backends) {
      this.spans = spans;
      this.size = size;
      this.source = source;
      this.backends = backends;
      this.cvs = new int[spans * 8];
      this.done = new CountDownLatch(spans);
    }

    void work() {
      if (next.get() >= spans) {
        return; // started after all spans were claimed: nothing to set up
      }
      W state = source.newWorker();
      TreeHasher hasher = new TreeHasher(backends.get());
      for (int span = next.getAndIncrement(); span < spans; span = next.getAndIncrement()) {
        try {
          int len = (int) Math.min(SPAN_LEN, size - (long) span * SPAN_LEN);
          hasher.reset((long) span * SPAN_CHUNKS);
          source.hashSpan(state, hasher, span, len);
          hasher.subtreeCv(cvs, span * 8);
        } catch (IOException | RuntimeException | Error e) {
          failure.compareAndSet(null, e);
          stop();
        } finally {
          done.countDown();
        }
      }
    }

    /** No more spans are claimed; the unclaimed ones count as done so that the caller stops waiting. */
    void stop() {
      int unclaimed = next.getAndSet(spans);
      for (int span = unclaimed; span < spans; span++) {
        done.countDown();
      }
    }
  }

  /**
   * How many workers to offer the executor: its thread count when it tells, else the number of processors. An
   * unbounded pool (a cached one reports Integer.MAX_VALUE) would otherwise get one new thread per span.
   */
  private static int parallelism(ExecutorService executor) {
    int cpus = Runtime.getRuntime().availableProcessors();
    int threads = cpus;
    if (executor instanceof ThreadPoolExecutor) {
      threads = ((ThreadPoolExecutor) executor).getMaximumPoolSize();
    } else if (executor instanceof ForkJoinPool) {
      threads = ((ForkJoinPool) executor).getParallelism();
    }
    return threads > 4 * cpus ? cpus : Math.max(1, threads);
  }

  private SubtreeParallel() {}
}
