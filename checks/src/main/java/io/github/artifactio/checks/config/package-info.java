/**
 * What the user configures, in either front end's words: the value-level checks ({@code CheckConfig}), the contracts
 * ({@code ContractConfig} as the POM writes one, {@code Contract} as it is checked, {@code Contracts} to parse and
 * resolve them, built-in ones too), the configuration file the command line reads ({@code ConfigFile}), suppressions,
 * the names each front end gives a setting ({@code Dialect}, {@code Setting}) and the glob rule every file pattern
 * follows ({@code Globs}). Uses the {@code result} package only.
 */
package io.github.artifactio.checks.config;
