package io.github.artifactio.checks;

/**
 * Told how far a goal has got, for a front end that shows progress (the command line, on runs over a second): the
 * units a goal checks in parallel (a Parquet file for {@code validate}, a manifest's record for {@code
 * verify-manifest}); {@link #update} is called as each one finishes, on the thread that checked it.
 */
public interface Progress {
  /** The goal starts checking {@code files} selected files. */
  void started(String goal, int files);

  /** One more unit finished: {@code done} of {@code total}. */
  void update(int done, int total);

  /** The goal finished checking (whatever the verdict). */
  void finished();
}
