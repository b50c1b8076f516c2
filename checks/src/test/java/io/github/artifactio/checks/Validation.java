package io.github.artifactio.checks;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.engine.EngineContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Runs the validator the way the goal does, on every Parquet file of a folder. */
public final class Validation {
  private Validation() {}

  static Outcome run(Path dir, ValidationPlan plan, ResultCache cache) {
    try (EngineContext context = EngineContext.create("test-validate", 1);
        Stream<Path> s = Files.walk(dir)) {
      List<Path> files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
      return new ParquetValidator(plan, cache, "test").validate(dir, files, context);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Outcome run(Path dir, List<CheckConfig> checks, List<Contract> contracts) {
    return run(dir, ValidationPlan.build(checks, contracts, List.of(), List.of()), null);
  }

  static RuleResult result(Outcome o, String file, String rule) {
    return o.results().stream().filter(r -> r.file().equals(file) && r.rule().equals(rule)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + rule + " result for " + file + " in " + o.results()));
  }

  static List<String> messages(RuleResult r) {
    return r.findings().stream().map(Finding::message).toList();
  }
}
