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
 * Finds code that hands work to another thread or makes one outside the engine's concurrency package
 * ({@code engine.internal.concurrent}, behind {@code EngineContext}): every other main source of every module must go
 * through an engine context, so that the caller owns every thread and none is started behind its back.
 *
 * <p>Read are the main Java sources of every module, with comments and the contents of string literals blanked out
 * (a Javadoc may name {@code Executors}). A call {@code .execute("...")} whose argument is a string literal is a JDBC
 * statement, not a task hand-off.
 */
final class ThreadBoundary {
  /** One offending line. */
  record Finding(String file, int line, String what) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + what;
    }
  }

  /** Where threads may be made and work handed over. */
  static final String ALLOWED = "engine/src/main/java/io/github/artifactio/engine/internal/concurrent/";

  private static final List<Rule> RULES = List.of(
      new Rule("creates a thread",
          "\\bnew\\s+Thread\\s*\\(|\\bThread\\s*\\.\\s*(ofPlatform|ofVirtual|startVirtualThread)\\b"),
      new Rule("makes an executor", "\\bExecutors\\s*\\.|\\bnew\\s+\\w*ThreadPoolExecutor\\s*\\(|\\bForkJoinPool\\b"),
      new Rule("submits a task", "\\.submit\\s*\\("),
      new Rule("executes a task", "\\.execute\\s*\\((?!\\s*\")"),
      new Rule("runs asynchronously", "\\.\\w+Async\\s*\\("),
      new Rule("uses a parallel stream", "\\.parallelStream\\s*\\(|\\.parallel\\s*\\(\\s*\\)"),
      new Rule("uses a timer thread", "\\bjava\\.util\\.Timer\\b"));

  /**
   * Lines a rule matches that hand nothing to another thread, by file, with why. A listed line that no longer
   * appears fails the test, so the list only shrinks.
   */
  static final List<Exempt> EXEMPT = List.of();

  /** A line a rule matches that is not what the rule looks for. */
  record Exempt(String file, String line, String why) {}

  private record Rule(String what, Pattern pattern) {
    Rule(String what, String regex) {
      this(what, Pattern.compile(regex));
    }
  }

  private ThreadBoundary() {}

  /** The main Java sources of every module under {@code root}. */
  static List<Path> sources(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.sorted().toList()) {
        Path main = module.resolve("src/main/java");
        if (Files.isDirectory(main)) {
          try (Stream<Path> s = Files.walk(main)) {
            s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(out::add);
          }
        }
      }
    }
    return out;
  }

  /** Every finding under {@code root}, in file order. */
  static List<Finding> scan(Path root) throws IOException {
    List<Finding> out = new ArrayList<>();
    for (Path f : sources(root)) {
      String rel = root.relativize(f).toString().replace('\\', '/');
      out.addAll(scan(rel, Files.readString(f, StandardCharsets.UTF_8)));
    }
    return out;
  }

  /** The findings of one source file, {@code rel} its path from the root. */
  static List<Finding> scan(String rel, String source) {
    List<Finding> out = new ArrayList<>();
    if (rel.startsWith(ALLOWED)) {
      return out;
    }
    String[] lines = code(source).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].trim();
      if (EXEMPT.stream().anyMatch(e -> e.file().equals(rel) && e.line().equals(line))) {
        continue;
      }
      for (Rule r : RULES) {
        Matcher m = r.pattern().matcher(lines[i]);
        if (m.find()) {
          out.add(new Finding(rel, i + 1, r.what() + ": " + lines[i].trim()));
        }
      }
    }
    return out;
  }

  /**
   * {@code source} with comments and the contents of string and char literals replaced by spaces; line breaks and the
   * quotes themselves are kept, so lines and literal arguments stay where they were.
   */
  static String code(String source) {
    StringBuilder b = new StringBuilder(source.length());
    int n = source.length();
    int i = 0;
    while (i < n) {
      char c = source.charAt(i);
      if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
        while (i < n && source.charAt(i) != '\n') {
          b.append(' ');
          i++;
        }
      } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(source, i, end, b);
        i = end;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end + 3;
        b.append("\"\"\"");
        blank(source, i + 3, end - 3, b);
        b.append("\"\"\"");
        i = end;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        j = Math.min(j, n - 1);
        b.append(c);
        blank(source, i + 1, j, b);
        b.append(source.charAt(j));
        i = j + 1;
      } else {
        b.append(c);
        i++;
      }
    }
    return b.toString();
  }

  private static void blank(String source, int from, int to, StringBuilder b) {
    for (int k = from; k < to; k++) {
      b.append(source.charAt(k) == '\n' ? '\n' : ' ');
    }
  }
}
