package io.github.artifactio.engine.table;

import java.util.List;

/**
 * A string column as one id per row plus its distinct values: {@code values.get(ids[i])} is row {@code i}, and ids
 * are numbered by first appearance.
 */
public record StringsInterned(int[] ids, List<String> values) {
  public StringsInterned {
    values = List.copyOf(values);
  }
}
