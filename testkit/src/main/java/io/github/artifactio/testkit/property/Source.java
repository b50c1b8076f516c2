package io.github.artifactio.testkit.property;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a {@link Gen} gets its randomness: a sequence of choices, each a number in {@code [0, max]}, that the source
 * records as it hands them out. Generation draws them at random; shrinking replays a smaller sequence through the same
 * generator (Hypothesis' design), so every generator shrinks without code of its own. A choice of 0 should always give
 * the simplest value, and smaller choices simpler values: that is all a generator has to respect to shrink well.
 *
 * <p>A replayed choice larger than the {@code max} of the draw that reads it is clamped to {@code max}; a replay that
 * reads past its recorded choices gets zeros. Generators call {@link #draw(Gen)} for every sub-value, which marks the
 * sub-value's choices as a span the shrinker may delete as one piece.
 */
public final class Source {
  /** The most choices one value may take (a guard against a generator that never stops). */
  static final int MAX_CHOICES = 1 << 26;

  private final long[] prefix;
  private final SplittableRandom random;
  private final double edgeBias;
  private long[] choices = new long[64];
  private int size;
  private final List<int[]> spans = new ArrayList<>(); // {start, end, parentIndex}
  private int openSpan = -1;

  private Source(long[] prefix, SplittableRandom random, double edgeBias) {
    this.prefix = prefix;
    this.random = random;
    this.edgeBias = edgeBias;
  }

  /** A source of fresh random choices. */
  static Source random(long seed, double edgeBias) {
    return new Source(new long[0], new SplittableRandom(seed), edgeBias);
  }

  /** A source that replays {@code choices} and gives zeros past their end. */
  static Source replay(long[] choices) {
    return new Source(choices, null, 0);
  }

  /** A choice in {@code [0, max]}, uniform when drawn at random. */
  public long draw(long max) {
    if (max < 0) {
      throw new IllegalArgumentException("draw(max): max must be at least 0 but was " + max);
    }
    long v;
    if (size < prefix.length) {
      v = Math.min(prefix[size], max);
    } else if (random != null) {
      v = max == Long.MAX_VALUE ? random.nextLong() >>> 1 : random.nextLong(max + 1);
    } else {
      v = 0;
    }
    return record(v);
  }

  /**
   * A choice in {@code [0, max]} that, in the first tries of a property (the edge-case tries), is {@code preferred}
   * more often than chance: generators put their edge cases behind such a choice.
   */
  public long draw(long max, long preferred) {
    if (preferred < 0 || preferred > max) {
      throw new IllegalArgumentException("preferred " + preferred + " is outside [0, " + max + "]");
    }
    if (size >= prefix.length && random != null && edgeBias > 0 && random.nextDouble() < edgeBias) {
      return record(preferred);
    }
    return draw(max);
  }

  /**
   * A choice in {@code [0, max]} that is {@code value} when drawn fresh, and the recorded choice when replayed.
   * Generators use it to record an edge case in the same form as an ordinary value, so that the shrinker can move
   * from the edge case to ordinary values nearby.
   */
  public long forced(long max, long value) {
    if (size < prefix.length || random == null) {
      return draw(max);
    }
    if (value < 0 || value > max) {
      throw new IllegalArgumentException("forced value " + value + " is outside [0, " + max + "]");
    }
    return record(value);
  }

  /**
   * A number in {@code [0, bound)} that is not recorded: only for choosing what to {@link #forced force}. It is 0 when
   * replaying.
   */
  public int unrecorded(int bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("unrecorded(bound): bound must be at least 1 but was " + bound);
    }
    return size < prefix.length || random == null ? 0 : random.nextInt(bound);
  }

  /** An int choice in {@code [0, bound)}. */
  public int choose(int bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("choose(bound): bound must be at least 1 but was " + bound);
    }
    return (int) draw(bound - 1);
  }

  /** True with probability {@code p} when drawn at random; shrinks to false. */
  public boolean weighted(double p) {
    long c = draw(1023);
    return c >= Math.round(1024 * (1 - p));
  }

  /** A value of {@code gen}, its choices marked as one span. */
  public <T> T draw(Gen<T> gen) {
    int index = spans.size();
    spans.add(new int[] {size, -1, openSpan});
    int parent = openSpan;
    openSpan = index;
    try {
      return gen.generate(this);
    } finally {
      spans.get(index)[1] = size;
      openSpan = parent;
    }
  }

  private long record(long v) {
    if (size == choices.length) {
      if (size >= MAX_CHOICES) {
        throw new Discard("a value took more than " + MAX_CHOICES + " choices");
      }
      choices = Arrays.copyOf(choices, size * 2);
    }
    choices[size++] = v;
    return v;
  }

  /** The choices drawn so far. */
  long[] choices() {
    return Arrays.copyOf(choices, size);
  }

  /** The spans drawn so far, as {start, end, parent} with parent -1 at the top. */
  List<int[]> spans() {
    return spans;
  }
}
