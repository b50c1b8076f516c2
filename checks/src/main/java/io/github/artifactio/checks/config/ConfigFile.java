package io.github.artifactio.checks.config;

import java.util.List;
import java.util.Map;

/**
 * A configuration file ({@link Contracts#parseConfig}): for the command line, what a POM configures besides the
 * contracts.
 *
 * @param checks as a POM's {@code <checks>} ({@code validate})
 * @param suppressions findings to accept, each with its reason
 * @param severities per rule id ({@code verify-manifest})
 */
public record ConfigFile(List<CheckConfig> checks, List<Suppression> suppressions, Map<String, String> severities) {
  public ConfigFile {
    checks = List.copyOf(checks);
    suppressions = List.copyOf(suppressions);
    severities = Map.copyOf(severities);
  }

  /** No file: nothing configured. */
  public static final ConfigFile NONE = new ConfigFile(List.of(), List.of(), Map.of());
}
