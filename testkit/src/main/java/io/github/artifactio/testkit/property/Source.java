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
  /** Where the next replayed choice is read from. */
  private int cursor;
  /** The spans of the run being replayed structurally, or null for a plain replay. */
  private final List<int[]> guide;
  private List<List<Integer>> guideChildren;
  /** For each span of this run: the guide span it follows (-1: none), and how many children it opened so far. */
  private final List<int[]> following = new ArrayList<>();

  private Source(long[] prefix, SplittableRandom random, double edgeBias, List<int[]> guide) {
    this.prefix = prefix;
    this.random = random;
    this.edgeBias = edgeBias;
    this.guide = guide;
  }

  /** A source of fresh random choices. */
  static Source random(long seed, double edgeBias) {
    return new Source(new long[0], new SplittableRandom(seed), edgeBias, null);
  }

  /** A source that replays {@code choices} and gives zeros past their end. */
  static Source replay(long[] choices) {
    return new Source(choices, null, 0, null);
  }

  /**
   * A source that replays {@code choices} span by span along {@code spans} (the spans of the run they were recorded
   * in, or of one they were derived from by changing values): the k-th sub-span of a span follows the k-th recorded
   * one, and the k-th own choice of a span reads the k-th recorded own choice (0 past them), so a span that now draws
   * fewer or more choices leaves the others reading their own. Lowering a table's row count then shortens every column
   * instead of shifting one column's values into the next.
   */
  static Source replay(long[] choices, List<int[]> spans) {
    return new Source(choices, null, 0, spans);
  }

  private boolean replaying() {
    return random == null || cursor < prefix.length;
  }

  /** The next replayed choice, or 0 past the end (of the choices, or of the guide span being followed). */
  private long next(long max) {
    if (guide != null) {
      int[] f = openSpan < 0 ? null : following.get(openSpan);
      if (f == null || f[0] < 0) {
        return 0;
      }
      int[] direct = guideDirect()[f[0]];
      int k = f[2]++;
      return k < direct.length && direct[k] < prefix.length ? Math.min(prefix[direct[k]], max) : 0;
    }
    return cursor < prefix.length ? Math.min(prefix[cursor++], max) : 0;
  }

  /** A choice in {@code [0, max]}, uniform when drawn at random. */
  public long draw(long max) {
    if (max < 0) {
      throw new IllegalArgumentException("draw(max): max must be at least 0 but was " + max);
    }
    long v;
    if (replaying()) {
      v = next(max);
    } else {
      v = max == Long.MAX_VALUE ? random.nextLong() >>> 1 : random.nextLong(max + 1);
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
    if (!replaying() && edgeBias > 0 && random.nextDouble() < edgeBias) {
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
    if (replaying()) {
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
    return replaying() ? 0 : random.nextInt(bound);
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
    int g = guide == null ? -1 : guideChild(parent);
    following.add(new int[] {g, 0, 0});
    openSpan = index;
    try {
      return gen.generate(this);
    } finally {
      spans.get(index)[1] = size;
      openSpan = parent;
    }
  }

  /** The guide span that the next child of span {@code parent} (-1: the top) follows, or -1. */
  private int guideChild(int parent) {
    if (guideChildren == null) {
      guideChildren = new ArrayList<>();
      guideChildren.add(new ArrayList<>()); // the top, at index 0
      for (int i = 0; i < guide.size(); i++) {
        guideChildren.add(new ArrayList<>());
      }
      for (int i = 0; i < guide.size(); i++) {
        guideChildren.get(guide.get(i)[2] + 1).add(i);
      }
    }
    int pg;
    int ordinal;
    if (parent < 0) {
      pg = -1;
      ordinal = topChildren++;
    } else {
      int[] f = following.get(parent);
      if (f[0] < 0) {
        return -1;
      }
      pg = f[0];
      ordinal = f[1]++;
    }
    List<Integer> kids = guideChildren.get(pg + 1);
    return ordinal < kids.size() ? kids.get(ordinal) : -1;
  }

  private int topChildren;
  private int[][] guideDirect;

  /** For each guide span, the positions of its own choices (those of no child span), in order. */
  private int[][] guideDirect() {
    if (guideDirect == null) {
      int end = 0;
      for (int[] g : guide) {
        end = Math.max(end, g[1]);
      }
      int[] owner = new int[end];
      java.util.Arrays.fill(owner, -1);
      for (int i = 0; i < guide.size(); i++) { // parents open before their children, so children overwrite
        for (int p = guide.get(i)[0]; p < guide.get(i)[1]; p++) {
          owner[p] = i;
        }
      }
      int[] counts = new int[guide.size()];
      for (int o : owner) {
        if (o >= 0) {
          counts[o]++;
        }
      }
      guideDirect = new int[guide.size()][];
      for (int i = 0; i < guide.size(); i++) {
        guideDirect[i] = new int[counts[i]];
      }
      int[] filled = new int[guide.size()];
      for (int p = 0; p < owner.length; p++) {
        if (owner[p] >= 0) {
          guideDirect[owner[p]][filled[owner[p]]++] = p;
        }
      }
    }
    return guideDirect;
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
