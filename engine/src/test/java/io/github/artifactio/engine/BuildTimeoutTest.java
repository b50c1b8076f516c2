package io.github.artifactio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The build gives every test a time limit (the parent POM's surefire configuration), so a hung test fails. */
class BuildTimeoutTest {
  private static String timeout;

  @RegisterExtension static final BeforeEachCallback READ =
      c -> timeout = c.getConfigurationParameter("junit.jupiter.execution.timeout.default").orElse(null);

  @Test
  void maven_runs_every_test_with_a_default_timeout() {
    assumeTrue(System.getProperty("artifact-io.repository") != null, "run by Maven, which sets the parameter");
    assertEquals("10m", timeout);
  }
}
