package io.github.artifactio.cli;

import io.github.artifactio.engine.inspect.Inspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code inspect FILE}: the engine's inspect, as the Maven plugin's {@code inspect} goal prints it. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
    description = "Prints a Parquet file's schema with Arrow types, row groups, codecs, encodings, page indexes,"
        + " statistics, key-value metadata and first rows.")
final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The Parquet file.")
  Path file;

  @Override
  public Integer call() {
    if (!Files.isRegularFile(file)) {
      spec.commandLine().getErr().println("artifact-io inspect: " + file
          + (Files.exists(file) ? " is not a file" : " does not exist"));
      return Main.USAGE;
    }
    // an unreadable file is an ArtifactException naming it: Main prints it and exits FAILED
    spec.commandLine().getOut().print(Inspector.inspect(file));
    return Main.PASS;
  }
}
