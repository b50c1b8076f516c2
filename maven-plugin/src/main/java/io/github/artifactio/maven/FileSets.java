package io.github.artifactio.maven;

import io.github.artifactio.maven.check.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * The files a goal checks: regular files under a folder whose relative paths match one of the include globs.
 *
 * <p>Symbolic links are followed, the folder itself included: a run folder that is a link, or that links to the
 * stages' outputs, is checked like a real one (a scan that did not follow links found nothing there and passed). A
 * link back to a folder already being walked is a cycle: it is not entered again, and is reported.
 */
final class FileSets {
  /** What a scan found: the files in path order, and the links not followed because they close a cycle. */
  record Selection(List<Path> files, List<Path> cycles) {}

  private FileSets() {}

  /** Sorted by relative path, so reports list files in the same order on every machine. */
  static Selection scan(Path dir, String includes) {
    List<PathMatcher> matchers = matchers(includes);
    if (!Files.isDirectory(dir)) {
      return new Selection(List.of(), List.of());
    }
    List<Path> files = new ArrayList<>();
    List<Path> cycles = new ArrayList<>();
    try {
      Files.walkFileTree(dir, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          if (attrs.isRegularFile() && matchers.stream().anyMatch(m -> m.matches(dir.relativize(file)))) {
            files.add(file);
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
          if (e instanceof FileSystemLoopException) {
            cycles.add(file);
            return FileVisitResult.CONTINUE;
          }
          throw e;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("listing " + dir, e);
    }
    files.sort(null);
    cycles.sort(null);
    return new Selection(List.copyOf(files), List.copyOf(cycles));
  }

  private static List<PathMatcher> matchers(String includes) {
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
    return matchers;
  }
}
