package io.github.artifactio.testkit.golden;

import io.github.artifactio.engine.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.opentest4j.AssertionFailedError;

/**
 * Golden-file regression for Parquet artifacts, compared in layers: bytes (blake3), structure, per-column content
 * digests, then rows with per-column tolerances. The golden {@code <dir>/<name>.parquet} has a reviewable text facet
 * beside it, {@code <name>.parquet.golden.json} ({@link ArtifactFacts}).
 *
 * <p>Byte equality is asserted only while the writer fingerprint (the engine's writer settings in the footer and
 * {@code created_by}) is the golden's and no key column, tolerance or NaN/zero relaxation is declared; otherwise the
 * comparison falls back to structure and content and says why. A difference is reported at the deepest layer that
 * explains it. On failure the actual artifact, its facet and the diff ({@code .diff.md}, {@code .diff.json}) go under
 * {@code target/testkit-golden/}, never into the source tree. {@link GoldenMode} decides what is written.
 *
 * <pre>{@code
 * GoldenFiles.defaults().assertMatches(out, "orders");                      // src/test/golden/orders.parquet
 * GoldenFiles.in(Path.of("src/test/golden"))
 *     .keyedBy("id").tolerance("score", Tolerance.ulps(4)).nanEqualsNaN()
 *     .assertMatches(out, "scores");
 * }</pre>
 */
public final class GoldenFiles {
  /** The golden files asserted in this JVM, for {@link #unreferenced()}. */
  private static final Set<Path> REFERENCED = ConcurrentHashMap.newKeySet();

  private final Path dir;
  private Path actualDir = Path.of("target", "testkit-golden");
  private final Map<String, Tolerance> tolerances = new LinkedHashMap<>();
  private boolean nanEqualsNaN;
  private boolean signedZerosEqual;
  private String key;
  private GoldenMode mode;

  private GoldenFiles(Path dir) {
    this.dir = Objects.requireNonNull(dir, "dir");
  }

  /** Goldens in {@code src/test/golden}, actual files in {@code target/testkit-golden}. */
  public static GoldenFiles defaults() {
    return new GoldenFiles(Path.of("src", "test", "golden"));
  }

  /** Goldens in {@code dir}. */
  public static GoldenFiles in(Path dir) {
    return new GoldenFiles(dir);
  }

  /** Where actual artifacts and diffs of failures go (default {@code target/testkit-golden}). */
  public GoldenFiles actualDir(Path dir) {
    this.actualDir = Objects.requireNonNull(dir, "dir");
    return this;
  }

  /** Float values of {@code column} may differ from the golden's by {@code tolerance}. */
  public GoldenFiles tolerance(String column, Tolerance tolerance) {
    tolerances.put(Objects.requireNonNull(column, "column"), Objects.requireNonNull(tolerance, "tolerance"));
    return this;
  }

  /** Any NaN equals any NaN (by default a NaN's payload and sign must match). */
  public GoldenFiles nanEqualsNaN() {
    this.nanEqualsNaN = true;
    return this;
  }

  /** -0.0 equals 0.0 (by default they differ). */
  public GoldenFiles signedZerosEqual() {
    this.signedZerosEqual = true;
    return this;
  }

  /** Match rows by the value of {@code column} instead of by position. */
  public GoldenFiles keyedBy(String column) {
    this.key = Objects.requireNonNull(column, "column");
    return this;
  }

  /** The update mode (default {@link GoldenMode#current()}). */
  public GoldenFiles mode(GoldenMode mode) {
    this.mode = Objects.requireNonNull(mode, "mode");
    return this;
  }

  /** The golden file for {@code name}. */
  public Path golden(String name) {
    return dir.resolve(name + ".parquet");
  }

  /** The text facet beside the golden for {@code name}. */
  public Path facet(String name) {
    return dir.resolve(name + ".parquet.golden.json");
  }

