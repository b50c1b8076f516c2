package io.github.artifactio.checks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.checks.config.Suppression;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {
  @TempDir Path dir;

  private static Outcome outcome() {
    Finding f = new Finding("codec", Severity.ERROR, "z.parquet", "mz", 0, null, 2,
        "compressed with ZSTD, not one of the allowed codecs [SNAPPY, UNCOMPRESSED]");
    return new Outcome("validate", List.of("a.parquet", "z.parquet"), List.of(
        RuleResult.of("a.parquet", "codec", Severity.ERROR, "SNAPPY", List.of()),
        RuleResult.undetermined("a.parquet", "ascending", Severity.ERROR, "mz: not readable: <codec>"),
        RuleResult.of("z.parquet", "codec", Severity.ERROR, "ZSTD", List.of(f))), 1, 3, 4096, 1024);
  }

  @Test
  void the_summary_table_has_one_line_per_file_and_rule_with_the_observed_value() {
    assertEquals(List.of(
        "file       rule       status        observed",
        "---------  ---------  ------------  --------",
        "a.parquet  codec      PASS          SNAPPY",
        "           ascending  UNDETERMINED  mz: not readable: <codec>",
        "z.parquet  codec      FAIL (2)      ZSTD",
        "2 files, 3 checks: 1 PASS, 0 WARN, 1 FAIL, 1 UNDETERMINED; 1 from the cache"),
        Reports.summaryTable(outcome()));
  }

  @Test
  void validation_json_is_versioned_lists_each_run_and_every_result_with_its_findings() throws IOException {
    Path p = dir.resolve("validation.json");
    Reports.writeJson(p, List.of(new Reports.Run(outcome(), Severity.ERROR)), "9.9");
    JsonNode n = new ObjectMapper().readTree(p.toFile());
    assertEquals("artifact-io/validation", n.get("schema").asText());
    assertEquals(1, n.get("schema_version").asInt());
    assertEquals(false, n.get("passed").asBoolean());
    assertEquals("validate", n.get("runs").get(0).get("goal").asText());
    assertEquals("ERROR", n.get("runs").get(0).get("fail_on").asText());
    assertEquals(4096, n.get("summary").get("bytes_read").asLong());
    JsonNode z = n.get("results").get(2);
    assertEquals("codec", z.get("rule").asText());
    assertEquals("FAIL", z.get("status").asText());
    JsonNode f = z.get("findings").get(0);
    assertEquals("[codec] z.parquet, column 'mz', row group 0: compressed with ZSTD, not one of the allowed codecs"
        + " [SNAPPY, UNCOMPRESSED] (2 violations)", f.get("message").asText());
    assertTrue(f.get("row").isNull());
    assertEquals(outcome().results().get(2), Reports.result(Reports.json(outcome().results().get(2)), "z.parquet"));
  }

  @Test
  void the_junit_report_names_goal_file_and_rule_as_ci_servers_split_them_with_real_times() throws IOException {
    Path p = dir.resolve("TEST-artifact-io.xml");
    Outcome o = outcome();
    Outcome timed = new Outcome(o.goal(), o.files(), o.results().stream().map(r -> r.withSeconds(0.0125)).toList(),
        o.cachedFiles(), o.filesOpened(), o.bytesRead(), o.bytesHashed());
    Reports.writeJunit(p, List.of(new Reports.Run(timed, Severity.ERROR)));
    String xml = Files.readString(p);
    assertTrue(xml.contains("<testsuite name=\"artifact-io:validate@default\" tests=\"3\" failures=\"1\" errors=\"0\""
        + " skipped=\"1\" time=\"0.038\">"), xml);
    assertTrue(xml.contains("<testcase classname=\"artifact-io.validate\" name=\"z.parquet [codec]\" time=\"0.013\">\n"
        + "    <failure message=\"[codec] z.parquet, column 'mz', row group 0: compressed with ZSTD"), xml);
    assertTrue(xml.contains("<skipped message=\"undetermined: mz: not readable: &lt;codec&gt;\"/>"), xml);
  }

  @Test
  void an_undetermined_result_fails_a_run_that_says_so_and_is_a_junit_failure_there() throws IOException {
    Reports.Run strict = new Reports.Run(outcome(), Severity.ERROR, "default", true, "target", null);
    assertEquals(List.of("ascending"), strict.failingUndetermined().stream().map(RuleResult::rule).toList());
    Outcome noFailure = new Outcome("validate", List.of("a.parquet"), outcome().results().subList(0, 2), 0, 1, 1, 0);
    assertEquals(false, new Reports.Run(noFailure, Severity.ERROR, "default", true, "target", null).passed());
    assertEquals(true, new Reports.Run(noFailure, Severity.ERROR, "default", false, "target", null).passed());
    assertEquals(true, new Reports.Run(noFailure, null, "default", true, "target", null).passed(), "failOn NONE");
    Path p = dir.resolve("TEST-artifact-io.xml");
    Reports.writeJunit(p, List.of(strict));
    String xml = Files.readString(p);
    assertTrue(xml.contains("failures=\"2\" errors=\"0\" skipped=\"0\""), xml);
    assertTrue(xml.contains("<failure message=\"undetermined: mz: not readable: &lt;codec&gt;\" type=\"ascending\">"),
        xml);
  }

  @Test
  void a_suppressed_finding_leaves_the_verdict_and_is_listed_with_its_reason_and_an_unused_suppression_is_named() {
    Suppression s = new Suppression("**/z.parquet", "codec", "mz", "written by the legacy exporter, read by us only");
    Suppression stale = new Suppression("**/gone.parquet", "codec", null, "old exporter");
    Suppression.Applied a = Suppression.apply(outcome(), List.of(s, stale), RuleIds.VALIDATE);
    RuleResult z = a.outcome().results().get(2);
    assertEquals(Status.PASS, z.status());
    assertEquals(List.of(), z.findings());
    assertEquals("written by the legacy exporter, read by us only", z.suppressed().get(0).reason());
    assertEquals(List.of(), a.outcome().failing(Severity.ERROR));
    assertEquals(List.of(stale), a.unused());
    assertEquals("z.parquet  codec      PASS +1 suppressed  ZSTD", Reports.summaryTable(a.outcome()).get(4));
    // another column is not suppressed by a column-scoped suppression
    Suppression other = new Suppression("**", "codec", "id", "not this column");
    assertEquals(Status.FAIL, Suppression.apply(outcome(), List.of(other), RuleIds.VALIDATE).outcome().results().get(2)
        .status());
    ConfigurationException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigurationException.class,
        () -> Suppression.apply(outcome(), List.of(new Suppression("**", "codec", null, " ")), RuleIds.VALIDATE));
    assertEquals("suppression {files=**, rule=codec}: no <reason>; a suppression says why the finding is acceptable",
        e.getMessage());
  }

  @Test
  void validation_json_records_the_tool_the_folder_and_the_configuration_and_lists_suppressed_findings()
      throws IOException {
    Suppression s = new Suppression("**/z.parquet", "codec", null, "accepted");
    Outcome o = Suppression.apply(outcome(), List.of(s), RuleIds.VALIDATE).outcome();
    JsonNode config = new ObjectMapper().readTree("{\"includes\": \"**/*.parquet\"}");
    Path p = dir.resolve("validation.json");
    Reports.writeJson(p, List.of(new Reports.Run(o, Severity.ERROR, "default-cli", true, "run", config)), "9.9");
    JsonNode n = new ObjectMapper().readTree(p.toFile());
    assertEquals("artifact-io-maven-plugin", n.get("tool").get("name").asText());
    assertEquals("9.9", n.get("tool").get("version").asText());
    JsonNode run = n.get("runs").get(0);
    assertEquals("run", run.get("directory").asText());
    assertEquals("**/*.parquet", run.get("configuration").get("includes").asText());
    assertEquals(true, run.get("fail_on_undetermined").asBoolean());
    JsonNode sup = n.get("results").get(2).get("suppressed").get(0);
    assertEquals("accepted", sup.get("reason").asText());
    assertEquals("mz", sup.get("column").asText());
  }
}
