package io.github.artifactio.maven.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
  void the_junit_report_has_a_failure_per_failed_rule_and_skips_the_undetermined() throws IOException {
    Path p = dir.resolve("TEST-artifact-io.xml");
    Reports.writeJunit(p, List.of(new Reports.Run(outcome(), Severity.ERROR)));
    String xml = Files.readString(p);
    assertTrue(xml.contains("<testsuite name=\"artifact-io:validate@default\" tests=\"3\" failures=\"1\" errors=\"0\""
        + " skipped=\"1\""), xml);
    assertTrue(xml.contains("<testcase classname=\"z.parquet\" name=\"codec\" time=\"0\">\n    <failure message=\""
        + "[codec] z.parquet, column 'mz', row group 0: compressed with ZSTD"), xml);
    assertTrue(xml.contains("<skipped message=\"undetermined: mz: not readable: &lt;codec&gt;\"/>"), xml);
  }
}
