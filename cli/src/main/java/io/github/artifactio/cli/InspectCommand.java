package io.github.artifactio.cli;

import io.github.artifactio.engine.inspect.Inspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.PrintWriter;

/** {@code inspect FILE}: the engine's inspect, as the Maven plugin's {@code inspect} goal prints it. */
final class InspectCommand implements CliCommand {
  private static final CommandDef DEF = CommandDef.command("inspect",
      "Prints a Parquet file's schema with Arrow types, row groups, codecs, encodings, page indexes, statistics,"
          + " key-value metadata and first rows.")
      .params("FILE", 1, 1, "The Parquet file.");

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws UsageException {
    Path file = args.paths().get(0);
    if (!Files.isRegularFile(file)) {
      err.println("artifact-io inspect: " + file + (Files.exists(file) ? " is not a file" : " does not exist"));
      return Main.USAGE;
    }
    // an unreadable file is an ArtifactException naming it: Main prints it and exits FAILED
    out.print(Inspector.inspect(file));
    return Main.PASS;
  }
}
