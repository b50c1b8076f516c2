package io.github.artifactio.testkit;

import org.junit.jupiter.api.function.Executable;

/**
 * Runs a test's body as on a developer's machine or as on CI, whatever machine runs the suite: the testkit's own
 * suite follows the machine's {@code CI} variable (so that on CI its goldens and records are read-only), and a test of
 * the local behaviour (a missing record or golden is written) pins it here.
 */
final class CiMode {
  private CiMode() {}

  /** Runs {@code body} with {@link Ci#isSet()} false. */
  static void local(Executable body) throws Throwable {
    with("false", body);
  }

  /** Runs {@code body} with {@link Ci#isSet()} true. */
  static void ci(Executable body) throws Throwable {
    with("true", body);
  }

  private static void with(String value, Executable body) throws Throwable {
    String before = System.getProperty(Ci.PROPERTY);
    System.setProperty(Ci.PROPERTY, value);
    try {
      body.execute();
    } finally {
      if (before == null) {
        System.clearProperty(Ci.PROPERTY);
      } else {
        System.setProperty(Ci.PROPERTY, before);
      }
    }
  }
}
