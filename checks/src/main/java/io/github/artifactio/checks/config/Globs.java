package io.github.artifactio.checks.config;

import java.nio.file.FileSystems;
import java.nio.file.PathMatcher;

/** The glob rule every file pattern of the checks follows: the include globs, contracts' files and suppressions. */
public final class Globs {
  private Globs() {}

  /**
   * A matcher of {@code glob} (the JDK's glob syntax) where {@code **}{@code /x} also matches {@code x} at the top of
   * the folder, as Maven's includes do. A malformed glob is the JDK's {@code IllegalArgumentException}.
   */
  public static PathMatcher matcher(String glob) {
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    if (glob.startsWith("**/")) {
      PathMatcher top = FileSystems.getDefault().getPathMatcher("glob:" + glob.substring(3));
      return p -> m.matches(p) || top.matches(p);
    }
    return m;
  }
}
