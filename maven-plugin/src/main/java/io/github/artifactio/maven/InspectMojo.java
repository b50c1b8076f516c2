package io.github.artifactio.maven;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.inspect.Inspector;
import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints the engine's {@code inspect} of one Parquet artifact: schema with Arrow types, row groups, every column
 * chunk's codec, encodings, page indexes and statistics, key-value metadata and the first rows. Runs without a
 * project: {@code mvn io.github.artifactio:artifact-io-maven-plugin:0.1.0-SNAPSHOT:inspect -Dartifact-io.file=x.parquet}.
 */
@Mojo(name = "inspect", requiresProject = false, threadSafe = true)
public class InspectMojo extends AbstractMojo {
  /** The Parquet file to inspect. */
  @Parameter(property = "artifact-io.file", required = true)
  private File file;

  @Override
  public void execute() throws MojoFailureException {
    try {
      for (String line : Inspector.inspect(file.toPath()).split("\n", -1)) {
        getLog().info(line);
      }
    } catch (ArtifactException e) {
      throw new MojoFailureException(e.getMessage(), e);
    }
  }
}
