package io.github.artifactio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The validate goal's split size: a file past it is checked in ranges with the whole file's report. */
class ValidateMojoTest {
  @TempDir Path dir;

  /** A 3.2 MB file of ascending ids in 8 row groups, so a 1 MiB split size cuts it in ranges. */
  private Path folder() {
    Path run = dir.resolve("run");
    TableWriter.writeTable(run.resolve("ids.parquet"),
        List.of(new Int64Column("id", LongStream.range(0, 400_000).map(i -> i * 7919 % 400_000 + i * 400_000)
            .toArray())),
        WriteOptions.builder().rowGroupRows(50_000).build());
    return run;
  }

  /** validation.json of one execution with {@code splitMib}, with the cache off. */
  private String validate(Path folder, int splitMib, String target) throws Exception {
    MavenProject project = new MavenProject();
    project.setFile(dir.resolve("pom.xml").toFile());
    project.getBuild().setDirectory(dir.resolve(target).toString());
    ValidateMojo mojo = new ValidateMojo();
    mojo.project = project;
    mojo.directory = folder.toFile();
    mojo.failOn = "ERROR";
    mojo.cacheDir = "none";
    mojo.threads = 2;
    mojo.splitMib = splitMib;
    mojo.setLog(new SystemStreamLog());
    mojo.execute();
    return Files.readString(dir.resolve(target).resolve("artifact-io/validation.json"));
  }

  @Test
  void a_file_past_the_split_size_gives_the_report_of_the_file_checked_whole() throws Exception {
    Path folder = folder();
    assertEquals(validate(folder, 1024, "whole"), validate(folder, 1, "ranges"));
  }

  @Test
  void a_split_size_under_one_mib_is_refused_naming_the_parameter() {
    MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> validate(folder(), 0, "none"));
    assertEquals("artifact-io:validate: artifact-io.splitMib is 0; it is the size in MiB past which a file is checked"
        + " in ranges, at least 1", e.getMessage());
  }
}
