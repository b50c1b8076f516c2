package io.github.artifactio.checks;

import static io.github.artifactio.checks.Validation.messages;
import static io.github.artifactio.checks.Validation.result;
import static io.github.artifactio.checks.Validation.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.checks.rules.FileContext;
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.checks.rules.Rule;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One bad file never ends the goal: whatever a rule throws on it becomes a finding on that file ("could not be
 * checked: ..."), every other file is still checked; the metadata changes the campaign found the plugin
 * passing (rows, value counts, encodings, repetition, physical types) fail the file; and null list items, which are
 * valid Parquet, are their own finding rather than "does not decode".
 */
class BadFilesTest {
  @TempDir Path dir;

  private Path table(String name) {
    SplittableRandom r = new SplittableRandom(3);
    long[] id = new long[1000];
    double[] x = new double[1000];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
      x[i] = r.nextDouble();
    }
    return Inputs.write(dir.resolve(name), List.of(new Int64Column("id", id), new Float64Column("x", x)), 200);
  }

  /** A rule that fails inside on one file with what the issue saw end the goal. */
  private static Rule throwing(String file, Throwable t) {
    return new Rule() {
      @Override
      public String id() {
        return "codec";
      }

      @Override
      public Severity severity() {
        return Severity.WARN;
      }

      @Override
      public String fingerprint() {
        return "throwing";
      }

      @Override
      public RuleResult check(FileContext f) {
        if (f.display().equals(file)) {
          if (t instanceof Error e) {
            throw e;
          }
          throw (RuntimeException) t;
        }
        return RuleResult.of(f.display(), id(), severity(), "fine", List.of());
      }
    };
  }

  @Test
  void a_rule_that_throws_any_throwable_on_a_file_gives_a_could_not_be_checked_finding_on_that_file() {
    Path bad = table("bad.parquet");
    Path good = table("good.parquet");
    List<Throwable> thrown = List.of(new StackOverflowError(), new OutOfMemoryError("Java heap space"),
        new NullPointerException("page header"), new NegativeArraySizeException("-1"));
    List<String> expected = List.of(
        "checking it overflowed the stack (a structure nested too deep)",
        "checking it ran out of memory (Java heap space)",
        "the check failed with NullPointerException: page header",
        "the check failed with NegativeArraySizeException: -1");
    for (int i = 0; i < thrown.size(); i++) {
      Rule rule = throwing("bad.parquet", thrown.get(i));
      List<RuleResult> r = ParquetValidator.run(bad, "bad.parquet", List.of(rule), new ReadAccounting());
      assertEquals(Status.FAIL, r.get(0).status());
      assertEquals(List.of("[codec] bad.parquet: could not be checked: " + expected.get(i) + " (1 violation)"),
          messages(r.get(0)));
      assertEquals(Severity.ERROR, r.get(0).findings().get(0).severity(), "whatever the rule's own severity");
      assertEquals(Status.PASS, ParquetValidator.run(good, "good.parquet", List.of(rule), new ReadAccounting()).get(0)
          .status());
    }
  }

  @Test
  void a_schema_nested_10000_deep_fails_its_file_and_the_other_files_are_still_checked() {
    table("good.parquet");
    TestFiles.rewriteFooter(table("deep.parquet"), md -> TestFiles.nestSchema(md, 10_000));
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    assertEquals(
        List.of("[structure] deep.parquet: the footer's schema nests groups 100 levels deep at schema element 100 of"
            + " 10001, deeper than the 99 levels this engine reads (1 violation)"),
        messages(result(o, "deep.parquet", "structure")));
    assertEquals(Status.PASS, result(o, "good.parquet", "structure").status());
    assertEquals(Status.PASS, result(o, "good.parquet", "codec").status());
  }

  @Test
  void the_metadata_changes_the_campaign_saw_pass_now_fail_the_file() {
    TestFiles.rewriteFooter(table("rows.parquet"), md -> md.getRow_groups().get(1).setNum_rows(199));
    Path count = table("count.parquet");
    TestFiles.rewritePageHeader(count, TestFiles.firstDataPage(count, "x"),
        h -> h.getData_page_header().setNum_values(201));
    Path encoding = table("encoding.parquet");
    TestFiles.rewritePageHeader(encoding, TestFiles.firstDataPage(encoding, "x"),
        h -> h.getData_page_header().setEncoding(Encoding.BYTE_STREAM_SPLIT));
    TestFiles.rewriteFooter(table("optional.parquet"), md -> md.getSchema().get(1)
        .setRepetition_type(FieldRepetitionType.OPTIONAL));
    TestFiles.rewriteFooter(table("type.parquet"), md -> md.getSchema().get(2).setType(Type.INT64));
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    for (String f : List.of("rows", "count", "encoding", "optional", "type")) {
      RuleResult r = result(o, f + ".parquet", "structure");
      assertEquals(Status.FAIL, r.status(), f + ": " + messages(r));
    }
    assertEquals(List.of("[structure] count.parquet, column 'x', row group 0: the data pages hold 201 values but the"
        + " chunk declares 200 (1 violation)"), messages(result(o, "count.parquet", "structure")));
    assertTrue(messages(result(o, "encoding.parquet", "structure")).get(0).startsWith(
        "[structure] encoding.parquet, column 'x', row group 0: data page 0 is BYTE_STREAM_SPLIT-encoded, an encoding"
            + " its column chunk does not declare ("),
        messages(result(o, "encoding.parquet", "structure")).get(0));
  }

  @Test
  void null_list_items_are_their_own_finding_not_an_undecodable_page() throws IOException {
    Files.copy(TestData.path("polars/polars_null_list_items.parquet"), dir.resolve("nulls.parquet"));
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    List<String> m = messages(result(o, "nulls.parquet", "structure"));
    assertEquals(1, m.size(), m.toString());
    assertEquals("[structure] nulls.parquet, column 'intensity', row group 0: null list items, which the engine's list"
        + " columns cannot hold (first offending row 1; 1 violation)", m.get(0));
  }
}
