package io.github.artifactio.checks.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import java.io.IOException;
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
 *     {"goal": "validate", "execution": "default", "file": "libs/precursors.parquet", "rule": "codec",
 *      "severity": "ERROR", "status": "FAIL",
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
 * <p><b>{@code TEST-artifact-io.xml}</b>: JUnit XML, one {@code testsuite} per goal, one {@code testcase} per file and
 * rule ({@code classname} {@code artifact-io.<goal>}, {@code name} {@code <file> [<rule>]}, {@code time} what the rule
 * took): FAIL is a {@code failure}, UNDETERMINED is a {@code failure} when it fails the run and {@code skipped}
 * otherwise, PASS and WARN pass, with the findings (and suppressed findings with their reasons) in {@code system-out}.
 */
public final class Reports {
  public static final int SCHEMA_VERSION = 1;
  /** Made on first use: a run that writes no report and prints no JSON never builds an ObjectMapper (start-up). */
  private static final class Writer {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  private Reports() {}

  /** The results' JSON form, as {@code validation.json}, the cache and a shard's partial result store it. */
  public static ObjectNode json(RuleResult r) {
    ObjectNode n = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    n.put("file", r.file());
    n.put("rule", r.rule());
    n.put("severity", r.severity().name());
    n.put("status", r.status().name());
    n.put("observed", r.observed());
    ArrayNode fs = n.putArray("findings");
    for (Finding f : r.findings()) {
      finding(fs.addObject(), f);
    }
    if (!r.suppressed().isEmpty()) {
      ArrayNode ss = n.putArray("suppressed");
      for (RuleResult.Suppressed s : r.suppressed()) {
        finding(ss.addObject(), s.finding()).put("reason", s.reason());
      }
    }
    return n;
  }

  private static ObjectNode finding(ObjectNode o, Finding f) {
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
    return o;
  }

  /** A result read back from its JSON form, reported for {@code file}. */
  public static RuleResult result(JsonNode n, String file) {
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

  /**
   * A goal's outcome with what it was judged by: one entry of a report.
   *
   * @param failOnUndetermined whether an UNDETERMINED result fails the run (unless {@code failOn} is NONE)
   * @param directory the folder whose files were checked, as given
   * @param configuration the configuration in force (rules, checks, contracts, suppressions, includes...), recorded as
   *     given so a report says what it judged by
   */
  public record Run(Outcome outcome, Severity failOn, String execution, boolean failOnUndetermined, String directory,
      JsonNode configuration) {
    public Run(Outcome outcome, Severity failOn, String execution) {
      this(outcome, failOn, execution, false, null, null);
    }

    public Run(Outcome outcome, Severity failOn) {
      this(outcome, failOn, "default");
    }

    /** The results that fail this run for being undetermined. */
    public List<RuleResult> failingUndetermined() {
      return failOnUndetermined && failOn != null
          ? outcome.results().stream().filter(r -> r.status() == Status.UNDETERMINED).toList() : List.of();
    }

    public boolean passed() {
      return outcome.failing(failOn).isEmpty() && failingUndetermined().isEmpty();
    }
  }

  /** Writes {@code validation.json} for the goals run in this build on this project. */
  public static void writeJson(Path file, List<Run> runs, String pluginVersion) throws IOException {
    writeJson(file, runs, "artifact-io-maven-plugin", pluginVersion);
  }

  /** Writes {@code validation.json}, naming the tool that checked ({@code artifact-io-maven-plugin}, the CLI...). */
  public static void writeJson(Path file, List<Run> runs, String tool, String version) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, json(runs, tool, version), StandardCharsets.UTF_8);
  }

  /** The text of {@code validation.json} (what the command line prints with {@code --format json}). */
  public static String json(List<Run> runs, String tool, String version) {
    ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    root.put("schema", "artifact-io/validation");
    root.put("schema_version", SCHEMA_VERSION);
    root.put("plugin_version", version);
    ObjectNode t = root.putObject("tool");
    t.put("name", tool);
    t.put("version", version);
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
      r.put("fail_on_undetermined", run.failOnUndetermined());
      r.put("passed", run.passed());
      if (run.directory() != null) {
        r.put("directory", run.directory());
      }
      if (run.configuration() != null) {
        r.set("configuration", run.configuration());
      }
      long[] v = {o.files().size(), o.results().size(), o.count(Status.PASS), o.count(Status.WARN),
        o.count(Status.FAIL), o.count(Status.UNDETERMINED), o.findings().size(), o.cachedFiles(), o.filesOpened(),
        o.bytesRead(), o.bytesHashed()};
      summary(r.putObject("summary"), v);
      for (int i = 0; i < v.length; i++) {
        sums[i] += v[i];
      }
      for (RuleResult x : o.results()) {
        ObjectNode n = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        n.put("goal", o.goal());
        n.put("execution", run.execution());
        n.setAll(json(x));
        a.add(n);
      }
    }
    summary(total, sums);
    java.io.StringWriter w = new java.io.StringWriter();
    try (JsonGenerator g = Writer.JSON.getFactory().createGenerator(w)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      Writer.JSON.writeTree(g, root);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.append('\n').toString();
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
      boolean undeterminedFails = !run.failingUndetermined().isEmpty();
      long failures = o.count(Status.FAIL) + (undeterminedFails ? o.count(Status.UNDETERMINED) : 0);
      long skipped = undeterminedFails ? 0 : o.count(Status.UNDETERMINED);
      double total = o.results().stream().mapToDouble(RuleResult::seconds).sum();
      // classname: the goal, whose one dot CI servers read as package and class; a file name's dots would be split
      String classname = "artifact-io." + o.goal();
      b.append("<testsuite name=\"artifact-io:").append(xml(o.goal())).append("@").append(xml(run.execution()))
          .append("\" tests=\"")
          .append(o.results().size()).append("\" failures=\"").append(failures)
          .append("\" errors=\"0\" skipped=\"").append(skipped).append("\" time=\"").append(seconds(total))
          .append("\">\n");
      for (RuleResult r : o.results()) {
        b.append("  <testcase classname=\"").append(xml(classname)).append("\" name=\"")
            .append(xml(r.file() + " [" + r.rule() + "]")).append("\" time=\"").append(seconds(r.seconds()))
            .append("\">\n");
        List<String> lines = new ArrayList<>(r.findings().stream().map(Finding::message).toList());
        for (RuleResult.Suppressed s : r.suppressed()) {
          lines.add("suppressed (" + s.reason() + "): " + s.finding().message());
        }
        String messages = String.join("\n", lines);
        if (r.status() == Status.FAIL) {
          String first = r.findings().isEmpty() ? r.observed() : r.findings().get(0).message();
          b.append("    <failure message=\"").append(xml(first)).append("\" type=\"").append(xml(r.rule()))
              .append("\">").append(xml(messages)).append("</failure>\n");
        } else if (r.status() == Status.UNDETERMINED && undeterminedFails) {
          b.append("    <failure message=\"").append(xml("undetermined: " + r.observed())).append("\" type=\"")
              .append(xml(r.rule())).append("\">").append(xml("undetermined: " + r.observed())).append("</failure>\n");
        } else if (r.status() == Status.UNDETERMINED) {
          b.append("    <skipped message=\"").append(xml("undetermined: " + r.observed())).append("\"/>\n");
        }
        // a WARN is a passing test whose findings are in its output
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

  private static String seconds(double s) {
    return String.format(java.util.Locale.ROOT, "%.3f", s);
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
      String status = r.status().name() + (r.findings().isEmpty() ? "" : " (" + r.violations() + ")")
          + (r.suppressed().isEmpty() ? "" : " +" + r.suppressed().size() + " suppressed");
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
