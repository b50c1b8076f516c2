package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.ValidateGoal;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate}: the plugin's checks and messages, the exit codes, the JSON report, and nothing written unasked. */
class ValidateCommandTest {
  @TempDir Path dir;

  private Path duckdb(String name, String select, String options) throws IOException {
    Files.createDirectories(dir.resolve("data"));
    return TestFiles.duckdb(dir.resolve("data").resolve(name), select, options);
  }

  private Path snappy(String name) throws IOException {
    return duckdb(name, "SELECT i AS id, (i * 0.5)::DOUBLE AS mz FROM range(100) t(i)", "COMPRESSION snappy");
  }

  private Path zstd(String name) throws IOException {
    return duckdb(name, "SELECT i AS id FROM range(100) t(i)", "COMPRESSION zstd");
  }

  private Path idsWithGap() throws IOException {
    return duckdb("library_precursors.parquet", "SELECT (CASE WHEN i < 300 THEN i ELSE i + 1 END)::UINTEGER AS"
        + " candidate_id, (400 + i * 0.01)::DOUBLE AS precursor_mz FROM range(500) t(i)", "COMPRESSION snappy");
  }

  /** The finding lines the plugin logs for the same folder (the checks module's gate, in Maven's words). */
  private static List<String> pluginFindings(Path folder, String contract) {
    List<String> lines = new ArrayList<>();
    GateLog log = new GateLog() {
      @Override
      public void info(String line) {}

      @Override
      public void warn(String line) {
        lines.add("[WARN] " + line);
      }

      @Override
      public void error(String line) {
        lines.add("[ERROR] " + line);
      }
    };
    Gate.run(ValidateGoal.builder(folder).contract(contract).build(), GateOptions.builder(Dialect.MAVEN, folder)
        .build(), log, List.of());
    return lines;
  }

  private static List<String> marked(String out) {
    return out.lines().filter(l -> l.startsWith("[ERROR] ") || l.startsWith("[WARN] ")).toList();
  }

