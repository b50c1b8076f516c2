package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.config.ContractConfig;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.engine.EngineContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validate}: every Parquet file against the rules and contracts ({@code structure}, {@code codec},
 * {@code string-type}, {@code contract}, {@code contiguous-ids}, {@code ascending}, {@code references}), through a
 * {@link ValidationPlan} run by the {@link ParquetValidator}.
 */
public final class ValidateGoal implements Goal {
  private final String contract;
  private final Path baseDirectory;
  private final List<CheckConfig> checks;
  private final List<ContractConfig> contracts;

  private ValidateGoal(Builder b) {
    contract = b.contract;
    baseDirectory = b.baseDirectory;
    checks = List.copyOf(b.checks);
    contracts = List.copyOf(b.contracts);
  }

  /** @param baseDirectory the folder contract files are named relative to */
  public static Builder builder(Path baseDirectory) {
    return new Builder(baseDirectory);
  }

  @Override
  public String name() {
    return "validate";
  }

  @Override
  public String defaultIncludes() {
    return "**/*.parquet";
  }

  @Override
  public List<String> ruleIds() {
    return RuleIds.VALIDATE;
  }

  @Override
  public boolean configured() {
    return (contract != null && !contract.isBlank()) || !checks.isEmpty() || !contracts.isEmpty();
  }

  @Override
  public void describe(ObjectNode c) {
    c.put("contract", contract);
    ArrayNode ch = c.putArray("checks");
    checks.forEach(x -> ch.add(x.toString()));
    ArrayNode ct = c.putArray("contracts");
    contracts.forEach(x -> ct.add(x.toContract().name()));
  }

  @Override
  public Outcome check(Path root, List<Path> files, GateOptions options, EngineContext context,
      ResultCache cache) {
    return new ParquetValidator(plan(options), cache, options.version(), options.splitBytes()).validate(root, files,
        context,
        options.progress());
  }

  /** {@link #check} of a shard's {@code files}, of a run over {@code allFiles} (without a cache). */
  public Outcome checkPart(Path root, List<Path> allFiles, List<Path> files, GateOptions options,
      EngineContext context) {
    return new ParquetValidator(plan(options), null, options.version()).validatePart(root, allFiles, files, context);
  }

  /** The rules and contracts {@code options} select. */
  public ValidationPlan plan(GateOptions options) {
    List<Contract> all = new ArrayList<>(Contracts.resolve(contract, baseDirectory));
    for (ContractConfig c : contracts) {
      all.add(c.toContract());
    }
    return ValidationPlan.build(checks, all, GateOptions.split(options.rules()), GateOptions.split(options.skipRules()),
        options.dialect());
  }

  /** Builds a {@link ValidateGoal}. */
  public static final class Builder {
    private final Path baseDirectory;
    private String contract;
    private List<CheckConfig> checks = List.of();
    private List<ContractConfig> contracts = List.of();

    private Builder(Path baseDirectory) {
      this.baseDirectory = baseDirectory;
    }

    /** Comma-separated built-in contract names and JSON contract files. */
    public Builder contract(String spec) {
      this.contract = spec;
      return this;
    }

    /** Rule configurations ({@code <checks>} in a POM). */
    public Builder checks(List<CheckConfig> checks) {
      this.checks = checks == null ? List.of() : List.copyOf(checks);
      return this;
    }

    /** Contracts written in a POM. */
    public Builder contracts(List<ContractConfig> contracts) {
      this.contracts = contracts == null ? List.of() : List.copyOf(contracts);
      return this;
    }

    public ValidateGoal build() {
      return new ValidateGoal(this);
    }
  }
}
