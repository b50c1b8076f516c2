package io.github.artifactio.engine.plan;

import java.util.List;
import java.util.Objects;

/**
 * One unit of a plan: a whole file, or a range {@code [from, to)} of it along the plan's axis.
 *
 * @param index the unit's place in the plan, from 0; units are in file order, and a file's ranges ascend
 * @param file the index of its file in {@link WorkPlan#files()}
 * @param path the file's path
 * @param axis what {@code from} and {@code to} count: {@value WorkPlan#SPANS} (1 MiB spans) for {@code hash}
 * @param from the first element of the range
 * @param to the element after its last
 * @param bytes the bytes of the file the unit reads: its weight in the split into shards
 */
public record WorkUnit(int index, int file, String path, String axis, long from, long to, long bytes) {
  public WorkUnit {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(axis, "axis");
  }

  /** {@code a.bin spans [0, 1024)}: how messages name a unit. */
  @Override
  public String toString() {
    return path + " " + axis + " [" + from + ", " + to + ")";
  }

  /**
   * How a refusal names the units a missing shard held: the first {@code most}, then how many more ({@code "a.bin
   * file [0, 1), b.bin file [0, 1) and 3 more units"}); {@code "no unit"} for none.
   */
  public static String named(List<WorkUnit> units, int most) {
    if (units.isEmpty()) {
      return "no unit";
    }
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < Math.min(most, units.size()); i++) {
      s.append(i == 0 ? "" : ", ").append(units.get(i));
    }
    if (units.size() > most) {
      s.append(" and ").append(units.size() - most).append(" more units");
    }
    return s.toString();
  }
}
