package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.engine.EngineContext;
import java.nio.file.Path;
import java.util.List;

/**
 * What a gate runs: {@link ValidateGoal} ({@code validate}) or {@link ManifestGoal} ({@code verify-manifest}), with
 * its own configuration. The {@link Gate} around it selects the files, owns the engine context (the threads),
 * applies suppressions, reports and decides.
 */
public interface Goal {
  /** The goal's name in messages and reports: {@code validate}, {@code verify-manifest}. */
  String name();

  /** The include globs used when none are given. */
  String defaultIncludes();

  /** The rule ids the goal knows (what a suppression or a rule selection may name). */
  List<String> ruleIds();

  /** Whether the goal has configuration of its own (contracts, checks, schemas...) besides the defaults. */
  boolean configured();

  /** Adds the goal's own configuration to what the report records; the gate adds the shared settings. */
  void describe(ObjectNode configuration);

  /**
   * Checks {@code files} (named in reports relative to {@code root}) on {@code context}, telling the options'
   * {@link GateOptions#progress()} as it goes; a misconfiguration is a {@link ConfigurationException}.
   *
   * @param cache null for no cache
   */
  Outcome check(Path root, List<Path> files, GateOptions options, EngineContext context, ResultCache cache);

  /** Lines about how the last {@link #check} ran (for example how files were hashed), logged after it. */
  default List<String> notes() {
    return List.of();
  }
}
