package io.github.artifactio.maven;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.inspect.Inspector;
import java.io.File;
import java.io.PrintStream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints the engine's {@code inspect} of one Parquet artifact: schema with Arrow types, row groups, every column
 * chunk's codec, encodings, page indexes and statistics, key-value metadata and the first rows (a column the engine
 * does not read, such as DECIMAL, is shown in the schema and footer, and the head says why its cells are missing).
 * The report is the goal's result, printed on standard output rather than logged, so {@code mvn -q} shows it too.
 * Runs without a project:
 * {@code mvn io.github.artifactio:artifact-io-maven-plugin:0.1.0-SNAPSHOT:inspect -Dartifact-io.file=x.parquet}.
 */
@Mojo(name = "inspect", requiresProject = false, threadSafe = true)
public class InspectMojo extends AbstractMojo {
  /** The Parquet file to inspect. */
  @Parameter(property = "artifact-io.file", required = true) private File file;

  /** Where the report goes: standard output (tests give another stream). */
  PrintStream out = System.out;

  @Override
  public void execute() throws MojoFailureException {
    String report;
    try {
      report = Inspector.inspect(file.toPath());
    } catch (ArtifactException e) {
      throw new MojoFailureException(e.getMessage(), e);
    }
    out.print(report);
    out.flush();
  }
}
