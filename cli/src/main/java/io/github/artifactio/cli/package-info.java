/**
 * The command line, {@code java -jar cli/target/artifact-io.jar <command>}, for stages that are not built with Maven.
 * {@link io.github.artifactio.cli.Main} picks the {@link io.github.artifactio.cli.CliCommand}, whose
 * {@link io.github.artifactio.cli.CommandDef} parses its arguments into {@link io.github.artifactio.cli.Parsed}, and
 * maps outcomes to exit codes (0 pass, 1 findings or a file that could not be read, 2 usage or misconfiguration).
 *
 * <p>{@link io.github.artifactio.cli.ValidateCommand} and {@link io.github.artifactio.cli.VerifyManifestCommand}
 * share {@link io.github.artifactio.cli.GateCommand}: options in, the checks module's {@code Gate} (the one the Maven
 * plugin runs, so the checks, messages and reports are the plugin's), its {@code GateLog.printing}
 * and {@link io.github.artifactio.cli.TerminalProgress} out. {@link io.github.artifactio.cli.InspectCommand} prints the
 * engine's {@code Inspector}; {@link io.github.artifactio.cli.HashCommand} prints and checks blake3 digests in
 * b3sum's format (the checks module's {@code shard.B3sumLines}); {@link io.github.artifactio.cli.ConcatCommand} runs
 * the engine's {@code Concat}. Nothing here imports a Maven type or an engine internal ({@code ArchitectureTest}).
 *
 * <p><b>The launcher.</b> {@code mvn -B -DskipTests package} writes {@code cli/target/artifact-io}, a POSIX shell
 * script beside the jar, which is the way to run it: {@code cli/target/artifact-io validate run/}, or through a
 * symlink to it in a folder on the {@code PATH}; copy the two files together.
 * It runs {@code $JAVA_HOME/bin/java} (else the {@code java} on the {@code PATH}) with {@code $JAVA_OPTS} and a
 * class-data sharing archive of the classes a run loads, {@code artifact-io-<java version>.jsa}, which the first run
 * writes beside the jar where that folder may be written (and again when the jar is newer) and every later run
 * maps; where the folder is read-only it runs without one and says nothing. {@code artifact-io --version} prints
 * the version and the commit the jar was built from ({@code build.properties}, written by the build).
 * {@code -Dbench=startup} measures it against {@code java -jar}; the options it does not pass, and why, are in the
 * script's comments.
 */
package io.github.artifactio.cli;