  /**
   * Asserts that {@code actual} matches the golden {@code name}; creates or overwrites the golden as the mode allows.
   */
  public void assertMatches(Path actual, String name) {
    Objects.requireNonNull(actual, "actual");
    Objects.requireNonNull(name, "name");
    GoldenMode m = mode != null ? mode : GoldenMode.current();
    Path golden = golden(name);
    REFERENCED.add(golden.toAbsolutePath().normalize());
    ArtifactFacts a = ArtifactFacts.of(actual);
    if (!Files.exists(golden)) {
      if (m == GoldenMode.NO) {
        throw new AssertionFailedError("golden \"" + name + "\" does not exist (" + golden + ") and the mode is "
            + (io.github.artifactio.testkit.Ci.isSet() ? "read-only because CI is set" : "no")
            + "; create it by running "
            + "without CI (the default mode creates a missing golden) or with " + GoldenMode.ENV + "=new");
      }
      accept(actual, name, a);
      System.out.println("golden \"" + name + "\" created: " + golden + " (review and commit it with its facet)");
      return;
    }
    Comparison c = compare(ArtifactFacts.of(golden), a, golden, actual);
    if (c.passed) {
      removeStale(name);
      if (!Files.exists(facet(name)) && m != GoldenMode.NO) {
        write(facet(name), ArtifactFacts.of(golden).toJson());
      }
      if (c.note != null) {
        System.out.println("golden \"" + name + "\": " + c.note);
      }
      return;
    }
    if (m == GoldenMode.OVERWRITE) {
      accept(actual, name, a);
      System.out.println("golden \"" + name + "\" updated (" + c.verdict + "): " + golden);
      return;
    }
    Path act = actualDir.resolve(name + ".actual.parquet");
    String message = c.render(golden, act);
    try {
      Files.createDirectories(actualDir);
      Files.copy(actual, act, StandardCopyOption.REPLACE_EXISTING);
      write(actualDir.resolve(name + ".actual.parquet.golden.json"), a.toJson());
      write(actualDir.resolve(name + ".diff.md"), "```\n" + message + "\n```\n");
      write(actualDir.resolve(name + ".diff.json"), c.toJson(golden, act));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new AssertionFailedError(message);
  }

  /** The goldens in this instance's directory that no {@code assertMatches} of this JVM referenced. */
  public List<Path> unreferenced() {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (Stream<Path> s = Files.list(dir)) {
      s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().forEach(p -> {
        if (!REFERENCED.contains(p.toAbsolutePath().normalize())) {
          out.add(p);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Prints the unreferenced goldens (call it from an {@code @AfterAll}); returns them. */
  public List<Path> reportUnreferenced() {
    List<Path> u = unreferenced();
    if (!u.isEmpty()) {
      System.out.println("unreferenced golden files (no test asserted them in this run): " + u);
    }
    return u;
  }

  private void accept(Path actual, String name, ArtifactFacts facts) {
    try {
      Files.createDirectories(dir);
      Files.copy(actual, golden(name), StandardCopyOption.REPLACE_EXISTING);
      write(facet(name), facts.toJson());
      removeStale(name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void removeStale(String name) {
    try {
      Files.deleteIfExists(actualDir.resolve(name + ".actual.parquet"));
      Files.deleteIfExists(actualDir.resolve(name + ".actual.parquet.golden.json"));
      Files.deleteIfExists(actualDir.resolve(name + ".diff.md"));
      Files.deleteIfExists(actualDir.resolve(name + ".diff.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path p, String s) {
    try {
      Files.createDirectories(p.toAbsolutePath().getParent());
      Files.writeString(p, s, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The outcome of the layers. */
  private static final class Comparison {
    boolean passed;
    String verdict;
    String note;
    final List<String> lines = new ArrayList<>();
    final List<String> removed = new ArrayList<>();
    final List<String> added = new ArrayList<>();
    final List<String> differingColumns = new ArrayList<>();
    RowDiff rows;

    /** The machine-readable form of the failure ({@code <name>.diff.json}). */
    String toJson(Path golden, Path actual) {
      com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper()
          .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);
      com.fasterxml.jackson.databind.node.ObjectNode n = m.createObjectNode();
      n.put("golden", golden.toString());
      n.put("actual", actual.toString());
      n.put("verdict", verdict);
      if (note != null) {
        n.put("note", note);
      }
      removed.forEach(n.putArray("structure_removed")::add);
      added.forEach(n.putArray("structure_added")::add);
      differingColumns.forEach(n.putArray("differing_columns")::add);
      if (rows != null) {
        com.fasterxml.jackson.databind.node.ArrayNode cells = n.putArray("first_differing_cells");
        for (RowDiff.Cell cell : rows.first) {
          cells.addObject().put("row", cell.row()).put("key", cell.key()).put("column", cell.column())
              .put("expected", cell.expected()).put("actual", cell.actual()).put("delta", cell.delta())
              .put("tolerance", cell.tolerance());
        }
        rows.counts.forEach(n.putObject("differing_rows_per_column")::put);
        rows.keyProblems.forEach(n.putArray("key_problems")::add);
      }
      try {
        return m.writeValueAsString(n) + "\n";
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String render(Path golden, Path actual) {
      StringBuilder b = new StringBuilder();
      b.append("golden: ").append(golden).append("   actual: ").append(actual).append('\n');
      lines.forEach(l -> b.append(l).append('\n'));
      b.append("verdict: FAIL (").append(verdict).append("). Accept with -D").append(GoldenMode.UPDATE_PROPERTY)
          .append("=true or ").append(GoldenMode.ENV).append("=overwrite");
      return b.toString();
    }
  }

  private Comparison compare(ArtifactFacts g, ArtifactFacts a, Path golden, Path actual) {
    Comparison c = new Comparison();
    if (g.blake3().equals(a.blake3())) {
      c.passed = true;
      return c;
    }
    boolean relaxed = !tolerances.isEmpty() || nanEqualsNaN || signedZerosEqual || key != null;
    boolean sameWriter = g.fingerprint().equals(a.fingerprint());
    boolean bytesAsserted = sameWriter && !relaxed;
    String bytesLine =
        "bytes      DIFFERENT (blake3 " + g.blake3().substring(0, 12) + "… vs " + a.blake3().substring(0, 12)
            + "…)";
    if (!bytesAsserted) {
      bytesLine += sameWriter
          ? ", not asserted: a key column, tolerances or NaN/zero relaxations are declared"
          : ", not asserted: the writer changed (" + fingerprintChange(g.fingerprint(), a.fingerprint()) + ")";
      c.note = "byte identity not asserted: " + bytesLine.substring(bytesLine.indexOf("not asserted: ") + 14);
    }
    c.lines.add(bytesLine);
    // structure
    List<String> removed = new ArrayList<>(g.structure());
    removed.removeAll(a.structure());
    List<String> added = new ArrayList<>(a.structure());
    added.removeAll(g.structure());
    c.removed.addAll(removed);
    c.added.addAll(added);
    if (removed.isEmpty() && added.isEmpty()) {
      c.lines.add("structure  EQUAL");
    } else {
      c.lines.add("structure  " + (removed.size() + added.size()) + " difference(s)");
      removed.stream().limit(8).forEach(l -> c.lines.add("  - " + l));
      added.stream().limit(8).forEach(l -> c.lines.add("  + " + l));
    }
    // content
    List<String> differing = new ArrayList<>();
    for (Map.Entry<String, String> e : g.columnDigests().entrySet()) {
      if (!e.getValue().equals(a.columnDigests().get(e.getKey()))) {
        differing.add(e.getKey());
      }
    }
    c.differingColumns.addAll(differing);
    if (differing.isEmpty()) {
      c.lines.add("content    EQUAL (all " + g.columnDigests().size() + " columns)");
    } else {
      c.lines.add("content    " + differing.size() + " of " + g.columnDigests().size() + " columns differ: "
          + String.join(", ", differing));
    }
    // rows
    RowDiff rows = null;
    if (!differing.isEmpty() || (key != null && !removed.isEmpty())) {
      try {
        rows = RowDiff.compare(Table.read(golden).columns(), Table.read(actual).columns(), key, tolerances,
            nanEqualsNaN, signedZerosEqual);
      } catch (RuntimeException e) {
        c.lines.add("rows       not compared: " + e.getMessage());
      }
    }
    c.rows = rows;
    if (rows != null) {
      if (rows.empty()) {
        c.lines.add("rows       EQUAL" + (key != null ? ", keyed by " + key : "")
            + (tolerances.isEmpty() ? "" : ", within the declared tolerances"));
      } else {
        c.lines.add("rows       " + rows.counts.values().stream().mapToInt(Integer::intValue).sum()
            + " differing cell(s)" + (key != null ? ", keyed by " + key : ""));
        rows.keyProblems.forEach(p -> c.lines.add("  " + p));
        if (!rows.first.isEmpty()) {
          c.lines.add("  row | key | column | expected | actual | Δ | tolerance");
          for (RowDiff.Cell cell : rows.first) {
            c.lines.add("  " + cell.row() + " | " + cell.key() + " | " + cell.column() + " | " + cell.expected()
                + " | " + cell.actual() + " | " + cell.delta() + " | " + cell.tolerance());
          }
        }
        for (Map.Entry<String, Integer> e : rows.counts.entrySet()) {
          String col = e.getKey();
          c.lines.add("  " + col + ": " + e.getValue() + " row(s) differ"
              + (rows.maxDelta.containsKey(col) ? ", max |Δ| " + rows.maxDelta.get(col) + " > "
                  + tolerances.getOrDefault(col, Tolerance.EXACT) : ""));
        }
      }
    }
    if (!removed.isEmpty() || !added.isEmpty()) {
      c.verdict = "structure";
    } else if (rows != null && !rows.empty()) {
      c.verdict = "rows";
    } else if (bytesAsserted) {
      c.verdict = differing.isEmpty() ? "bytes: same structure and content, other bytes" : "content";
    } else {
      c.passed = true;
    }
    return c;
  }

  private static String fingerprintChange(Map<String, String> g, Map<String, String> a) {
    List<String> out = new ArrayList<>();
    for (String k : g.keySet()) {
      if (!Objects.equals(g.get(k), a.get(k))) {
        out.add(k + ": " + shorten(g.get(k)) + " → " + shorten(a.get(k)));
      }
    }
    return String.join("; ", out);
  }

  private static String shorten(String s) {
    return s == null ? "none" : s.length() > 160 ? s.substring(0, 160) + "…" : s;
  }
}
