package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.RuleResult;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * A rule that checks a file in ranges of its row groups and merges what the ranges found into exactly the result of
 * the file checked whole: the same findings, messages, counts and verdict. {@link #part} is the rule's state over the
 * context's row groups (first offending places with their file rows, counts, and what a border needs: the first and
 * last key of an ordered column); {@link #merge} joins the states of consecutive ranges in file order. A check of the
 * whole file is the merge of its one part, so the two paths are one code.
 *
 * <p>A state is a record of plain values (numbers, strings, findings): a shard writes it into its partial report as
 * JSON and the merge reads it back as {@link #stateType()}.
 *
 * @param <S> the state of one range
 */
public interface RangeRule<S> extends Rule {
  /** This rule's state over the row groups {@code [f.fromGroup(), f.toGroup())}; {@code f}'s footer opened. */
  S part(FileContext f);

  /** The result of the file {@code display}, from the states of its ranges in file order, which cover it once. */
  RuleResult merge(String display, List<S> parts);

  /** The class of a state, for reading it back from JSON. */
  Class<S> stateType();

  /**
   * Column {@code c}'s state over a whole file from its ranges' states in file order: the first range's, joined with
   * each later range's.
   */
  static <S, T> T folded(List<S> parts, Function<S, List<T>> columns, int c, BinaryOperator<T> join) {
    T out = columns.apply(parts.get(0)).get(c);
    for (S p : parts.subList(1, parts.size())) {
      out = join.apply(out, columns.apply(p).get(c));
    }
    return out;
  }

  @Override
  default RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    return merge(f.display(), List.of(part(f)));
  }
}
