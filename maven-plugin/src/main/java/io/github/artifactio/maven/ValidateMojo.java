package io.github.artifactio.maven;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.maven.check.CheckConfig;
import io.github.artifactio.maven.check.Contract;
import io.github.artifactio.maven.check.ContractConfig;
import io.github.artifactio.maven.check.Contracts;
import io.github.artifactio.maven.check.Outcome;
import io.github.artifactio.maven.check.ParquetValidator;
import io.github.artifactio.maven.check.ResultCache;
import io.github.artifactio.maven.check.ValidationPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks every Parquet file of a file set against rules and contracts: {@code structure}, {@code codec},
 * {@code string-type}, {@code contract}, {@code contiguous-ids}, {@code ascending}, {@code references}. Every rule
 * runs on every file and every finding is collected; the summary table is logged, {@code validation.json} and
 * {@code TEST-artifact-io.xml} are written under {@code target/artifact-io/}, and then the build fails once if a
 * finding reaches {@code failOn}. Runs without a project:
 * {@code mvn io.github.artifactio:artifact-io-maven-plugin:0.1.0-SNAPSHOT:validate -Dartifact-io.directory=DIR}.
 */
@Mojo(name = "validate", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class ValidateMojo extends AbstractCheckMojo {
  /**
   * Contracts by name or file, comma-separated: the built-ins {@code library-precursors} and
   * {@code library-fragments}, or JSON contract files (relative to the project's folder).
   */
  @Parameter(property = "artifact-io.contract")
  private String contract;

  /** Rule configurations: {@code <check><rule>ascending</rule><columns><column>mz</column></columns></check>}. */
  @Parameter
  private List<CheckConfig> checks = new ArrayList<>();

  /** Contracts written in the POM (same fields as a contract file). */
  @Parameter
  private List<ContractConfig> contracts = new ArrayList<>();

  @Override
  String goal() {
    return "validate";
  }

  @Override
  String defaultIncludes() {
    return "**/*.parquet";
  }

  @Override
  List<String> ruleIds() {
    return io.github.artifactio.maven.check.RuleIds.VALIDATE;
  }

  @Override
  boolean configured() {
    return (contract != null && !contract.isBlank()) || !checks.isEmpty() || !contracts.isEmpty()
        || !suppressions.isEmpty() || rules != null || skipRules != null;
  }

  @Override
  void describe(com.fasterxml.jackson.databind.node.ObjectNode c) {
    c.put("contract", contract);
    com.fasterxml.jackson.databind.node.ArrayNode ch = c.putArray("checks");
    checks.forEach(x -> ch.add(x.toString()));
    com.fasterxml.jackson.databind.node.ArrayNode ct = c.putArray("contracts");
    contracts.forEach(x -> ct.add(x.toContract().name()));
  }

  @Override
  Outcome check(Path root, List<Path> files, EngineContext context, ResultCache cache) {
    List<Contract> all = new ArrayList<>(Contracts.resolve(contract, baseDirectory()));
    for (ContractConfig c : contracts) {
      all.add(c.toContract());
    }
    ValidationPlan plan = ValidationPlan.build(checks, all, split(rules), split(skipRules));
    return new ParquetValidator(plan, cache, pluginVersion()).validate(root, files, context);
  }
}
