package io.github.artifactio.cli;

import io.github.artifactio.checks.ConfigFile;
import io.github.artifactio.checks.ConfigurationException;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ValidateGoal;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code validate PATH...}: the plugin's {@code validate} on files and folders. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Checks Parquet files (and the *.parquet files under folders) against the rules and contracts of"
        + " the Maven plugin's validate goal.")
final class ValidateCommand extends GateCommand {
  @Parameters(paramLabel = "PATH", arity = "1..*", description = "Parquet files, or folders to search.")
  List<Path> paths;

  @Option(names = "--contract", paramLabel = "NAME", split = ",",
      description = "Built-in contracts (library-precursors, library-fragments) or JSON contract files.")
  List<String> contracts;

  @Override
  Goal goal(ConfigFile config) {
    if (!config.severities().isEmpty()) {
      throw new ConfigurationException("--config: \"severities\" apply to verify-manifest; validate takes a check's"
          + " \"severity\" in \"checks\"");
    }
    return ValidateGoal.builder(Path.of("").toAbsolutePath())
        .contract(contracts == null ? null : String.join(",", contracts)).checks(config.checks()).build();
  }

  @Override
  String units() {
    return "files";
  }

  @Override
  List<Path> paths() {
    return paths;
  }
}
