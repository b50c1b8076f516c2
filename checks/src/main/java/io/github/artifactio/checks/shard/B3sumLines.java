package io.github.artifactio.checks.shard;

/**
 * The line format of {@code b3sum} (and of {@code sha256sum}): {@code <hex>  <path>}, where a path holding a
 * backslash or a newline is written with {@code \\} and {@code \n} and its line starts with a backslash. What
 * {@code hash} prints, {@code b3sum --check} reads, and what {@code b3sum} prints, {@code hash --check} reads.
 */
public final class B3sumLines {
  private B3sumLines() {}

  /** One checked entry: the digest as written (lower-case hex) and the path it names. */
  public record Entry(String hex, String path) {}

  /** The line for {@code path}'s digest. */
  public static String format(String hex, String path) {
    String escaped = escape(path);
    return (escaped.equals(path) ? "" : "\\") + hex + "  " + escaped;
  }

  /** The path with backslashes and newlines escaped (as the check output names it). */
  public static String escape(String path) {
    return path.replace("\\", "\\\\").replace("\n", "\\n");
  }

  /**
   * Reads one line of a checkfile.
   *
   * @throws IllegalArgumentException naming what is wrong with the line
   */
  public static Entry parse(String line) {
    boolean escaped = line.startsWith("\\");
    String body = escaped ? line.substring(1) : line;
    int sep = body.indexOf("  ");
    if (sep != 64 || !body.substring(0, 64).matches("[0-9a-fA-F]{64}")) {
      throw new IllegalArgumentException("not a b3sum line (64 hex digits, two spaces, a path)");
    }
    String path = body.substring(66);
    if (path.isEmpty()) {
      throw new IllegalArgumentException("no path after the digest");
    }
    if (escaped) {
      path = unescape(path);
    }
    if (path.indexOf('\uFFFD') >= 0 || path.indexOf('\0') >= 0) {
      // b3sum writes U+FFFD where a name was not Unicode: such a line names no file for certain
      throw new IllegalArgumentException(
          "the path holds a replacement or null character and names no file for certain");
    }
    return new Entry(body.substring(0, 64).toLowerCase(java.util.Locale.ROOT), path);
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
      if (next == '\\') {
        b.append('\\');
      } else if (next == 'n') {
        b.append('\n');
      } else {
        throw new IllegalArgumentException("an escape other than \\\\ or \\n in the path");
      }
      i++;
    }
    return b.toString();
  }
}
