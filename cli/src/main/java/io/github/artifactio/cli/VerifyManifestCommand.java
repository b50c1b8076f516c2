package io.github.artifactio.cli;

import io.github.artifactio.checks.config.ConfigFile;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
import java.util.List;

/** {@code verify-manifest DIR...}: the plugin's {@code verify-manifest} on run folders (or manifest files). */
final class VerifyManifestCommand extends GateCommand {
  private static final CommandDef DEF = withGateOptions(CommandDef.command("verify-manifest",
      "Checks every manifest.json under the folders against the files it records (paths, blake3, rows, schemas,"
          + " report sidecars, the config hash).")
      .params("DIR", 1, -1, "Run folders, or manifest.json files.")
      .repeated("--schema", "NAME@VERSION", "A schema identifier to accept besides the built-in registry's."));

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  Goal goal(Parsed args, ConfigFile config) {
    if (!config.checks().isEmpty()) {
      throw new ConfigurationException("--config: \"checks\" apply to validate; verify-manifest takes \"severities\"");
    }
    return new ManifestGoal(args.list("--schema"), config.severities());
  }

  @Override
  String units() {
    return "records";
  }
}
