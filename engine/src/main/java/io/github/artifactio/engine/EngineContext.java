package io.github.artifactio.engine;

import io.github.artifactio.engine.internal.concurrent.Workers;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The threads the engine may use, owned by the caller: the engine keeps no thread and no pool of its own, and every
 * parallel or background piece of work (column-parallel encoding, hash on write, parallel decode, span prefetch,
 * parallel file hashing) runs on the context the caller passes in.
 *
 * <ul>
 *   <li>{@link #create(String, int)}: a pool of named daemon threads; whoever created it closes it.
 *   <li>{@link #wrap(Executor, int)}: the caller's executor, offering {@code threads} threads; the engine never shuts
 *       it down ({@link #close()} does nothing).
 *   <li>{@link #serial()}: no threads at all. Everything runs on the calling thread and nothing starts a thread; it
 *       is the default wherever a context is optional.
 * </ul>
 *
 * <p>The calling thread always works too: a writer encodes columns, a scan decodes a column group and a hash hashes
 * spans alongside the context's threads, and never waits on a task that has not started. A call made from one of the
 * context's own threads (a writer inside a task of the same pool), or on a saturated context (as many callers as it
 * has threads), therefore works on its own thread instead of waiting. Which thread does what never changes a result:
 * the bytes written and the batches read are those of the serial context.
 *
 * <p>Contexts come only from these factories (the engine refuses other implementations). Safe to share between
 * threads and between writers, readers and hashes running at the same time.
 */
public interface EngineContext extends AutoCloseable {
  /**
   * A context of {@code threads} daemon threads named {@code name-0}, {@code name-1}, ...; close it when done. The
   * threads start as work arrives.
   */
  static EngineContext create(String name, int threads) {
    return Workers.create(name, threads);
  }

  /**
   * A context on the caller's {@code executor}, which offers the engine {@code threads} threads; {@link #close()}
   * leaves it running. An executor that refuses a task (a bounded queue, a shut-down pool) costs parallelism, never a
   * result: the calling thread does the work no helper takes.
   */
  static EngineContext wrap(Executor executor, int threads) {
    return Workers.wrap(executor, threads);
  }

  /** The context without threads: everything runs on the calling thread. Closing it does nothing. */
  static EngineContext serial() {
    return Workers.serial();
  }

  /** The threads the context offers beside the calling thread (0 for the serial context). */
  int threads();

  /**
   * {@code task} applied to every item, on the context's threads and the calling thread, by the rules above; the
   * results in item order (unmodifiable, nulls allowed). The first failure stops items from starting and is rethrown
   * once the started ones have ended.
   */
  <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> task);

  /** Shuts down threads the engine created for this context; a wrapped executor stays with its owner. */
  @Override
  void close();
}