  @Test
  void two_good_files_pass_with_exit_0_and_the_summary_table() throws IOException {
    Path a = snappy("a.parquet");
    Path b = snappy("b.parquet");
    Cli.Result r = Cli.run("validate", a.toString(), b.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertTrue(r.out().startsWith("artifact-io validate summary\n"), r.toString());
    assertTrue(r.out().contains("2 files, 8 checks: 8 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED; 0 from the cache\n"),
        r.toString());
    assertEquals("", r.err());
  }

  @Test
  void a_finding_exits_1_with_the_plugins_message_for_the_same_files() throws IOException {
    zstd("zstd.parquet");
    idsWithGap();
    Path data = dir.resolve("data");
    Cli.Result r = Cli.run("validate", data.toString(), "--contract", "library-precursors");
    assertEquals(Main.FAILED, r.code(), r.toString());
    List<String> plugin = pluginFindings(data, "library-precursors");
    assertEquals(plugin, marked(r.out()));
    assertTrue(plugin.contains("[ERROR] [contiguous-ids] library_precursors.parquet, column 'candidate_id', row group"
        + " 0: id 301 at row 300, but ids must be the contiguous range 0..n-1 in row order (id == row) (first"
        + " offending row 300; 200 violations)"), plugin.toString());
    assertTrue(plugin.contains("[ERROR] [codec] zstd.parquet, column 'id', row group 0: compressed with ZSTD, not one"
        + " of the allowed codecs [SNAPPY, UNCOMPRESSED] (1 violation)"), plugin.toString());
    assertEquals("artifact-io validate: 2 findings at or above ERROR in 2 files; the first: [contiguous-ids]"
        + " library_precursors.parquet, column 'candidate_id', row group 0: id 301 at row 300, but ids must be the"
        + " contiguous range 0..n-1 in row order (id == row) (first offending row 300; 200 violations)\n", r.err());
  }

  @Test
  void fail_on_none_reports_the_findings_and_exits_0_and_skip_rules_drops_a_rule() throws IOException {
    Path z = zstd("zstd.parquet");
    Cli.Result none = Cli.run("validate", z.toString(), "--fail-on", "none");
    assertEquals(Main.PASS, none.code(), none.toString());
    assertTrue(none.out().contains("[ERROR] [codec] zstd.parquet"), none.toString());
    Cli.Result skipped = Cli.run("validate", z.toString(), "--skip-rules", "codec");
    assertEquals(Main.PASS, skipped.code(), skipped.toString());
    assertFalse(skipped.out().contains("codec"), skipped.toString());
  }

  @Test
  void a_misconfiguration_exits_2_naming_the_option_as_typed() throws IOException {
    Path a = snappy("a.parquet");
    Cli.Result rule = Cli.run("validate", a.toString(), "--rules", "codecs");
    assertEquals(Main.USAGE, rule.code(), rule.toString());
    assertTrue(rule.err().startsWith("artifact-io validate is misconfigured: --rules: unknown rule id 'codecs'; known:"
        + " [structure, codec,"), rule.toString());
    Cli.Result contract = Cli.run("validate", a.toString(), "--contract", "no-such-contract");
    assertEquals(Main.USAGE, contract.code(), contract.toString());
    assertTrue(contract.err().startsWith("artifact-io validate is misconfigured: contract 'no-such-contract' is"
        + " neither a built-in contract [library-fragments, library-precursors] nor a contract file"), contract.err());
    Cli.Result option = Cli.run("validate", a.toString(), "--no-such-option");
    assertEquals(Main.USAGE, option.code(), option.toString());
    assertTrue(option.err().startsWith("Unknown option: '--no-such-option'"), option.err());
  }

  @Test
  void a_path_that_does_not_exist_or_a_folder_without_parquet_files_exits_2_unless_allowed() throws IOException {
    Path missing = dir.resolve("missing");
    Cli.Result r = Cli.run("validate", missing.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals("artifact-io validate: the path " + missing + " does not exist; a check of no file does not pass"
        + " (pass --fail-if-no-files=false to only warn)\n", r.err());
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Cli.Result allowed = Cli.run("validate", empty.toString(), "--fail-if-no-files=false");
    assertEquals(Main.PASS, allowed.code(), allowed.toString());
    assertTrue(allowed.out().startsWith("[WARN] artifact-io validate: no file under " + empty + " matches"
        + " **/*.parquet\n"), allowed.toString());
  }

  @Test
  void an_undecided_check_fails_unless_accepted_and_a_contract_file_is_read() throws IOException {
    Path lz4 = TestData.parquetTesting("data/hadoop_lz4_compressed.parquet");
    Path contract = Files.writeString(dir.resolve("ids.json"), "{\"name\": \"ids\", \"files\": \"**\","
        + " \"checks\": [{\"rule\": \"contiguous-ids\", \"columns\": [\"c0\"]}]}");
    Cli.Result r = Cli.run("validate", lz4.toString(), "--contract", contract.toString(), "--skip-rules", "codec");
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.out().contains("[ERROR] [contiguous-ids] hadoop_lz4_compressed.parquet: undetermined: "), r.out());
    assertTrue(r.out().contains("c0: not readable: row group 0: compressed with LZ4, which this engine does not read"),
        r.out());
    assertTrue(r.err().startsWith("artifact-io validate: 1 check could not be decided, and an unchecked file is not a"
        + " pass; the first: [contiguous-ids] hadoop_lz4_compressed.parquet: "), r.err());
    assertTrue(r.err().endsWith(" (pass --fail-on-undetermined=false to accept undecided checks)\n"), r.err());
    Cli.Result accepted = Cli.run("validate", lz4.toString(), "--contract", contract.toString(), "--skip-rules",
        "codec", "--fail-on-undetermined=false");
    assertEquals(Main.PASS, accepted.code(), accepted.toString());
    assertTrue(accepted.out().contains("[WARN] [contiguous-ids] hadoop_lz4_compressed.parquet: undetermined: "),
        accepted.out());
  }

  @Test
  void json_is_the_plugins_validation_json_naming_the_command_line_and_alone_on_stdout() throws IOException {
    Path z = zstd("zstd.parquet");
    Cli.Result r = Cli.run("validate", z.toString(), "--format", "json");
    assertEquals(Main.FAILED, r.code(), r.toString());
    ObjectMapper json = new ObjectMapper();
    JsonNode cli = json.readTree(r.out());
    assertEquals("artifact-io/validation", cli.get("schema").asText());
    assertEquals(1, cli.get("schema_version").asInt());
    assertEquals("artifact-io-cli", cli.path("tool").path("name").asText());
    assertFalse(cli.get("passed").asBoolean());
    assertEquals("cli", cli.path("runs").path(0).path("execution").asText());
    JsonNode result = cli.path("results").path(1);
    assertEquals("codec", result.get("rule").asText());
    assertEquals("[codec] zstd.parquet, column 'id', row group 0: compressed with ZSTD, not one of the allowed codecs"
        + " [SNAPPY, UNCOMPRESSED] (1 violation)", result.path("findings").path(0).path("message").asText());
    // the fields of the report the plugin writes for the same files, at every level, plus the paths given (a field
    // the schema adds: the command line takes files as well as one folder)
    Path reports = dir.resolve("plugin-reports");
    Gate.run(ValidateGoal.builder(dir).build(), GateOptions.builder(Dialect.MAVEN, z.getParent()).reportDir(reports)
        .tool("artifact-io-maven-plugin", "test").build(),
        io.github.artifactio.checks.GateLog.printing(new java.io.PrintWriter(
            java.io.Writer.nullWriter())),
        List.of());
    TreeSet<String> plugin = fields(json.readTree(reports.resolve("validation.json").toFile()), "");
    TreeSet<String> added = fields(cli, "");
    assertTrue(added.containsAll(plugin), plugin + " in " + added);
    added.removeAll(plugin);
    assertEquals(new TreeSet<>(List.of("/runs[]/configuration/paths")), added);
    assertTrue(r.err().startsWith("artifact-io validate: 1 finding at or above ERROR"), r.err());
  }

  /** Every field path of a JSON tree (array elements as []). */
  private static TreeSet<String> fields(JsonNode n, String at) {
    TreeSet<String> out = new TreeSet<>();
    if (n.isObject()) {
      for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
        String k = it.next();
        out.add(at + "/" + k);
        out.addAll(fields(n.get(k), at + "/" + k));
      }
    } else if (n.isArray()) {
      n.forEach(e -> out.addAll(fields(e, at + "[]")));
    }
    return out;
  }

