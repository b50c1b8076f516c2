package io.github.artifactio.cli;

import io.github.artifactio.checks.ConfigFile;
import io.github.artifactio.checks.ConfigurationException;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code verify-manifest DIR...}: the plugin's {@code verify-manifest} on run folders (or manifest files). */
@Command(name = "verify-manifest", mixinStandardHelpOptions = true,
    description = "Checks every manifest.json under the folders against the files it records (paths, blake3, rows,"
        + " schemas, report sidecars, the config hash).")
final class VerifyManifestCommand extends GateCommand {
  @Parameters(paramLabel = "DIR", arity = "1..*", description = "Run folders, or manifest.json files.")
  List<Path> paths;

  @Option(names = "--schema", paramLabel = "NAME@VERSION",
      description = "A schema identifier to accept besides the built-in registry's (repeatable).")
  List<String> schemas;

  @Override
  Goal goal(ConfigFile config) {
    if (!config.checks().isEmpty()) {
      throw new ConfigurationException("--config: \"checks\" apply to validate; verify-manifest takes \"severities\"");
    }
    return new ManifestGoal(schemas, config.severities());
  }

  @Override
  String units() {
    return "records";
  }

  @Override
  List<Path> paths() {
    return paths;
  }
}
