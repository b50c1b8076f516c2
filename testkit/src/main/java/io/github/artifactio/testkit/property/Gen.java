package io.github.artifactio.testkit.property;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of values of type {@code T}: a function of a {@link Source} of recorded choices. Shrinking replays
 * smaller choice sequences through the same function, so a generator built from these combinators and the factories
 * of {@link Gens} shrinks with no code of its own.
 *
 * <pre>{@code
 * Gen<List<Integer>> lists = Gens.integers(0, 1000).list(0, 50);
 * Gen<int[]> pairs = Gens.integers(0, 100).zip(Gens.integers(0, 100), (a, b) -> new int[] {a, b});
 * }</pre>
 *
 * @param <T> the type of the values
 */
@FunctionalInterface
public interface Gen<T> {
  /** Draws one value from {@code source}; call {@link Source#draw(Gen)} for sub-values, never a generator directly. */
  T generate(Source source);

  /** The values of this generator passed through {@code f}. */
  default <R> Gen<R> map(Function<? super T, ? extends R> f) {
    Objects.requireNonNull(f, "f");
    return s -> f.apply(s.draw(this));
  }

  /** A generator chosen by a value of this one (a size, then a list of that size). */
  default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<R>> f) {
    Objects.requireNonNull(f, "f");
    return s -> s.draw(f.apply(s.draw(this)));
  }

  /** The values that satisfy {@code keep}, drawing at most 100 times per value before it {@link Discard}s the try. */
  default Gen<T> filter(Predicate<? super T> keep) {
    return filter(keep, 100);
  }

  /** The values that satisfy {@code keep}, drawing at most {@code maxDraws} times per value. */
  default Gen<T> filter(Predicate<? super T> keep, int maxDraws) {
    Objects.requireNonNull(keep, "keep");
    if (maxDraws < 1) {
      throw new IllegalArgumentException("maxDraws must be at least 1 but was " + maxDraws);
    }
    return s -> {
      for (int i = 0; i < maxDraws; i++) {
        T v = s.draw(this);
        if (keep.test(v)) {
          return v;
        }
      }
      throw new Discard("filter: no value passed in " + maxDraws + " draws");
    };
  }

  /** Lists of {@code minSize} to {@code maxSize} values of this generator (see {@link Gens#lists}). */
  default Gen<List<T>> list(int minSize, int maxSize) {
    return Gens.lists(this, minSize, maxSize);
  }

  /** Pairs a value of this generator with one of {@code other}. */
  default <U, R> Gen<R> zip(Gen<U> other, BiFunction<? super T, ? super U, ? extends R> f) {
    Objects.requireNonNull(other, "other");
    Objects.requireNonNull(f, "f");
    return s -> {
      T a = s.draw(this);
      U b = s.draw(other);
      return f.apply(a, b);
    };
  }

  /** {@code n} values drawn from a fixed seed: fixtures and examples outside a property. */
  default List<T> sample(long seed, int n) {
    List<T> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(Source.random(Property.trySeed(seed, i), 0).draw(this));
    }
    return out;
  }
}
