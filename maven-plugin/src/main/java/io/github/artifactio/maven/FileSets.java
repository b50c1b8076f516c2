package io.github.artifactio.maven;

import io.github.artifactio.maven.check.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The files a goal checks: regular files under a folder whose relative paths match one of the include globs. */
final class FileSets {
  private FileSets() {}

  /** Sorted by relative path, so reports list files in the same order on every machine. */
  static List<Path> scan(Path dir, String includes) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<PathMatcher> matchers = new ArrayList<>();
    for (String glob : includes.split(",")) {
      if (glob.isBlank()) {
        continue;
      }
      String g = glob.trim();
      try {
        matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + g));
        if (g.startsWith("**/")) {
          // as in Maven's includes, **/x also matches x at the top of the folder
          matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + g.substring(3)));
        }
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("artifact-io.includes: '" + g + "' is not a glob: " + e.getMessage());
      }
    }
    if (matchers.isEmpty()) {
      throw new ConfigurationException("artifact-io.includes is empty: no file would be checked");
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> matchers.stream().anyMatch(m -> m.matches(dir.relativize(p))))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException("listing " + dir, e);
    }
  }
}
