package io.github.artifactio.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation holds together: every relative link of README.md and docs/*.md reaches a file of the repository
 * (and a heading of it, for a {@code #anchor}, by GitHub's slug rules), the README stays a five-minute read, and no
 * document names a commit (that is git history's job).
 */
class DocsLinksTest {
  /** The generated benchmark tables say which commit they measured; no other document names a commit. */
  static final Set<String> MAY_NAME_A_COMMIT = Set.of("docs/benchmarks.md");

  static final int README_MAX_LINES = 250;

  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern COMMIT = Pattern.compile("`([0-9a-f]{7,40})`");

  @Test
  void every_relative_link_in_the_readme_and_docs_resolves_to_a_file_and_heading() throws IOException {
    Path root = RepositoryPathsTest.root();
    List<String> docs = documents(root);
    assertTrue(docs.contains("README.md") && docs.size() >= 8, "documents read: " + docs);
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (String doc : docs) {
      String text = Files.readString(root.resolve(doc));
      links += links(text).size();
      broken.addAll(brokenLinks(root, doc, text));
    }
    assertTrue(links > 20, "only " + links + " links were checked");
    assertEquals(List.of(), broken);
  }

  @Test
  void the_readme_is_at_most_250_lines() throws IOException {
    long lines = Files.readAllLines(RepositoryPathsTest.root().resolve("README.md")).size();
    assertTrue(lines <= README_MAX_LINES, "README.md has " + lines + " lines, more than " + README_MAX_LINES);
  }

  @Test
  void no_document_names_a_commit_hash() throws IOException {
    Path root = RepositoryPathsTest.root();
    List<String> found = new ArrayList<>();
    for (String doc : documents(root)) {
      if (!MAY_NAME_A_COMMIT.contains(doc)) {
        found.addAll(commitHashes(doc, Files.readString(root.resolve(doc))));
      }
    }
    assertEquals(List.of(), found);
  }

  // the checker itself, on text made up here, so that a checker that finds nothing cannot pass the tests above

  @Test
  void a_missing_file_a_missing_heading_and_a_link_above_the_root_are_each_found_with_their_document()
      throws IOException {
    Path root = RepositoryPathsTest.root();
    String text = "[a](docs/engine.md) [b](docs/nowhere.md) [c](docs/engine.md#no-such-heading)\n"
        + "[d](docs/engine.md#threads-and-contexts) [e](https://example.org/x.md) [f](#figures) [g](#nothing)\n"
        + "[h](" + RepositoryPathsTest.up(1) + "elsewhere.md)\n";
    assertEquals(
        List.of(
            "README.md: docs/nowhere.md (no such file)",
            "README.md: docs/engine.md#no-such-heading (no such heading)",
            "README.md: #nothing (no such heading)",
            "README.md: " + RepositoryPathsTest.up(1) + "elsewhere.md (outside the repository)"),
        brokenLinks(root, "README.md", text + "## Figures\n"));
  }

  @Test
  void links_and_headings_inside_code_are_not_read() {
    String text = "```bash\n# a comment, not a heading\necho [x](nowhere.md)\n```\n"
        + "see `[y](nowhere.md)`\n## Real one\n";
    assertEquals(List.of(), links(text));
    assertEquals(Set.of("real-one"), anchors(text));
  }

  @Test
  void slugs_follow_github_rules() {
    assertEquals(
        Set.of("rules-of-validate", "a-stage-projects-pom", "threads-and-contexts", "threads-and-contexts-1",
            "x_y---z"),
        anchors("## Rules of `validate`\n## A stage project's POM\n## Threads and contexts\n"
            + "### Threads and contexts\n# X_Y - Z!\n"));
  }

  @Test
  void a_backquoted_hex_word_is_a_commit_but_a_number_is_not() {
    assertEquals(List.of("docs/x.md: `e29a460`"), commitHashes("docs/x.md", "at `e29a460`, `1048576` rows, `cafe`"));
  }

  /** README.md and every docs/*.md, relative to the root, in order. */
  static List<String> documents(Path root) throws IOException {
    List<String> docs = new ArrayList<>(List.of("README.md"));
    try (Stream<Path> s = Files.list(root.resolve("docs"))) {
      s.map(p -> "docs/" + p.getFileName()).filter(n -> n.endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The link targets of {@code text}, outside fenced code blocks and code spans. */
  static List<String> links(String text) {
    List<String> out = new ArrayList<>();
    for (String line : prose(text)) {
      Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
      while (m.find()) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  /** Every link of {@code doc} (its text given) that does not resolve, as "doc: target (why)". */
  static List<String> brokenLinks(Path root, String doc, String text) throws IOException {
    List<String> broken = new ArrayList<>();
    Map<String, Set<String>> anchorsOf = new HashMap<>();
    for (String target : links(text)) {
      if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
        continue; // https:, mailto: and the like: not a file of the repository
      }
      int hash = target.indexOf('#');
      String file = hash < 0 ? target : target.substring(0, hash);
      String anchor = hash < 0 ? null : target.substring(hash + 1);
      Path resolved = (file.isEmpty() ? root.resolve(doc) : root.resolve(doc).resolveSibling(file)).normalize();
      if (!resolved.startsWith(root.normalize())) {
        broken.add(doc + ": " + target + " (outside the repository)");
        continue;
      }
      String relative = root.normalize().relativize(resolved).toString().replace('\\', '/');
      if (!Files.exists(resolved)) {
        broken.add(doc + ": " + target + " (no such file)");
        continue;
      }
      if (anchor != null) {
        Set<String> known = anchorsOf.computeIfAbsent(file.isEmpty() ? "" : relative, r -> {
          try {
            return anchors(file.isEmpty() ? text : Files.readString(resolved));
          } catch (IOException e) {
            throw new IllegalStateException(r, e);
          }
        });
        if (!known.contains(anchor)) {
          broken.add(doc + ": " + target + " (no such heading)");
        }
      }
    }
    return broken;
  }

  /** The anchors GitHub makes for the headings of {@code text}: slugs, the n-th repeat suffixed "-n". */
  static Set<String> anchors(String text) {
    Set<String> out = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(text)) {
      Matcher m = HEADING.matcher(line);
      if (m.matches()) {
        String slug = m.group(1).toLowerCase(java.util.Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N} _-]", "")
            .replace(' ', '-');
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        out.add(n == 0 ? slug : slug + "-" + n);
      }
    }
    return out;
  }

  /** Backquoted 7-40 hex words with a letter and a digit (a commit, not a number or a word), as "doc: `hash`". */
  static List<String> commitHashes(String doc, String text) {
    List<String> out = new ArrayList<>();
    Matcher m = COMMIT.matcher(text);
    while (m.find()) {
      String h = m.group(1);
      if (h.matches(".*[0-9].*") && h.matches(".*[a-f].*")) {
        out.add(doc + ": `" + h + "`");
      }
    }
    return out;
  }

  /** The lines of {@code text} outside fenced code blocks. */
  private static List<String> prose(String text) {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    for (String line : text.split("\n", -1)) {
      if (line.stripLeading().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        out.add(line);
      }
    }
    return out;
  }
}
