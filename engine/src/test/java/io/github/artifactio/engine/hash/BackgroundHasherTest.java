package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.Output;
import io.github.artifactio.engine.internal.blake3.SpanTree;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.io.BackgroundHasher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hashing written bytes span by span, on a lane of the context and on the writer's thread, gives the serial digest,
 * and the writer never waits on a lane that has not started.
 */
class BackgroundHasherTest {
  private static final int SPAN = BackgroundHasher.BUFFER_BYTES;

  @Test
  void theDigestOfSpansHandedOverIsTheBlake3OfTheBytesForEverySize() throws Exception {
    int[] sizes = {0, 1, 1023, 1024, 1025, SPAN - 1, SPAN, SPAN + 1, 2 * SPAN, 3 * SPAN + 5, 9 * SPAN + 8191};
    try (EngineContext context = EngineContext.create("test-hasher", 1)) {
      for (int size : sizes) {
        byte[] bytes = random(size, size);
        assertEquals(Blake3.hashBytes(bytes), digest(bytes, context, true), "size " + size);
        assertEquals(Blake3.hashBytes(bytes), digest(bytes, EngineContext.serial(), false), "serial, size " + size);
      }
    }
  }

  @Test
  void moreSpansThanBuffersAreHashedByTheWriterWithoutLosingAByte() throws Exception {
    // 64 buffers of room: the 70-span burst fills them, the writer hashes queued spans itself, finish() the rest
    byte[] bytes = random(70 * SPAN + 17, 7);
    try (EngineContext context = EngineContext.create("test-hasher", 1)) {
      assertEquals(Blake3.hashBytes(bytes), digest(bytes, context, true));
    }
  }

  @Test
  void aLaneWhoseTaskNeverStartsCostsSpeedNotProgress() throws Exception {
    // an executor that queues every task and runs none: the writer hashes everything itself and never waits
    List<Runnable> parked = new ArrayList<>();
    EngineContext stuck = EngineContext.wrap(parked::add, 1);
    byte[] bytes = random(70 * SPAN + 3, 8);
    assertEquals(Blake3.hashBytes(bytes), digest(bytes, stuck, true));
    assertEquals(1, parked.size(), "the lane's task was handed over");
    assertEquals(0, Workers.of(stuck).activeTurns(), "finish gave the turn back");
    parked.get(0).run(); // a skipped task does nothing when a thread reaches it at last
  }

  @Test
  void aHasherWithoutAFreeTurnHashesOnTheWritersThread() throws Exception {
    try (EngineContext context = EngineContext.create("test-hasher", 1)) {
      try (BackgroundHasher first = new BackgroundHasher(Workers.of(context));
          BackgroundHasher second = new BackgroundHasher(Workers.of(context))) {
        assertTrue(first.inBackground());
        assertFalse(second.inBackground(), "the only turn is the first hasher's");
      }
      assertEquals(0, Workers.of(context).activeTurns(), "closing gave the turn back");
    }
  }

  @Test
  void aBlockAfterAShortOneIsRefused() throws Exception {
    try (BackgroundHasher hasher = new BackgroundHasher(Workers.serial())) {
      hasher.hash(hasher.buffer(), 10);
      byte[] next = hasher.buffer();
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> hasher.hash(next, SPAN));
      assertEquals(
          "BackgroundHasher: a block followed a short one; only the last may be short", e.getMessage());
    }
  }

  @Test
  void spansCompletedInAnyOrderMergeToTheSerialRoot() {
    byte[] bytes = random(13 * SPAN + 300, 3);
    int spans = 14;
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < spans; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(11));
    SpanTree tree = new SpanTree();
    for (int i = 0; i < spans; i++) {
      tree.announce(i);
    }
    TreeHasher hasher = new TreeHasher(Backends.best());
    for (int span : order) {
      int len = Math.min(SPAN, bytes.length - span * SPAN);
      byte[] part = new byte[len];
      System.arraycopy(bytes, span * SPAN, part, 0, len);
      Output node = SpanTree.spanNode(hasher, span, part, len);
      tree.complete(span, node);
    }
    byte[] out = new byte[32];
    tree.root().rootBytes(out, 0, 32);
    assertEquals(Blake3.hashBytes(bytes), ContentHash.of(out));
  }

  @Test
  void aRootBeforeEverySpanIsCompleteIsRefused() {
    SpanTree tree = new SpanTree();
    tree.announce(0);
    tree.announce(1);
    IllegalStateException e = assertThrows(IllegalStateException.class, tree::root);
    assertEquals("BLAKE3 span tree: 2 spans announced, 0 merged, 0 waiting", e.getMessage());
  }

  private static ContentHash digest(byte[] bytes, EngineContext context, boolean inBackground) throws Exception {
    try (BackgroundHasher hasher = new BackgroundHasher(Workers.of(context))) {
      assertEquals(inBackground, hasher.inBackground());
      for (int off = 0; off < bytes.length; off += SPAN) {
        int len = Math.min(SPAN, bytes.length - off);
        byte[] buffer = hasher.buffer();
        System.arraycopy(bytes, off, buffer, 0, len);
        hasher.hash(buffer, len);
      }
      return hasher.finish();
    }
  }

  private static byte[] random(int size, long seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    return b;
  }
}
