package io.github.artifactio.maven.check;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reports a goal writes under {@code target/artifact-io/}, and the summary table it logs.
 *
 * <p><b>{@code validation.json}</b> (schema {@code artifact-io/validation}, version {@value #SCHEMA_VERSION}; a
 * field is only ever added, and a change of meaning bumps the version). Entries are in file then rule order and the
 * body has no timestamp, so two runs over the same files give the same bytes:
 *
 * <pre>{@code
 * {
 *   "schema": "artifact-io/validation", "schema_version": 1,
 *   "plugin_version": "0.1.0",
 *   "passed": false,                         // no run has a finding that reaches its fail_on
 *   "summary": {"files": 2, "results": 8, "pass": 6, "warn": 0, "fail": 1, "undetermined": 1, "findings": 1,
 *               "cached_files": 0, "files_opened": 6, "bytes_read": 40960, "bytes_hashed": 32768},
 *   "runs": [{"goal": "validate", "execution": "default", "fail_on": "ERROR", "passed": false,
 *             "summary": {...as above, this execution...}}],
 *   "results": [
 *     {"goal": "validate", "execution": "default", "file": "libs/precursors.parquet", "rule": "codec", "severity": "ERROR", "status": "FAIL",
 *      "observed": "ZSTD",
 *      "findings": [{"rule": "codec", "severity": "ERROR", "file": "libs/precursors.parquet",
 *                    "column": "precursor_mz", "row_group": 0, "row": null, "count": 1,
 *                    "detail": "compressed with ZSTD, not one of the allowed codecs [SNAPPY, UNCOMPRESSED]",
 *                    "message": "[codec] libs/precursors.parquet, column 'precursor_mz', row group 0: ..."}]}
 *   ]
 * }
 * }</pre>
 *
 * <p>{@code runs} lists the goal executions that ran on the project in this build ({@code validate},
 * {@code verify-manifest}, each execution id once); a later execution rewrites the file with all of them.
 *
 * <p><b>{@code TEST-artifact-io.xml}</b>: JUnit XML, one {@code testsuite} per goal, one {@code testcase} per file and rule
 * ({@code classname} the file, {@code name} the rule): FAIL is a {@code failure}, UNDETERMINED is {@code skipped},
 * PASS and WARN pass, with the findings in {@code system-out}.
 */
public final class Reports {
  public static final int SCHEMA_VERSION = 1;
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Reports() {}

  /** The results' JSON form, as {@code validation.json} and the cache store it. */
  static ObjectNode json(RuleResult r) {
    ObjectNode n = JSON.createObjectNode();
    n.put("file", r.file());
    n.put("rule", r.rule());
    n.put("severity", r.severity().name());
    n.put("status", r.status().name());
    n.put("observed", r.observed());
    ArrayNode fs = n.putArray("findings");
    for (Finding f : r.findings()) {
      ObjectNode o = fs.addObject();
      o.put("rule", f.rule());
      o.put("severity", f.severity().name());
      o.put("file", f.file());
      o.put("column", f.column());
      if (f.rowGroup() == null) {
        o.putNull("row_group");
      } else {
        o.put("row_group", f.rowGroup());
      }
      if (f.row() == null) {
        o.putNull("row");
      } else {
        o.put("row", f.row());
      }
      o.put("count", f.count());
      o.put("detail", f.detail());
      o.put("message", f.message());
    }
    return n;
  }

  /** A result read back from its JSON form, reported for {@code file}. */
  static RuleResult result(JsonNode n, String file) {
    List<Finding> findings = new ArrayList<>();
    for (JsonNode f : n.path("findings")) {
      findings.add(new Finding(
          f.get("rule").asText(), Severity.valueOf(f.get("severity").asText()), file,
          f.get("column").isNull() ? null : f.get("column").asText(),
          f.get("row_group").isNull() ? null : f.get("row_group").asInt(),
          f.get("row").isNull() ? null : f.get("row").asLong(),
          f.get("count").asLong(), f.get("detail").asText()));
    }
    return new RuleResult(file, n.get("rule").asText(), Severity.valueOf(n.get("severity").asText()),
        Status.valueOf(n.get("status").asText()), n.get("observed").asText(), findings);
  }

  /** A goal's outcome with the threshold it was judged by: one entry of a report. */
  public record Run(Outcome outcome, Severity failOn, String execution) {
    public Run(Outcome outcome, Severity failOn) {
      this(outcome, failOn, "default");
    }

    public boolean passed() {
      return outcome.failing(failOn).isEmpty();
    }
  }

  /** Writes {@code validation.json} for the goals run in this build on this project. */
  public static void writeJson(Path file, List<Run> runs, String pluginVersion) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("schema", "artifact-io/validation");
    root.put("schema_version", SCHEMA_VERSION);
    root.put("plugin_version", pluginVersion);
    root.put("passed", runs.stream().allMatch(Run::passed));
    ObjectNode total = root.putObject("summary");
    ArrayNode rs = root.putArray("runs");
    ArrayNode a = root.putArray("results");
    long[] sums = new long[11];
    for (Run run : runs) {
      Outcome o = run.outcome();
      ObjectNode r = rs.addObject();
      r.put("goal", o.goal());
      r.put("execution", run.execution());
      r.put("fail_on", run.failOn() == null ? "NONE" : run.failOn().name());
      r.put("passed", run.passed());
      long[] v = {o.files().size(), o.results().size(), o.count(Status.PASS), o.count(Status.WARN),
          o.count(Status.FAIL), o.count(Status.UNDETERMINED), o.findings().size(), o.cachedFiles(), o.filesOpened(),
          o.bytesRead(), o.bytesHashed()};
      summary(r.putObject("summary"), v);
      for (int i = 0; i < v.length; i++) {
        sums[i] += v[i];
      }
      for (RuleResult x : o.results()) {
        ObjectNode n = JSON.createObjectNode();
        n.put("goal", o.goal());
        n.put("execution", run.execution());
        n.setAll(json(x));
        a.add(n);
      }
    }
    summary(total, sums);
    Files.createDirectories(file.getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        JsonGenerator g = JSON.getFactory().createGenerator(w)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      JSON.writeTree(g, root);
      w.write('\n');
    }
  }

  private static void summary(ObjectNode s, long[] v) {
    String[] keys = {"files", "results", "pass", "warn", "fail", "undetermined", "findings", "cached_files",
        "files_opened", "bytes_read", "bytes_hashed"};
    for (int i = 0; i < keys.length; i++) {
      s.put(keys[i], v[i]);
    }
  }

  /** Writes {@code TEST-artifact-io.xml}: one test suite per goal run. */
  public static void writeJunit(Path file, List<Run> runs) throws IOException {
    StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for (Run run : runs) {
      Outcome o = run.outcome();
      b.append("<testsuite name=\"artifact-io:").append(xml(o.goal())).append("@").append(xml(run.execution()))
          .append("\" tests=\"")
          .append(o.results().size()).append("\" failures=\"").append(o.count(Status.FAIL))
          .append("\" errors=\"0\" skipped=\"").append(o.count(Status.UNDETERMINED)).append("\" time=\"0\">\n");
      for (RuleResult r : o.results()) {
        b.append("  <testcase classname=\"").append(xml(r.file())).append("\" name=\"").append(xml(r.rule()))
            .append("\" time=\"0\">\n");
        String messages = String.join("\n", r.findings().stream().map(Finding::message).toList());
        if (r.status() == Status.FAIL) {
          String first = r.findings().isEmpty() ? r.observed() : r.findings().get(0).message();
          b.append("    <failure message=\"").append(xml(first)).append("\" type=\"").append(xml(r.rule()))
              .append("\">").append(xml(messages)).append("</failure>\n");
        } else if (r.status() == Status.UNDETERMINED) {
          b.append("    <skipped message=\"").append(xml("undetermined: " + r.observed())).append("\"/>\n");
        }
        b.append("    <system-out>").append(xml(r.status() + " " + r.observed()
            + (messages.isEmpty() ? "" : "\n" + messages))).append("</system-out>\n");
        b.append("  </testcase>\n");
      }
      b.append("</testsuite>\n");
    }
    b.append("</testsuites>\n");
    Files.createDirectories(file.getParent());
    Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
  }

  private static String xml(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\n', '\t' -> b.append(c);
        default -> b.append(c < 0x20 ? ' ' : c);
      }
    }
    return b.toString();
  }

  /**
   * The summary table: one line per file and rule with its verdict and observed value, files in order, then a
   * totals line. Long observed values are cut at 100 characters (the reports keep them whole).
   */
  public static List<String> summaryTable(Outcome o) {
    int fw = "file".length();
    int rw = "rule".length();
    for (RuleResult r : o.results()) {
      fw = Math.max(fw, r.file().length());
      rw = Math.max(rw, r.rule().length());
    }
    fw = Math.min(fw, 60);
    List<String> lines = new ArrayList<>();
    String fmt = "%-" + fw + "s  %-" + rw + "s  %-12s  %s";
    lines.add(String.format(fmt, "file", "rule", "status", "observed"));
    lines.add("-".repeat(fw) + "  " + "-".repeat(rw) + "  " + "-".repeat(12) + "  " + "-".repeat(8));
    Map<String, Boolean> seen = new LinkedHashMap<>();
    for (RuleResult r : o.results()) {
      String file = seen.put(r.file(), true) == null ? cut(r.file(), fw) : "";
      String status = r.status().name() + (r.findings().isEmpty() ? "" : " (" + r.violations() + ")");
      lines.add(String.format(fmt, file, r.rule(), status, cut(r.observed(), 100)).stripTrailing());
    }
    lines.add(String.format("%d files, %d checks: %d PASS, %d WARN, %d FAIL, %d UNDETERMINED; %d from the cache",
        o.files().size(), o.results().size(), o.count(Status.PASS), o.count(Status.WARN), o.count(Status.FAIL),
        o.count(Status.UNDETERMINED), o.cachedFiles()));
    return lines;
  }

  private static String cut(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 3) + "...";
  }
}
