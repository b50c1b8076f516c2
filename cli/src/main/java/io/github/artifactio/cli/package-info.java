/**
 * The command line, {@code java -jar cli/target/artifact-io.jar <command>}, for stages that are not built with Maven.
 * {@link io.github.artifactio.cli.Main} picks the {@link io.github.artifactio.cli.CliCommand}, whose
 * {@link io.github.artifactio.cli.CommandDef} parses its arguments into {@link io.github.artifactio.cli.Parsed}, and
 * maps outcomes to exit codes (0 pass, 1 findings or a file that could not be read, 2 usage or misconfiguration).
 *
 * <p>{@link io.github.artifactio.cli.ValidateCommand} and {@link io.github.artifactio.cli.VerifyManifestCommand}
 * share {@link io.github.artifactio.cli.GateCommand}: options in, the checks module's {@code Gate} (the one the Maven
 * plugin runs, so the checks, messages and reports are the plugin's), {@link io.github.artifactio.cli.TerminalLog}
 * and {@link io.github.artifactio.cli.TerminalProgress} out. {@link io.github.artifactio.cli.InspectCommand} prints the
 * engine's {@code Inspector}; {@link io.github.artifactio.cli.HashCommand} prints and checks blake3 digests in
 * b3sum's format ({@link io.github.artifactio.cli.B3sumLines}); {@link io.github.artifactio.cli.ConcatCommand} runs
 * the engine's {@code Concat}. Nothing here imports a Maven type or an engine internal ({@code ArchitectureTest}).
 */
package io.github.artifactio.cli;
