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
 * The project's Java sources as {@link ArchitectureTest} reads them: which module and package each belongs to, and
 * its code with comments and string literals blanked out, so a name a comment or a message mentions is not a use.
 * Reading the code, not only the import lines, also catches a fully qualified name used without an import.
 */
final class JavaSources {
  static final List<String> MODULES = List.of("engine", "testkit", "checks", "maven-plugin", "cli", "spark", "it");
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /**
   * One source file.
   *
   * @param file its path from the repository root, with {@code /}
   * @param module the Maven module it belongs to
   * @param test whether it is test code ({@code src/test})
   * @param pkg its package
   * @param code its text without comments and literals
   */
  record Source(String file, String module, boolean test, String pkg, String code) {
    /** Whether the code names {@code prefix} (a package or one of its subpackages). */
    boolean uses(String prefix) {
      return Pattern.compile("(?<![\\w.])" + Pattern.quote(prefix) + "(?![\\w])").matcher(code).find();
    }

    /** Whether the code names a class of package {@code pkg} itself (not of its subpackages). */
    boolean usesClassesOf(String pkg) {
      return Pattern.compile("(?<![\\w.])" + Pattern.quote(pkg) + "\\.[A-Z]").matcher(code).find();
    }
  }

  private JavaSources() {}

  /** Every {@code .java} file under a module's {@code src/main/java} or {@code src/test/java}. */
  static List<Source> read(Path root) throws IOException {
    List<Source> out = new ArrayList<>();
    for (String module : MODULES) {
      for (String kind : List.of("main", "test")) {
        Path dir = root.resolve(module).resolve("src").resolve(kind).resolve("java");
        if (!Files.isDirectory(dir)) {
          continue;
        }
        try (Stream<Path> s = Files.walk(dir)) {
          for (Path p : s.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
            String file = root.relativize(p).toString().replace('\\', '/');
            out.add(of(file, module, kind.equals("test"), Files.readString(p, StandardCharsets.UTF_8)));
          }
        }
      }
    }
    return out;
  }

  static Source of(String file, String module, boolean test, String text) {
    String code = strip(text);
    Matcher m = PACKAGE.matcher(code);
    return new Source(file, module, test, m.find() ? m.group(1) : "", code);
  }

  /**
   * The text with comments, string and character literals (text blocks included) replaced by spaces, line breaks
   * kept.
   */
  static String strip(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
        while (i < n && s.charAt(i) != '\n') {
          out.append(' ');
          i++;
        }
      } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        int end = s.indexOf("*/", i + 2);
        i = blank(s, out, i, end < 0 ? n : end + 2);
      } else if (s.startsWith("\"\"\"", i)) {
        int end = s.indexOf("\"\"\"", i + 3);
        i = blank(s, out, i, end < 0 ? n : end + 3);
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && s.charAt(j) != c && s.charAt(j) != '\n') {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        i = blank(s, out, i, Math.min(n, j + 1));
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static int blank(String s, StringBuilder out, int from, int to) {
    for (int k = from; k < to; k++) {
      out.append(s.charAt(k) == '\n' ? '\n' : ' ');
    }
    return to;
  }
}
