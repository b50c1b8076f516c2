package io.github.artifactio.cli;

import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ValidateGoal;
import java.nio.file.Path;
import java.util.List;

/** {@code validate PATH...}: the plugin's {@code validate} on files and folders. */
final class ValidateCommand extends GateCommand {
  private static final CommandDef DEF = withGateOptions(CommandDef.command("validate",
      "Checks Parquet files (and the *.parquet files under folders) against the rules and contracts of the Maven"
          + " plugin's validate goal.")
      .params("PATH", 1, -1, "Parquet files, or folders to search.")
      .list("--contract", "NAME",
          "Built-in contracts (library-precursors, library-fragments) or JSON contract files."));

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  Goal goal(Parsed args, ConfigFile config) {
    if (!config.severities().isEmpty()) {
      throw new ConfigurationException("--config: \"severities\" apply to verify-manifest; validate takes a check's"
          + " \"severity\" in \"checks\"");
    }
    List<String> contracts = args.list("--contract");
    return ValidateGoal.builder(Path.of("").toAbsolutePath())
        .contract(contracts == null ? null : String.join(",", contracts)).checks(config.checks()).build();
  }

  @Override
  String units() {
    return "files";
  }
}
