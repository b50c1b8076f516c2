package io.github.artifactio.engine.internal.blake3;

import java.util.HashMap;
import java.util.Map;

/**
 * BLAKE3 of a byte stream whose 1 MiB spans are hashed on any thread, in any order, while the stream is still being
 * written. Every span but the last is a complete aligned subtree (see {@link SubtreeParallel}), so its node can be
 * computed from its bytes and its index alone; nodes are merged here in index order as soon as they are contiguous.
 * Only the newest span's node is held back, because it may turn out to be the last one, which is folded into the root
 * instead of being chained. Memory: the nodes of spans finished out of order, at most one per hashing thread.
 *
 * <p>Thread-safe; {@link #spanNode} needs a {@link TreeHasher} per thread.
 */
public final class SpanTree {
  public static final int SPAN_LEN = SubtreeParallel.SPAN_LEN;

  private final CvStack stack = new CvStack();
  private final Map<Long, Output> waiting = new HashMap<>();
  private final int[] cv = new int[8];
  /** Index of the next span to push onto the stack. */
  private long next;
  /** Spans known to exist: span {@code spans - 1} may be the last, every earlier one is not. */
  private long spans;

  /** The node of span {@code span}: {@code len} bytes of {@code data}, the full span unless it is the last. */
  public static Output spanNode(TreeHasher hasher, long span, byte[] data, int len) {
    hasher.reset(span * SubtreeParallel.SPAN_CHUNKS);
    hasher.update(data, 0, len);
    return hasher.finish();
  }

  /** Records that span {@code span} exists (it is called before the span is handed to any thread). */
  public synchronized void announce(long span) {
    spans = Math.max(spans, span + 1);
    merge();
  }

  /** Records the node of a span announced before. */
  public synchronized void complete(long span, Output node) {
    waiting.put(span, node);
    merge();
  }

  private void merge() {
    // a span followed by another is a complete subtree: its chaining value joins the stack
    while (next < spans - 1) {
      Output node = waiting.remove(next);
      if (node == null) {
        return;
      }
      node.chainingValue(cv, 0);
      stack.push(cv, 0);
      next++;
    }
  }

  /**
   * The root node once every announced span is complete; the stream's digest is its {@link Output#rootBytes}. With
   * no span announced this is the root of the empty input.
   */
  public synchronized Output root() {
    if (spans == 0) {
      return Output.chunk(new byte[0], 0, 0, 0);
    }
    Output last = waiting.get(spans - 1);
    if (next != spans - 1 || last == null || waiting.size() != 1) {
      throw new IllegalStateException(
          "BLAKE3 span tree: " + spans + " spans announced, " + next + " merged, " + waiting.size() + " waiting");
    }
    return stack.fold(last);
  }
}
