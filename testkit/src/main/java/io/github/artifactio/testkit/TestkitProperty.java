package io.github.artifactio.testkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The testkit's system properties, all named {@code artifact-io.*} like the rest of the project's. The names of the
 * first release ({@code artifactio.seed}, {@code artifactio.tries}, {@code artifactio.testkit.failures}) are still
 * read, with a warning on standard error the first time each is used, until the next release.
 */
public final class TestkitProperty {
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private TestkitProperty() {}

  /**
   * The value of {@code name}, else of its old name {@code oldName} (warning once), else null; blank counts as unset.
   */
  public static String get(String name, String oldName) {
    String v = System.getProperty(name);
    if (v != null && !v.isBlank()) {
      return v.trim();
    }
    String old = oldName == null ? null : System.getProperty(oldName);
    if (old != null && !old.isBlank()) {
      if (WARNED.add(oldName)) {
        System.err.println("artifact-io testkit: -D" + oldName + " is deprecated and will stop working in the next"
            + " release; use -D" + name);
      }
      return old.trim();
    }
    return null;
  }
}
