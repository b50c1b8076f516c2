package io.github.artifactio.engine.plan;

import java.util.Map;

/**
 * Shard {@code index} of {@code count}: which units of a plan one process of a job array runs.
 *
 * @param index from 0 to {@code count - 1}
 * @param count at least 1
 */
public record ShardSpec(int index, int count) {
  public static final String TASK_ID = "SLURM_ARRAY_TASK_ID";
  public static final String TASK_COUNT = "SLURM_ARRAY_TASK_COUNT";
  public static final String TASK_MIN = "SLURM_ARRAY_TASK_MIN";

  public ShardSpec {
    if (count < 1) {
      throw new IllegalArgumentException("the shard count N must be at least 1, got " + count);
    }
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "the shard index must be in 0.." + (count - 1) + " for " + count + " shards, got " + index);
    }
  }

  /**
   * {@code I/N} as the command line writes it.
   *
   * @throws IllegalArgumentException saying what is wrong with the text
   */
  public static ShardSpec parse(String text) {
    int slash = text.indexOf('/');
    if (slash < 0 || !text.substring(0, slash).matches("[0-9]{1,9}") || !text.substring(slash + 1).matches(
        "[0-9]{1,9}")) {
      throw new IllegalArgumentException("a shard is I/N (shard I of N, from 0) or slurm, got '" + text + "'");
    }
    return new ShardSpec(Integer.parseInt(text.substring(0, slash)), Integer.parseInt(text.substring(slash + 1)));
  }

  /**
   * The shard of a Slurm job array task: {@code I = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN} of
   * {@code N = SLURM_ARRAY_TASK_COUNT}, so that {@code --array=0-3} and {@code --array=1-4} both give shards 0..3 of
   * 4. An array with gaps or a step ({@code --array=0-6:2}) gives an index past N and is refused.
   *
   * @throws IllegalArgumentException naming the variable that is absent or malformed
   */
  public static ShardSpec slurm(Map<String, String> env) {
    int id = variable(env, TASK_ID);
    int count = variable(env, TASK_COUNT);
    int min = variable(env, TASK_MIN);
    if (count < 1 || id - min < 0 || id - min >= count) {
      throw new IllegalArgumentException(TASK_ID + " " + id + " - " + TASK_MIN + " " + min + " is not a shard of "
          + TASK_COUNT + " " + count + " (the array must be contiguous, as --array=0-3 is)");
    }
    return new ShardSpec(id - min, count);
  }

  private static int variable(Map<String, String> env, String name) {
    String v = env.get(name);
    if (v == null) {
      throw new IllegalArgumentException(name + " is not set: --shard slurm runs in a task of a job array"
          + " (sbatch --array=0-3)");
    }
    if (!v.trim().matches("[0-9]{1,9}")) {
      throw new IllegalArgumentException(name + " is '" + v + "', not a whole number");
    }
    return Integer.parseInt(v.trim());
  }

  /** {@code 2/4}. */
  @Override
  public String toString() {
    return index + "/" + count;
  }
}
