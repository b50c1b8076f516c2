package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns the {@code it/target/bench/*.json} of one run into {@code docs/benchmarks.md} and README's headline lines, so
 * that the figures in the documentation are those of one run and never retyped by hand.
 *
 * <p>{@code mvn -B -pl it -am package -Pbench-doc -DskipTests} runs it. Each JSON becomes one section: a heading (the
 * benchmark's name, which is also the link anchor), a line with the date, commit, processors, CPU flags, UseAVX, JVM
 * options and load of its run, its parameters, the table of its arms ({@code arms} or {@code results}: every scalar
 * field a column), the table of its targets ({@code targets}, the issue's limits on ratios, where it has them), its
 * other groups of figures, and its headline figures. The headline figures (paired ratios to the
 * peer measured in the same run, {@link Bench#headline}) also replace the lines between {@value #BEGIN} and
 * {@value #END} in README.md.
 */
public final class BenchDoc {
  static final String BEGIN = "<!-- benchmarks:headline:begin -->";
  static final String END = "<!-- benchmarks:headline:end -->";
  /** Fields that are shown otherwise (the heading, the machine line, the table, the headlines) or not at all. */
  private static final Set<String> SHOWN_ELSEWHERE =
      Set.of("benchmark", "machine", "headline", "arms", "results", "targets");

  /** A file the generator cannot use, named in the message and kept for callers. */
  public static final class DocException extends IllegalStateException {
    private final transient Path file;

    DocException(Path file, String message) {
      super(file + ": " + message);
      this.file = file;
    }

    public Path file() {
      return file;
    }
  }

  /** One benchmark's JSON: its name (the file's, without .json) and content. */
  record Result(String name, JsonNode json) {}

  private BenchDoc() {}

  /** Arguments: the folder of the run's JSON files, the repository root (docs/ and README.md are under it). */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: BenchDoc BENCH_JSON_DIR REPOSITORY_ROOT");
    }
    generate(Path.of(args[0]), Path.of(args[1]));
  }

  /** Writes {@code root/docs/benchmarks.md} and rewrites the headline lines of {@code root/README.md}. */
  static void generate(Path benchDir, Path root) throws IOException {
    List<Result> results = read(benchDir);
    Path readme = root.resolve("README.md");
    // README first: a README without the markers fails the run before anything is written
    String rewritten = withHeadlines(Files.readString(readme, StandardCharsets.UTF_8), headlines(results), readme);
    Path doc = root.resolve("docs/benchmarks.md");
    Files.createDirectories(doc.getParent());
    Files.writeString(doc, markdown(results), StandardCharsets.UTF_8);
    Files.writeString(readme, rewritten, StandardCharsets.UTF_8);
    System.out.println("wrote " + doc + " (" + results.size() + " benchmarks) and the headline lines of " + readme);
  }

  /** Every {@code *.json} of {@code dir} in name order; each must carry the machine object. */
  static List<Result> read(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new DocException(dir, "no such folder: run a benchmark first (mvn -B -pl it -am verify -Pbench"
          + " -Dbench=NAME)");
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    if (files.isEmpty()) {
      throw new DocException(dir, "holds no benchmark JSON: run a benchmark first");
    }
    ObjectMapper mapper = new ObjectMapper();
    List<Result> out = new ArrayList<>();
    for (Path f : files) {
      JsonNode json = mapper.readTree(f.toFile());
      if (!json.isObject() || !json.path("machine").isObject()) {
        throw new DocException(f, "has no machine object: it was not written by a run of Bench");
      }
      String name = f.getFileName().toString();
      out.add(new Result(name.substring(0, name.length() - ".json".length()), json));
    }
    return out;
  }

  /** docs/benchmarks.md. */
  static String markdown(List<Result> results) {
    StringBuilder b = new StringBuilder();
    b.append("# Benchmarks\n\n");
    b.append("Generated from the JSON files of benchmark runs (`mvn -B -pl it -am verify -Pbench -Dbench=NAME`)\n");
    b.append("by `mvn -B -pl it -am package -Pbench-doc -DskipTests`; not edited by hand. A ratio is a time\n");
    b.append("over the time of the peer measured in the same run (below 1: faster than the peer); a paired\n");
    b.append("ratio is the median of each round's ratio, the 10th to 90th percentile of the rounds its spread.\n");
    for (Result r : results) {
      b.append('\n').append(section(r));
    }
    return b.toString();
  }

  private static String section(Result r) {
    JsonNode j = r.json();
    StringBuilder b = new StringBuilder("## ").append(r.name()).append("\n\n");
    b.append(machineLine(j.get("machine"))).append("\n\n");
    List<String> params = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = j.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      if (SHOWN_ELSEWHERE.contains(e.getKey()) || e.getKey().startsWith("load_")) {
        continue;
      }
      if (e.getValue().isValueNode()) {
        params.add(e.getKey() + " " + value(e.getValue()));
      } else if (e.getValue().isObject() && allScalar(e.getValue())) {
        groups.add(e.getKey() + ": " + pairs(e.getValue()));
      }
    }
    if (!params.isEmpty()) {
      b.append("Parameters: ").append(String.join(", ", params)).append(".\n\n");
    }
    JsonNode arms = j.has("arms") ? j.get("arms") : j.get("results");
    if (arms != null && arms.size() > 0) {
      b.append(table(arms)).append('\n');
    }
    JsonNode targets = j.get("targets");
    if (targets != null && targets.size() > 0) {
      b.append("Targets (each a median of round-by-round ratios, with its 10th and 90th percentiles):\n\n")
          .append(table(targets)).append('\n');
    }
    for (String g : groups) {
      b.append("- ").append(g).append('\n');
    }
    if (!groups.isEmpty()) {
      b.append('\n');
    }
    for (JsonNode h : j.path("headline")) {
      b.append("Headline: ").append(headlineText(h)).append(".\n\n");
    }
    return b.toString().stripTrailing() + "\n";
  }

  /** "Run 2026-12-05T23:50:01Z, commit 52fe69f, 2 processors (model), CPU flags avx avx2, UseAVX 2, ...". */
  static String machineLine(JsonNode m) {
    List<String> flags = new ArrayList<>();
    m.path("cpu_flags").forEach(f -> flags.add(f.asText()));
    List<String> jvm = new ArrayList<>();
    m.path("jvm_args").forEach(f -> jvm.add(f.asText()));
    return String.format(Locale.ROOT, "Run %s, commit %s, %d processors (%s), CPU flags %s, UseAVX %s, Java %s, JVM"
        + " options %s, load %s before and %s after (1, 5, 15 minutes).",
        m.path("date").asText("unknown"), m.path("git_commit").asText("unknown"), m.path("nproc").asInt(),
        m.path("cpu_model").asText("unknown"), flags.isEmpty() ? "none found" : String.join(" ", flags),
        m.path("use_avx").asText("unknown"), m.path("java_version").asText("unknown"),
        jvm.isEmpty() ? "none" : String.join(" ", jvm), load(m.path("load_before")), load(m.path("load_after")));
  }

  private static String load(JsonNode l) {
    return String.format(Locale.ROOT, "%.2f / %.2f / %.2f", l.path("load_1m").asDouble(-1),
        l.path("load_5m").asDouble(-1), l.path("load_15m").asDouble(-1));
  }

  /** A Markdown table of the arms, an array of objects or an object of objects keyed by the arm's name. */
  private static String table(JsonNode arms) {
    List<JsonNode> rows = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Set<String> columns = new LinkedHashSet<>();
    if (arms.isObject()) {
      columns.add("name");
      arms.fields().forEachRemaining(e -> {
        names.add(e.getKey());
        rows.add(e.getValue());
      });
    } else {
      arms.forEach(a -> {
        names.add(null);
        rows.add(a);
      });
    }
    for (JsonNode row : rows) {
      row.fields().forEachRemaining(e -> {
        if (e.getValue().isValueNode()) {
          columns.add(e.getKey());
        }
      });
    }
    StringBuilder b = new StringBuilder("| ").append(String.join(" | ", columns)).append(" |\n|");
    columns.forEach(c -> b.append(" --- |"));
    b.append('\n');
    for (int i = 0; i < rows.size(); i++) {
      b.append('|');
      for (String c : columns) {
        JsonNode v = c.equals("name") && names.get(i) != null ? TextNode.valueOf(names.get(i)) : rows.get(i).get(c);
        b.append(' ').append(v == null || v.isNull() ? "" : value(v)).append(" |");
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static boolean allScalar(JsonNode o) {
    for (JsonNode v : o) {
      if (!v.isValueNode()) {
        return false;
      }
    }
    return o.size() > 0;
  }

  private static String pairs(JsonNode o) {
    List<String> out = new ArrayList<>();
    o.fields().forEachRemaining(e -> out.add(e.getKey() + " " + value(e.getValue())));
    return String.join(", ", out);
  }

  /** A number with at most four decimals and no trailing zeros, anything else as its text. */
  static String value(JsonNode v) {
    if (v.isIntegralNumber()) {
      return v.asText();
    }
    if (v.isNumber()) {
      BigDecimal d = BigDecimal.valueOf(v.asDouble()).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
      return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }
    return v.asText().replace("|", "\\|");
  }

  private static String headlineText(JsonNode h) {
    // two decimals: the spread of a shared machine's rounds is wider than a third decimal
    int rounds = h.path("rounds").asInt();
    return String.format(Locale.ROOT, "%s: **%.2f×** (%.2f to %.2f over %d paired round%s)", h.path("figure").asText(),
        h.path("ratio").asDouble(), h.path("p10").asDouble(), h.path("p90").asDouble(), rounds, rounds == 1 ? "" : "s");
  }

  /** README's headline lines: one a headline figure, linked to its section of docs/benchmarks.md. */
  static List<String> headlines(List<Result> results) {
    List<String> lines = new ArrayList<>();
    for (Result r : results) {
      // a run with JVM options of its own (-XX:UseAVX=2: the code an AVX2 CPU runs) says so on each of its lines
      List<String> options = new ArrayList<>();
      r.json().path("machine").path("jvm_args").forEach(o -> options.add(o.asText()));
      String label = options.isEmpty() ? r.name() : r.name() + ", " + String.join(" ", options);
      for (JsonNode h : r.json().path("headline")) {
        lines.add("- " + headlineText(h) + "; [" + label + "](docs/benchmarks.md#" + r.name() + ")");
      }
    }
    return lines;
  }

  /** {@code readme} with the lines between the markers replaced by {@code lines}. */
  static String withHeadlines(String readme, List<String> lines, Path file) {
    int begin = readme.indexOf(BEGIN);
    int end = readme.indexOf(END);
    if (begin < 0 || end < 0 || end < begin) {
      throw new DocException(file, "has no headline block: put the lines " + BEGIN + " and " + END
          + " where the headline figures go, in that order");
    }
    int from = readme.indexOf('\n', begin) + 1;
    if (from == 0 || from > end) {
      throw new DocException(file, BEGIN + " and " + END + " must be lines of their own");
    }
    StringBuilder b = new StringBuilder(readme.substring(0, from));
    lines.forEach(l -> b.append(l).append('\n'));
    return b.append(readme.substring(readme.lastIndexOf('\n', end) + 1)).toString();
  }
}
