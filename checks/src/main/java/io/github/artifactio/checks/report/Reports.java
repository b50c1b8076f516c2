package io.github.artifactio.checks.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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
import java.io.Closeable;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
  private static final class Mapper {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  private Reports() {}

  /** The results' JSON form, as {@code validation.json}, the cache and a shard's partial report store it. */
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
   * A result read back from its JSON form as {@link #result(JsonNode, String)} reads it, from a parser at the start
   * of its object, without a tree (a merge reads 400,000 of them, twice); {@code seconds}, a partial's addition, is
   * read too. Leaves the parser at the object's end.
   */
  public static RuleResult result(JsonParser p, String file) throws IOException {
    String rule = null;
    Severity severity = null;
    Status status = null;
    String observed = null;
    double seconds = 0;
    List<Finding> findings = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      switch (field) {
        case "rule" -> rule = p.getText();
        case "severity" -> severity = Severity.valueOf(p.getText());
        case "status" -> status = Status.valueOf(p.getText());
        case "observed" -> observed = p.getText();
        case "seconds" -> seconds = p.getValueAsDouble();
        case "findings" -> {
          if (t != JsonToken.START_ARRAY) {
            throw new IllegalArgumentException("\"findings\" is not a list");
          }
          while (p.nextToken() == JsonToken.START_OBJECT) {
            findings.add(finding(p, file));
          }
        }
        default -> p.skipChildren();
      }
    }
    return new RuleResult(file, rule, severity, status, observed, findings).withSeconds(seconds);
  }

  private static Finding finding(JsonParser p, String file) throws IOException {
    String rule = null;
    Severity severity = null;
    String column = null;
    Integer rowGroup = null;
    Long row = null;
    long count = 0;
    String detail = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken t = p.nextToken();
      boolean isNull = t == JsonToken.VALUE_NULL;
      switch (field) {
        case "rule" -> rule = p.getText();
        case "severity" -> severity = Severity.valueOf(p.getText());
        case "column" -> column = isNull ? null : p.getText();
        case "row_group" -> rowGroup = isNull ? null : p.getValueAsInt();
        case "row" -> row = isNull ? null : p.getValueAsLong();
        case "count" -> count = p.getValueAsLong();
        case "detail" -> detail = p.getText();
        default -> p.skipChildren();
      }
    }
    return new Finding(rule, severity, file, column, rowGroup, row, count, detail);
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
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      writeJson(w, runs, tool, version);
    }
  }

  /** The text of {@code validation.json} (what the command line prints with {@code --format json}). */
  public static String json(List<Run> runs, String tool, String version) {
    StringWriter w = new StringWriter();
    try {
      writeJson(w, runs, tool, version);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }

  private static void writeJson(Writer w, List<Run> runs, String tool, String version) throws IOException {
    try (JsonReport r = new JsonReport(w, runs.stream().map(RunHead::of).toList(), tool, version)) {
      for (Run run : runs) {
        for (RuleResult x : run.outcome().results()) {
          r.result(run.outcome().goal(), run.execution(), x);
        }
      }
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
    Files.createDirectories(file.getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); JunitReport j = new JunitReport(w)) {
      for (Run run : runs) {
        j.suite(RunHead.of(run));
        for (RuleResult r : run.outcome().results()) {
          j.testcase(r);
        }
        j.endSuite();
      }
    }
  }

  /**
   * What a run's entry in the reports says besides its results: the counts of its summary and of its test suite, and
   * the time its rules took, summed in result order.
   */
  public record Counts(long files, long results, long pass, long warn, long fail, long undetermined, long findings,
      long cachedFiles, long filesOpened, long bytesRead, long bytesHashed, double seconds) {
    /** The counts of an outcome held whole. */
    public static Counts of(Outcome o) {
      Tally t = new Tally();
      o.results().forEach(t::add);
      return t.counts(o.files().size(), o.cachedFiles(), o.filesOpened(), o.bytesRead(), o.bytesHashed());
    }

    long[] summary() {
      return new long[] {files, results, pass, warn, fail, undetermined, findings, cachedFiles, filesOpened, bytesRead,
        bytesHashed};
    }
  }

  /** The counts of results seen one at a time, for a merge that does not hold them. */
  public static final class Tally {
    private final long[] status = new long[Status.values().length];
    private long results;
    private long findings;
    private double seconds;

    public void add(RuleResult r) {
      results++;
      status[r.status().ordinal()]++;
      findings += r.findings().size();
      seconds += r.seconds();
    }

    public Counts counts(long files, long cachedFiles, long filesOpened, long bytesRead, long bytesHashed) {
      return new Counts(files, results, status[Status.PASS.ordinal()], status[Status.WARN.ordinal()],
          status[Status.FAIL.ordinal()], status[Status.UNDETERMINED.ordinal()], findings, cachedFiles, filesOpened,
          bytesRead, bytesHashed, seconds);
    }
  }

  /**
   * A run's entry in the reports before its results: what it was judged by, whether it passed, its counts.
   *
   * @param undeterminedFails whether its UNDETERMINED results fail it (and are JUnit failures, not skipped tests)
   */
  public record RunHead(String goal, String execution, Severity failOn, boolean failOnUndetermined, boolean passed,
      String directory, JsonNode configuration, Counts counts, boolean undeterminedFails) {
    public static RunHead of(Run run) {
      return new RunHead(run.outcome().goal(), run.execution(), run.failOn(), run.failOnUndetermined(), run.passed(),
          run.directory(), run.configuration(), Counts.of(run.outcome()), !run.failingUndetermined().isEmpty());
    }
  }

  /**
   * {@code validation.json} written as its results come: the runs' heads first (all that precedes {@code results}),
   * then each result, each one's tree written on its own, so that the bytes are those of the whole tree written at
   * once and nothing but the result at hand is held.
   */
  public static final class JsonReport implements Closeable {
    private final java.io.Flushable w;
    private final JsonGenerator g;

    public JsonReport(Writer w, List<RunHead> runs, String tool, String version) throws IOException {
      this(w, Mapper.JSON.getFactory().createGenerator(w), runs, tool, version);
    }

    /**
     * The report in UTF-8 to {@code out}, which the caller closes: the same bytes as through a writer, without the
     * writer's encoding of every character (a merge writes 100 MB of it).
     */
    public JsonReport(java.io.OutputStream out, List<RunHead> runs, String tool, String version) throws IOException {
      this(out, Mapper.JSON.getFactory().createGenerator(out, com.fasterxml.jackson.core.JsonEncoding.UTF8), runs,
          tool, version);
    }

    private JsonReport(java.io.Flushable w, JsonGenerator g, List<RunHead> runs, String tool, String version)
        throws IOException {
      ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
      root.put("schema", "artifact-io/validation");
      root.put("schema_version", SCHEMA_VERSION);
      root.put("plugin_version", version);
      ObjectNode t = root.putObject("tool");
      t.put("name", tool);
      t.put("version", version);
      root.put("passed", runs.stream().allMatch(RunHead::passed));
      ObjectNode total = root.putObject("summary");
      ArrayNode rs = root.putArray("runs");
      long[] sums = new long[11];
      for (RunHead run : runs) {
        ObjectNode r = rs.addObject();
        r.put("goal", run.goal());
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
        long[] v = run.counts().summary();
        summary(r.putObject("summary"), v);
        for (int i = 0; i < v.length; i++) {
          sums[i] += v[i];
        }
      }
      summary(total, sums);
      this.w = w;
      this.g = g;
      // the writer is the caller's to close, and flushed once at the end, not after each result the mapper writes
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      g.writeStartObject();
      for (var e : (Iterable<java.util.Map.Entry<String, JsonNode>>) root::fields) {
        g.writeFieldName(e.getKey());
        Mapper.JSON.writeTree(g, e.getValue());
      }
      g.writeFieldName("results");
      g.writeStartArray();
    }

    /** A result's text, made by hand where that is the generator's ({@link #render}), kept for the next. */
    private final StringBuilder text = new StringBuilder(512);
    private char[] chars = new char[512];

    /** The next result, of {@code goal}'s {@code execution}. */
    public void result(String goal, String execution, RuleResult x) throws IOException {
      if (render(text, goal, execution, x)) {
        int n = text.length();
        if (chars.length < n) {
          chars = new char[Math.max(n, 2 * chars.length)];
        }
        text.getChars(0, n, chars, 0);
        // the generator writes the separator before it, as before any value in the list
        g.writeRawValue(chars, 0, n);
        return;
      }
      // the fields of json(x) in its order, written straight to the generator: no tree a result (400,000 in a merge)
      g.writeStartObject();
      g.writeStringField("goal", goal);
      g.writeStringField("execution", execution);
      g.writeStringField("file", x.file());
      g.writeStringField("rule", x.rule());
      g.writeStringField("severity", x.severity().name());
      g.writeStringField("status", x.status().name());
      g.writeStringField("observed", x.observed());
      g.writeArrayFieldStart("findings");
      for (Finding f : x.findings()) {
        finding(f, null);
      }
      g.writeEndArray();
      if (!x.suppressed().isEmpty()) {
        g.writeArrayFieldStart("suppressed");
        for (RuleResult.Suppressed s : x.suppressed()) {
          finding(s.finding(), s.reason());
        }
        g.writeEndArray();
      }
      g.writeEndObject();
    }

    private static final String NL = System.lineSeparator();
    /** What the pretty printer writes before a result's field (a result is an object two levels in) and a finding's. */
    private static final String FIELD = NL + "    ";
    private static final String FINDING_FIELD = NL + "      ";

    /**
     * The text the generator writes for {@code x} through {@link #result}'s fields, made in {@code b} by hand, when
     * every string in it is printable ASCII without a quote or backslash (the generator escapes nothing in such a
     * string, so the text is a plain copy); false, with {@code b} undefined, when some string is not, for the
     * generator to write it. The generator's per-field work (pretty printer, escape tables) was most of the time a
     * merge took to write 400,000 results; {@code ReportsTest} holds the two to the same bytes.
     */
    static boolean render(StringBuilder b, String goal, String execution, RuleResult x) {
      b.setLength(0);
      b.append('{');
      if (!field(b, FIELD, "goal", goal, false) || !field(b, FIELD, "execution", execution, true)
          || !field(b, FIELD, "file", x.file(), true) || !field(b, FIELD, "rule", x.rule(), true)
          || !field(b, FIELD, "severity", x.severity().name(), true)
          || !field(b, FIELD, "status", x.status().name(), true)
          || !field(b, FIELD, "observed", x.observed(), true)) {
        return false;
      }
      b.append(',').append(FIELD).append("\"findings\" : ");
      if (x.findings().isEmpty()) {
        b.append("[ ]");
      } else if (!findings(b, x.findings().stream().map(f -> new RuleResult.Suppressed(f, "")).toList(), false)) {
        return false;
      }
      if (!x.suppressed().isEmpty()) {
        b.append(',').append(FIELD).append("\"suppressed\" : ");
        if (!findings(b, x.suppressed(), true)) {
          return false;
        }
      }
      b.append(NL).append("  }");
      return true;
    }

    private static boolean findings(StringBuilder b, List<RuleResult.Suppressed> list, boolean reasons) {
      if (list.isEmpty()) {
        b.append("[ ]");
        return true;
      }
      b.append("[ ");
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        Finding f = list.get(i).finding();
        b.append('{');
        if (!field(b, FINDING_FIELD, "rule", f.rule(), false)
            || !field(b, FINDING_FIELD, "severity", f.severity().name(), true)
            || !field(b, FINDING_FIELD, "file", f.file(), true)
            || !field(b, FINDING_FIELD, "column", f.column(), true)) {
          return false;
        }
        b.append(',').append(FINDING_FIELD).append("\"row_group\" : ");
        b.append(f.rowGroup() == null ? "null" : f.rowGroup().toString());
        b.append(',').append(FINDING_FIELD).append("\"row\" : ");
        b.append(f.row() == null ? "null" : f.row().toString());
        b.append(',').append(FINDING_FIELD).append("\"count\" : ").append(f.count());
        if (!field(b, FINDING_FIELD, "detail", f.detail(), true)
            || !field(b, FINDING_FIELD, "message", f.message(), true)
            || reasons && !field(b, FINDING_FIELD, "reason", list.get(i).reason(), true)) {
          return false;
        }
        b.append(NL).append("    }");
      }
      b.append(" ]");
      return true;
    }

    /** {@code "name" : "value"} (or {@code null}), after a comma unless first; false when the value needs escapes. */
    private static boolean field(StringBuilder b, String indent, String name, String value, boolean comma) {
      if (comma) {
        b.append(',');
      }
      b.append(indent).append('"').append(name).append("\" : ");
      if (value == null) {
        b.append("null");
        return true;
      }
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
          return false;
        }
      }
      b.append('"').append(value).append('"');
      return true;
    }

    /** A finding as {@link Reports#finding(ObjectNode, Finding)} puts it, and a suppression's reason after it. */
    private void finding(Finding f, String reason) throws IOException {
      g.writeStartObject();
      g.writeStringField("rule", f.rule());
      g.writeStringField("severity", f.severity().name());
      g.writeStringField("file", f.file());
      g.writeStringField("column", f.column());
      if (f.rowGroup() == null) {
        g.writeNullField("row_group");
      } else {
        g.writeNumberField("row_group", f.rowGroup());
      }
      if (f.row() == null) {
        g.writeNullField("row");
      } else {
        g.writeNumberField("row", f.row());
      }
      g.writeNumberField("count", f.count());
      g.writeStringField("detail", f.detail());
      g.writeStringField("message", f.message());
      if (reason != null) {
        g.writeStringField("reason", reason);
      }
      g.writeEndObject();
    }

    /** Ends the results and the report (the file ends with a line break), and flushes it to its writer. */
    @Override
    public void close() throws IOException {
      g.writeEndArray();
      g.writeEndObject();
      g.writeRaw('\n');
      g.close();
      w.flush();
    }
  }

  /** The JUnit XML written as its results come: a suite's head from its counts, then each of its test cases. */
  public static final class JunitReport implements Closeable {
    private final Writer w;
    private String classname;
    private boolean undeterminedFails;

    public JunitReport(Writer w) throws IOException {
      this.w = w;
      w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    }

    /** Starts the test suite of a run. */
    public void suite(RunHead run) throws IOException {
      Counts c = run.counts();
      undeterminedFails = run.undeterminedFails();
      long failures = c.fail() + (undeterminedFails ? c.undetermined() : 0);
      long skipped = undeterminedFails ? 0 : c.undetermined();
      // classname: the goal, whose one dot CI servers read as package and class; a file name's dots would be split
      classname = "artifact-io." + run.goal();
      StringBuilder b = new StringBuilder();
      b.append("<testsuite name=\"artifact-io:").append(xml(run.goal())).append("@").append(xml(run.execution()))
          .append("\" tests=\"")
          .append(c.results()).append("\" failures=\"").append(failures)
          .append("\" errors=\"0\" skipped=\"").append(skipped).append("\" time=\"").append(seconds(c.seconds()))
          .append("\">\n");
      w.write(b.toString());
    }

    private final StringBuilder plain = new StringBuilder(256);

    /** The test case of the suite's next result. */
    public void testcase(RuleResult r) throws IOException {
      if (passing(plain, classname, r)) {
        w.append(plain);
      } else {
        w.write(testcase(classname, undeterminedFails, r));
      }
    }

    /**
     * A result without findings that passes (most results), as {@link #testcase(String, boolean, RuleResult)} gives
     * it, into {@code b} without the lists and joins made there; false, writing nothing, for any other result.
     */
    static boolean passing(StringBuilder b, String classname, RuleResult r) {
      b.setLength(0);
      if (!r.findings().isEmpty() || !r.suppressed().isEmpty()
          || r.status() != Status.PASS && r.status() != Status.WARN) {
        return false;
      }
      b.append("  <testcase classname=\"");
      xml(b, classname);
      b.append("\" name=\"");
      xml(b, r.file());
      b.append(" [");
      xml(b, r.rule());
      b.append("]\" time=\"");
      seconds(b, r.seconds()).append("\">\n    <system-out>")
          .append(r.status().name()).append(' ');
      xml(b, r.observed());
      b.append("</system-out>\n  </testcase>\n");
      return true;
    }

    /** The test case of {@code r} in a suite whose UNDETERMINED results fail when {@code undeterminedFails}. */
    static String testcase(String classname, boolean undeterminedFails, RuleResult r) {
      StringBuilder b = new StringBuilder();
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
      return b.toString();
    }

    public void endSuite() throws IOException {
      w.write("</testsuite>\n");
    }

    @Override
    public void close() throws IOException {
      w.write("</testsuites>\n");
      w.flush();
    }
  }

  static String seconds(double s) {
    return seconds(new StringBuilder(16), s).toString();
  }

  /**
   * Seconds to three decimals appended to {@code b}: what {@code String.format("%.3f", s)} gives (the shortest decimal
   * that is s, rounded half up), without a Formatter, which took a third of the JUnit report's time in a merge of
   * 400,000 results, and without a string a result.
   */
  static StringBuilder seconds(StringBuilder b, double s) {
    if (s >= 0 && s < 1e6) {
      // milliseconds by rounding the binary value, where it lies clearly away from a half: the same digits as the
      // decimal rounding below, without a BigDecimal a result (a merge writes one a result)
      double ms = s * 1000;
      double floor = Math.floor(ms);
      double frac = ms - floor;
      if (Math.abs(frac - 0.5) > 1e-6) {
        long m = (long) floor + (frac > 0.5 ? 1 : 0);
        int part = (int) (m % 1000);
        return b.append(m / 1000).append('.').append(part < 10 ? "00" : part < 100 ? "0" : "").append(part);
      }
    }
    if (Double.isFinite(s)) {
      return b.append(new BigDecimal(Double.toString(s)).setScale(3, RoundingMode.HALF_UP).toPlainString());
    }
    return b.append(String.format(java.util.Locale.ROOT, "%.3f", s));
  }

  /** {@code s} escaped as {@link #xml(String)} escapes it, appended to {@code b}. */
  private static void xml(StringBuilder b, String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!plain(s.charAt(i))) {
        b.append(xml(s));
        return;
      }
    }
    b.append(s);
  }

  private static String xml(String s) {
    int k = 0;
    while (k < s.length() && plain(s.charAt(k))) {
      k++;
    }
    if (k == s.length()) {
      return s; // most names and values have nothing to escape
    }
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

  private static boolean plain(char c) {
    return c >= 0x20 && c != '<' && c != '>' && c != '&' && c != '"';
  }

  /**
   * The summary table: one line per file and rule with its verdict and observed value, files in order, then a
   * totals line. Long observed values are cut at 100 characters (the reports keep them whole).
   */
  public static List<String> summaryTable(Outcome o) {
    Table t = new Table(o.results().stream().mapToInt(r -> r.file().length()).max().orElse(0),
        o.results().stream().mapToInt(r -> r.rule().length()).max().orElse(0));
    List<String> lines = new ArrayList<>(t.head());
    for (RuleResult r : o.results()) {
      lines.add(t.line(r));
    }
    lines.add(Table.totals(Counts.of(o)));
    return lines;
  }

  /**
   * The summary table a line at a time, for results that come one at a time: its widths from the longest file name
   * and rule, known before; a file is named on the line of its first result (a file's results are consecutive).
   */
  public static final class Table {
    private final int fw;
    private final int rw;
    private String last;

    public Table(int longestFile, int longestRule) {
      fw = Math.min(Math.max("file".length(), longestFile), 60);
      rw = Math.max("rule".length(), longestRule);
    }

    /** The header and its underline. */
    public List<String> head() {
      return List.of(row("file", "rule", "status", "observed"),
          "-".repeat(fw) + "  " + "-".repeat(rw) + "  " + "-".repeat(12) + "  " + "-".repeat(8));
    }

    /** The next result's line. */
    public String line(RuleResult r) {
      String file = r.file().equals(last) ? "" : cut(r.file(), fw);
      last = r.file();
      String status = r.status().name() + (r.findings().isEmpty() ? "" : " (" + r.violations() + ")")
          + (r.suppressed().isEmpty() ? "" : " +" + r.suppressed().size() + " suppressed");
      return row(file, r.rule(), status, cut(r.observed(), 100)).stripTrailing();
    }

    /** The columns left-aligned in their widths, as {@code %-Ws} pads them (without a Formatter: one a line). */
    private String row(String file, String rule, String status, String observed) {
      StringBuilder b = new StringBuilder(fw + rw + 20 + observed.length());
      pad(b, file, fw).append("  ");
      pad(b, rule, rw).append("  ");
      pad(b, status, 12).append("  ");
      return b.append(observed).toString();
    }

    private static StringBuilder pad(StringBuilder b, String s, int width) {
      b.append(s);
      for (int i = s.length(); i < width; i++) {
        b.append(' ');
      }
      return b;
    }

    /** The totals line. */
    public static String totals(Counts c) {
      return String.format("%d files, %d checks: %d PASS, %d WARN, %d FAIL, %d UNDETERMINED; %d from the cache",
          c.files(), c.results(), c.pass(), c.warn(), c.fail(), c.undetermined(), c.cachedFiles());
    }
  }

  private static String cut(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 3) + "...";
  }
}
