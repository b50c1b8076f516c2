package io.github.artifactio.checks;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.config.Globs;
import io.github.artifactio.checks.config.Setting;
import io.github.artifactio.checks.result.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemLoopException;
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
 * The files a goal checks: regular files under a folder whose relative paths match one of the include globs, and
 * files named on their own (the command line's {@code validate a.parquet b.parquet}), which are taken as they are.
 *
 * <p>Symbolic links are followed, the folder itself included: a run folder that is a link, or that links to the
 * stages' outputs, is checked like a real one (a scan that did not follow links found nothing there and passed). A
 * link back to a folder already being walked is a cycle: it is not entered again, and is reported.
 */
public final class FileSets {
  /**
   * What a scan found: the files in path order, the links not followed because they close a cycle, and the paths
   * asked for that do not exist.
   */
  public record Selection(List<Path> files, List<Path> cycles, List<Path> missing) {
    public Selection {
      files = List.copyOf(files);
      cycles = List.copyOf(cycles);
      missing = List.copyOf(missing);
    }

    Selection(List<Path> files, List<Path> cycles) {
      this(files, cycles, List.of());
    }
  }

  private FileSets() {}

  /**
   * The files of several paths: a regular file is taken as it is, a folder is scanned with the include globs; files
   * in the order of the paths, each folder's sorted, and a file reached twice taken once.
   */
  public static Selection select(List<Path> paths, String includes, Dialect dialect) {
    List<PathMatcher> matchers = matchers(includes, dialect);
    java.util.LinkedHashSet<Path> files = new java.util.LinkedHashSet<>();
    List<Path> cycles = new ArrayList<>();
    List<Path> missing = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isRegularFile(p)) {
        files.add(p);
      } else if (Files.isDirectory(p)) {
        Selection s = scan(p, matchers);
        files.addAll(s.files());
        cycles.addAll(s.cycles());
      } else {
        missing.add(p);
      }
    }
    return new Selection(new ArrayList<>(files), cycles, missing);
  }

  /** Sorted by relative path, so reports list files in the same order on every machine. */
  public static Selection scan(Path dir, String includes) {
    return scan(dir, matchers(includes, Dialect.MAVEN));
  }

  private static Selection scan(Path dir, List<PathMatcher> matchers) {
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

  private static List<PathMatcher> matchers(String includes, Dialect dialect) {
    List<PathMatcher> matchers = new ArrayList<>();
    for (String glob : includes.split(",")) {
      if (glob.isBlank()) {
        continue;
      }
      String g = glob.trim();
      try {
        matchers.add(Globs.matcher(g));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(
            dialect.name(Setting.INCLUDES) + ": '" + g + "' is not a glob: " + e.getMessage());
      }
    }
    if (matchers.isEmpty()) {
      throw new ConfigurationException(dialect.name(Setting.INCLUDES) + " is empty: no file would be checked");
    }
    return matchers;
  }
}
