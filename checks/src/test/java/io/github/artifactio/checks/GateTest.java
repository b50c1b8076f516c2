package io.github.artifactio.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.result.ConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate both front ends run: the same messages, each naming the settings the way its user typed them, nothing
 * written unless a report folder is given, and a run that selects nothing never passes.
 */
class GateTest {
  @TempDir Path dir;

  /** Collects the lines, each with its level. */
  static final class Lines implements GateLog {
    final List<String> lines = new ArrayList<>();

    @Override
    public void info(String line) {
      lines.add("[INFO] " + line);
    }

    @Override
    public void warn(String line) {
      lines.add("[WARN] " + line);
    }

    @Override
    public void error(String line) {
      lines.add("[ERROR] " + line);
    }
  }

  private static ValidateGoal validate(Path base) {
    return ValidateGoal.builder(base).build();
  }

  private Path zstd() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    return Inputs.duckdb(dir.resolve("data/zstd.parquet"), "SELECT i AS id FROM range(10) t(i)", "COMPRESSION zstd");
  }

  @Test
  void a_missing_folder_fails_and_each_front_end_names_its_own_switch() {
    Path missing = dir.resolve("missing");
    NoFilesException maven = assertThrows(NoFilesException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.MAVEN, missing).build(), new Lines(), List.of()));
    assertEquals("artifact-io:validate: the folder " + missing + " does not exist; a check of no file does not pass"
        + " (set artifact-io.failIfNoFiles to false to only warn)", maven.getMessage());
    NoFilesException cli = assertThrows(NoFilesException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.COMMAND_LINE, missing).build(), new Lines(), List.of()));
    assertEquals("artifact-io validate: the path " + missing + " does not exist; a check of no file does not pass"
        + " (pass --fail-if-no-files=false to only warn)", cli.getMessage());
  }

  @Test
  void a_named_path_that_does_not_exist_fails_even_beside_files_that_do() throws IOException {
    Path file = zstd();
    Path missing = dir.resolve("typo.parquet");
    NoFilesException e = assertThrows(NoFilesException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.COMMAND_LINE, dir).paths(List.of(file, missing)).build(), new Lines(), List.of()));
    assertEquals("artifact-io validate: the path " + missing + " does not exist; a check of a path that does not"
        + " exist does not pass (pass --fail-if-no-files=false to only warn)", e.getMessage());
  }

  @Test
  void an_empty_folder_only_warns_when_told_to_and_the_run_of_nothing_passes() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Lines log = new Lines();
    Verdict v = Gate.run(validate(dir), GateOptions.builder(Dialect.MAVEN, empty).failIfNoFiles(false).build(), log,
        List.of());
    assertTrue(v.passed());
    assertEquals("[WARN] artifact-io:validate: no file under " + empty + " matches **/*.parquet", log.lines.get(0));
  }

  @Test
  void a_failing_finding_is_logged_at_its_level_then_the_table_then_one_failure_message() throws IOException {
    zstd();
    Lines log = new Lines();
    Verdict v = Gate.run(validate(dir), GateOptions.builder(Dialect.COMMAND_LINE, dir.resolve("data")).build(), log,
        List.of());
    String finding = "[codec] zstd.parquet, column 'id', row group 0: compressed with ZSTD, not one of the allowed"
        + " codecs [SNAPPY, UNCOMPRESSED] (1 violation)";
    assertEquals("[ERROR] " + finding, log.lines.get(0));
    assertEquals("[INFO] artifact-io validate summary", log.lines.get(1));
    assertEquals("[INFO] 1 files, 4 checks: 3 PASS, 0 WARN, 1 FAIL, 0 UNDETERMINED; 0 from the cache",
        log.lines.get(log.lines.size() - 1));
    // without a report folder the message points at no report
    assertEquals("artifact-io validate: 1 finding at or above ERROR in 1 file; the first: " + finding, v.failure());
  }

  @Test
  void nothing_is_written_without_a_report_folder_and_both_reports_with_one() throws IOException {
    Path file = zstd();
    Verdict v = Gate.run(validate(dir), GateOptions.builder(Dialect.COMMAND_LINE, file.getParent()).build(),
        new Lines(), List.of());
    assertFalse(v.passed());
    try (Stream<Path> s = Files.walk(dir)) {
      assertEquals(List.of(dir, dir.resolve("data"), file), s.sorted().toList(), "the run wrote nothing");
    }
    Path reports = dir.resolve("reports");
    Lines log = new Lines();
    v = Gate.run(validate(dir), GateOptions.builder(Dialect.MAVEN, file.getParent()).reportDir(reports)
        .tool("artifact-io-cli", "9.9").build(), log, List.of());
    assertTrue(Files.isRegularFile(reports.resolve("validation.json")));
    assertTrue(Files.isRegularFile(reports.resolve("TEST-artifact-io.xml")));
    assertTrue(v.failure().endsWith(" (all: " + reports.resolve("validation.json") + ")"), v.failure());
    assertTrue(Files.readString(reports.resolve("validation.json")).contains("\"name\" : \"artifact-io-cli\""));
  }

  @Test
  void misconfigurations_name_the_setting_as_each_front_end_spells_it() throws IOException {
    ConfigurationException maven = assertThrows(ConfigurationException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.MAVEN, dir).threads(-1).build(), new Lines(), List.of()));
    assertEquals("artifact-io:validate is misconfigured: artifact-io.threads is -1; it must be positive"
        + " (0: processors)", Gate.misconfigured(validate(dir), Dialect.MAVEN, maven));
    zstd();
    ConfigurationException cli = assertThrows(ConfigurationException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.COMMAND_LINE, dir).skipRules("codecs").build(), new Lines(), List.of()));
    assertTrue(cli.getMessage().startsWith("--skip-rules: unknown rule id 'codecs'; known: [structure,"),
        cli.getMessage());
    ConfigurationException failOn = assertThrows(ConfigurationException.class, () -> Gate.run(validate(dir),
        GateOptions.builder(Dialect.COMMAND_LINE, dir).failOn("OFF").build(), new Lines(), List.of()));
    assertEquals("--fail-on 'OFF' is not one of ERROR, WARN, INFO, NONE", failOn.getMessage());
  }

  @Test
  void progress_sees_every_file_finish_and_the_end() throws IOException {
    zstd();
    Inputs.precursors(dir.resolve("data/precursors.parquet"), 100, 50);
    AtomicInteger done = new AtomicInteger();
    List<String> events = new ArrayList<>();
    Progress p = new Progress() {
      @Override
      public void started(String goal, int files) {
        events.add("started " + goal + " " + files);
      }

      @Override
      public void update(int d, int total) {
        done.accumulateAndGet(d, Math::max);
      }

      @Override
      public void finished() {
        events.add("finished");
      }
    };
    Verdict v = Gate.run(validate(dir), GateOptions.builder(Dialect.COMMAND_LINE, dir).failOn("NONE").progress(p)
        .build(), new Lines(), List.of());
    assertNull(v.failure());
    assertEquals(List.of("started validate 2", "finished"), events);
    assertEquals(2, done.get());
  }
}
