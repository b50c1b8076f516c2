package io.github.artifactio.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds what would make a clone depend on the machine it was made on: a path that is absolute (a home, work or temp
 * folder of one machine, a drive letter) or that climbs above the repository root. Read are every text file under a
 * module's {@code src/} (sources, resources, invoker projects), every {@code pom.xml} and {@code .ci/run}.
 *
 * <p>A relative path is resolved against the folder it is used from: a POM's, script's or invoker project's own
 * folder, and for sources the module folder (tests and plugins run there). {@code /proc}, {@code /sys} and
 * {@code /dev/null} are the kernel's interfaces, present on every Linux machine, not places of one machine's files.
 */
final class PathGuard {
  /** One offending line. */
  record Finding(String file, int line, String path, String why) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + path + " (" + why + ")";
    }
  }

  private static final Pattern ABSOLUTE = Pattern.compile(
      "(?<![\\w.:/~$}\\]-])(/(?:home|work|tmp|root|usr|opt|var|etc|mnt|media|srv|run|Users|Volumes|private|shared|data"
          + "|scratch|nfs)(?:/[\\w.+@-]*)+|~/[\\w.+@/-]+|\\b[A-Za-z]:\\\\[\\w\\\\. -]+)");
  private static final Pattern UPWARD =
      Pattern.compile("(?<![\\w.])((?:\\.\\./)+\\.{0,2}[\\w.+@/-]*|\\.\\.(?=[\"'<\\s]|$))");
  private static final long MAX_BYTES = 1 << 20;

  private PathGuard() {}

  /** Every finding under {@code root}, in file order. */
  static List<Finding> scan(Path root) throws IOException {
    List<Finding> out = new ArrayList<>();
    for (Path f : files(root)) {
      String rel = root.relativize(f).toString().replace('\\', '/');
      byte[] bytes = Files.readAllBytes(f);
      if (isBinary(bytes)) {
        continue;
      }
      out.addAll(scan(rel, baseOf(rel), new String(bytes, StandardCharsets.UTF_8)));
    }
    return out;
  }

  /**
   * The findings of one file's text: {@code rel} is its path from the root, {@code base} the folder (from the root)
   * its relative paths are resolved against.
   */
  static List<Finding> scan(String rel, String base, String text) {
    List<Finding> out = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i == 0 && lines[0].startsWith("#!")) {
        continue; // a script's interpreter is the machine's by definition
      }
      Matcher a = ABSOLUTE.matcher(lines[i]);
      while (a.find()) {
        out.add(new Finding(rel, i + 1, a.group(1), "an absolute path"));
      }
      Matcher u = UPWARD.matcher(lines[i]);
      while (u.find()) {
        if (climbsAboveRoot(base, u.group(1))) {
          out.add(new Finding(rel, i + 1, u.group(1), "climbs above the repository root from " + base + "/"));
        }
      }
    }
    return out;
  }

  /** Whether {@code path}, resolved from {@code base} (a folder relative to the root), leaves the root. */
  static boolean climbsAboveRoot(String base, String path) {
    int depth = 0;
    for (String seg : base.split("/")) {
      if (!seg.isEmpty() && !seg.equals(".")) {
        depth++;
      }
    }
    for (String seg : path.split("/")) {
      if (seg.equals("..")) {
        if (--depth < 0) {
          return true;
        }
      } else if (!seg.isEmpty() && !seg.equals(".")) {
        depth++;
      }
    }
    return false;
  }

  /** The folder a file's relative paths are used from: a module's folder for sources, else the file's own. */
  static String baseOf(String rel) {
    int src = rel.indexOf("/src/");
    boolean invoker = rel.contains("/src/it/");
    if (src > 0 && !invoker && !rel.endsWith("pom.xml")) {
      return rel.substring(0, src);
    }
    int slash = rel.lastIndexOf('/');
    return slash < 0 ? "" : rel.substring(0, slash);
  }

  static List<Path> files(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    add(out, root.resolve("pom.xml"));
    add(out, root.resolve(".ci/run"));
    try (Stream<Path> modules = Files.list(root)) {
      for (Path m : (Iterable<Path>) modules.sorted()::iterator) {
        if (!Files.isDirectory(m) || m.getFileName().toString().startsWith(".")) {
          continue;
        }
        add(out, m.resolve("pom.xml"));
        Path src = m.resolve("src");
        if (Files.isDirectory(src)) {
          try (Stream<Path> walk = Files.walk(src)) {
            walk.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/node_modules/")).sorted()
                .forEach(out::add);
          }
        }
      }
    }
    return out;
  }

  private static void add(List<Path> out, Path p) {
    if (Files.isRegularFile(p)) {
      out.add(p);
    }
  }

  private static boolean isBinary(byte[] bytes) {
    if (bytes.length > MAX_BYTES) {
      return true;
    }
    for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
      if (bytes[i] == 0) {
        return true;
      }
    }
    return false;
  }
}
