package io.github.artifactio.maven;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.ContractConfig;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ValidateGoal;
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
  @Parameter(property = "artifact-io.contract") private String contract;

  /** Rule configurations: {@code <check><rule>ascending</rule><columns><column>mz</column></columns></check>}. */
  @Parameter private List<CheckConfig> checks = new ArrayList<>();

  /** Contracts written in the POM (same fields as a contract file). */
  @Parameter private List<ContractConfig> contracts = new ArrayList<>();

  @Override
  Goal goal() {
    return ValidateGoal.builder(baseDirectory()).contract(contract).checks(checks).contracts(contracts).build();
  }
}