  @Test
  void nothing_is_written_without_report_and_report_writes_both_reports() throws IOException {
    Path a = snappy("a.parquet");
    Path z = zstd("zstd.parquet");
    List<Path> before = tree();
    Cli.run("validate", dir.resolve("data").toString());
    Cli.run("validate", a.toString(), z.toString(), "--format", "json");
    assertEquals(before, tree(), "no target/ folder, no cache, no report");
    Path reports = dir.resolve("reports");
    Cli.Result r = Cli.run("validate", dir.resolve("data").toString(), "--report", reports.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(Files.isRegularFile(reports.resolve("validation.json")));
    assertTrue(Files.readString(reports.resolve("TEST-artifact-io.xml")).contains("name=\"zstd.parquet [codec]\""));
    assertTrue(r.out().contains("reports: " + reports.resolve("validation.json")), r.toString());
    assertTrue(r.err().endsWith(" (all: " + reports.resolve("validation.json") + ")\n"), r.err());
  }

  private List<Path> tree() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  void files_named_on_their_own_are_reported_by_name_and_folders_relative_to_themselves() throws IOException {
    Path a = snappy("a.parquet");
    Files.createDirectories(dir.resolve("data/sub"));
    TestFiles.duckdb(dir.resolve("data/sub/b.parquet"), "SELECT 1 AS x", "COMPRESSION snappy");
    Cli.Result one = Cli.run("validate", a.toString());
    assertTrue(one.out().contains("\na.parquet "), one.toString());
    Cli.Result folder = Cli.run("validate", dir.resolve("data").toString(), "--include", "sub/*.parquet");
    assertTrue(folder.out().contains("\nsub/b.parquet "), folder.toString());
    assertFalse(folder.out().contains("a.parquet"), folder.toString());
  }

  @Test
  void a_configuration_file_relaxes_a_default_and_suppresses_a_finding_with_its_reason() throws IOException {
    Path z = zstd("zstd.parquet");
    Path allow = Files.writeString(dir.resolve("allow.json"),
        "{\"checks\": [{\"rule\": \"codec\", \"allowed\": [\"SNAPPY\", \"ZSTD\"]}]}");
    Cli.Result allowed = Cli.run("validate", z.toString(), "--config", allow.toString());
    assertEquals(Main.PASS, allowed.code(), allowed.toString());
    Path suppress = Files.writeString(dir.resolve("suppress.json"), "{\"suppressions\": [{\"files\":"
        + " \"**/zstd.parquet\", \"rule\": \"codec\", \"column\": \"id\", \"reason\": \"read only by our Java"
        + " stage\"}]}");
    Cli.Result suppressed = Cli.run("validate", z.toString(), "--config", suppress.toString());
    assertEquals(Main.PASS, suppressed.code(), suppressed.toString());
    assertTrue(suppressed.out().startsWith("suppressed (read only by our Java stage): [codec] zstd.parquet, column"
        + " 'id', row group 0: compressed with ZSTD"), suppressed.out());
    assertTrue(suppressed.out().contains("PASS +1 suppressed"), suppressed.out());
    Path wrong = Files.writeString(dir.resolve("wrong.json"), "{\"severities\": {\"codec\": \"WARN\"}}");
    Cli.Result refused = Cli.run("validate", z.toString(), "--config", wrong.toString());
    assertEquals(Main.USAGE, refused.code(), refused.toString());
    assertEquals("artifact-io validate is misconfigured: --config: \"severities\" apply to verify-manifest;"
        + " validate takes a check's \"severity\" in \"checks\"\n", refused.err());
    Path unknown = Files.writeString(dir.resolve("unknown.json"), "{\"check\": []}");
    Cli.Result typo = Cli.run("validate", z.toString(), "--config", unknown.toString());
    assertEquals(Main.USAGE, typo.code(), typo.toString());
    assertEquals("artifact-io validate is misconfigured: configuration file " + unknown + ": unknown key \"check\""
        + " (known: [checks, severities, suppressions])\n", typo.err());
  }
}
