package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.rules.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigurationTest {
  @TempDir Path dir;

  private static String refused(Runnable r) {
    return assertThrows(ConfigurationException.class, r::run).getMessage();
  }

  @Test
  void an_unknown_rule_id_is_refused_in_a_check_and_in_a_selection() {
    assertEquals("check check{rule=sorted,severity=null,columns=[],strict=null,allowed=[],target=null,files=null,"
        + "excludes=[],full=null}: unknown rule id 'sorted'; known: [structure, codec, string-type, contract,"
        + " contiguous-ids,"
        + " ascending, references]",
        refused(() -> ValidationPlan.build(List.of(new CheckConfig("sorted")), List.of(), List.of(), List.of())));
    assertEquals("artifact-io.skipRules: unknown rule id 'codecs'; known: [structure, codec, string-type, contract,"
        + " contiguous-ids, ascending, references]",
        refused(() -> ValidationPlan.build(List.of(), List.of(), List.of(), List.of("codecs"))));
  }

  @Test
  void a_content_rule_without_columns_and_a_selected_rule_with_nothing_to_check_are_refused() {
    assertEquals("rule 'contiguous-ids' has no columns to check: name them in <columns> or use a contract that does",
        refused(() -> ValidationPlan.build(List.of(new CheckConfig("contiguous-ids")), List.of(), List.of(),
            List.of())));
    assertEquals("rule 'references' is selected (artifact-io.rules) but has nothing to check: configure it in a"
        + " <check> or a contract",
        refused(() -> ValidationPlan.build(List.of(), List.of(), List.of("references"), List.of())));
  }

  @Test
  void an_empty_rule_set_is_refused() {
    assertEquals("no rules to run after artifact-io.rules=codec and artifact-io.skipRules=codec; an empty rule set"
        + " checks nothing (use artifact-io.skip to skip the goal)",
        refused(() -> ValidationPlan.build(List.of(), List.of(), List.of("codec"), List.of("codec"))));
  }

  static List<String> rules(ValidationPlan p, String file) {
    return p.rulesFor(file).stream().map(r -> r.id() + "@" + r.severity()).toList();
  }

  @Test
  void a_check_scoped_to_files_with_severity_off_exempts_those_files_and_no_other() {
    // the natural way to exempt one file: it used to remove string-type from every file
    ValidationPlan p = ValidationPlan.build(List.of(
        new CheckConfig("string-type").setFiles("**/legacy_*.parquet").setSeverity("OFF")), List.of(), List.of(),
        List.of());
    assertEquals(List.of("structure@ERROR", "codec@ERROR", "ascending@ERROR"), rules(p, "run/legacy_a.parquet"));
    assertEquals(List.of("structure@ERROR", "codec@ERROR", "string-type@ERROR", "ascending@ERROR"),
        rules(p, "run/polars.parquet"));
  }

  @Test
  void a_scoped_check_replaces_the_default_only_where_it_applies_and_excludes_hand_files_back() {
    ValidationPlan p = ValidationPlan.build(List.of(new CheckConfig("codec").setFiles("imports/**")
        .setExcludes(List.of("imports/strict/**")).setSeverity("WARN").setAllowed(List.of("ZSTD"))), List.of(),
        List.of(), List.of());
    assertEquals("codec@WARN", rules(p, "imports/a.parquet").get(1));
    assertEquals("codec@ERROR", rules(p, "imports/strict/b.parquet").get(1), "excluded: the default applies");
    assertEquals("codec@ERROR", rules(p, "out/c.parquet").get(1), "outside the scope: the default applies");
    assertEquals(1, p.rulesFor("imports/a.parquet").stream().filter(r -> r.id().equals("codec")).count());
  }

  @Test
  void severity_off_removes_a_rule_and_an_unknown_severity_is_refused() {
    ValidationPlan p = ValidationPlan.build(List.of(new CheckConfig("codec").setSeverity("off")), List.of(),
        List.of(), List.of());
    assertEquals(List.of("structure", "string-type", "ascending"),
        p.rulesFor("x.parquet").stream().map(Rule::id).toList());
    assertEquals("check check{rule=codec,severity=LOUD,columns=[],strict=null,allowed=[],target=null,files=null,"
        + "excludes=[],full=null}: severity 'LOUD' is not one of ERROR, WARN, INFO, OFF",
        refused(() -> ValidationPlan.build(List.of(new CheckConfig("codec").setSeverity("LOUD")), List.of(),
            List.of(), List.of())));
  }

  @Test
  void a_contract_that_matches_no_file_is_refused() {
    ValidationPlan p = ValidationPlan.build(List.of(), List.of(Contracts.builtIn().get("library-precursors")),
        List.of(), List.of());
    assertEquals("contract 'library-precursors' applies to no file: none of the 1 checked files matches"
        + " **/*precursors*.parquet", refused(() -> p.requireContractsMatch(List.of("other.parquet"))));
    p.requireContractsMatch(List.of("lib/fragment_library_precursors.parquet"));
  }

  @Test
  void an_unknown_contract_name_lists_the_built_ins() {
    assertEquals("contract 'library-peptides' is neither a built-in contract [library-fragments, library-precursors]"
        + " nor a contract file (" + dir.resolve("library-peptides") + " does not exist)",
        refused(() -> Contracts.resolve("library-peptides", dir)));
  }

  @Test
  void a_contract_file_is_read_strictly() throws IOException {
    Path ok = Files.writeString(dir.resolve("ok.json"), "{\"name\": \"p\", \"files\": \"**/p.parquet\","
        + " \"columns\": [{\"name\": \"candidate_id\", \"type\": \"UInt32\", \"nullable\": false}],"
        + " \"min_rows\": 1, \"schema\": \"peptides@1\","
        + " \"checks\": [{\"rule\": \"ascending\", \"columns\": [\"mz\"], \"strict\": true}]}");
    Contract k = Contracts.resolve("ok.json", dir).get(0);
    assertEquals("p", k.name());
    assertEquals(List.of(new Contract.Column("candidate_id", "UInt32", false)), k.columns());
    assertEquals(1L, k.minRows());
    Files.writeString(dir.resolve("dup.json"), "{\"name\": \"p\", \"name\": \"q\"}");
    assertEquals("contract file " + dir.resolve("dup.json") + ": Duplicate field 'name'",
        refused(() -> Contracts.resolve("dup.json", dir)).split("\n")[0]);
    Files.writeString(dir.resolve("unknown.json"), "{\"name\": \"p\", \"colums\": []}");
    assertEquals(
        "contract file " + dir.resolve("unknown.json") + ": unknown key \"colums\" (known: [allow_other_columns,"
            + " checks, columns, files, max_rows, min_rows, name, schema])",
        refused(() -> Contracts.resolve("unknown.json", dir)));
  }

  @Test
  void fail_on_reads_none_and_refuses_off() {
    assertEquals(null, Severity.parseFailOn("none"));
    assertEquals(Severity.WARN, Severity.parseFailOn("warn"));
    assertEquals("failOn 'OFF' is not one of ERROR, WARN, INFO, NONE", refused(() -> Severity.parseFailOn("OFF")));
  }
}
