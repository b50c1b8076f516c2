package io.github.artifactio.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.cli.Main;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The options of a Spark run: the command line's defaults, and this module's version in its reports. */
class SparkOptionsTest {
  @Test
  void the_reports_name_this_module_and_the_version_the_build_gave_it() {
    SparkOptions o = SparkOptions.builder().build();
    assertEquals("artifact-io-spark", o.tool());
    // the build fills in the project's version, which the command line's --version starts with too
    assertEquals(SparkTests.cliVersion().split(" ")[0], o.version());
  }

  @Test
  void the_defaults_are_the_command_lines() {
    assertEquals(List.of("--fail-on", "ERROR", "--fail-on-undetermined", "true", "--fail-if-no-files", "true",
        "--threads", "0", "--split-mib", "1024"), SparkOptions.builder().build().invocation());
    assertEquals(Main.USAGE, SparkMain.USAGE);
  }

  @Test
  void a_split_size_under_one_mib_is_refused() {
    assertEquals("--split-mib must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> SparkOptions.builder().splitMib(0)).getMessage());
  }
}
