package io.github.artifactio.testkit;

import io.github.artifactio.testkit.gen.TableCase;
import java.nio.file.Path;

/**
 * A user's pipeline stage as the testkit sees it: from an input table to the path of the artifact it wrote. The stage
 * writes through {@link StageRun#writeTable} (or its own writers on {@link StageRun#context()} and
 * {@link StageRun#chunks}), so that its artifact can be checked not to depend on how its rows were chunked or how
 * many threads encoded them.
 */
@FunctionalInterface
public interface Stage {
  /** Runs the stage on {@code input}, writing under {@code run.dir()}; returns the artifact's path. */
  Path run(TableCase input, StageRun run) throws Exception;
}
