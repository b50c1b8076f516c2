package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.ParquetValidator;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.checks.ValidationPlan;
import java.nio.file.Path;
import java.util.List;

/**
 * The fourth way of reading: the plugin's {@code validate} with its default rules and the {@code structure} rule's
 * full scan (every page walked, every value decoded), as the goal runs them but without Maven.
 */
final class PluginRead {
  private static final ValidationPlan PLAN = ValidationPlan.build(
      List.of(new CheckConfig("structure").setFull(true)), List.of(), List.of(), List.of());

  private PluginRead() {}

  /**
   * Whether every rule passes the file (warnings pass, as they do in a build). A thrown exception is the validator's
   * own failure, which the caller counts.
   */
  static boolean passes(Path file, EngineContext pool) {
    Outcome o = new ParquetValidator(PLAN, null, "fuzz").validate(file.getParent(), List.of(file), pool);
    if (o.results().stream().noneMatch(r -> r.rule().equals("structure"))) {
      throw new IllegalStateException("no structure result in " + o.results());
    }
    return o.results().stream().allMatch(r -> r.status() == Status.PASS || r.status() == Status.WARN);
  }
}
