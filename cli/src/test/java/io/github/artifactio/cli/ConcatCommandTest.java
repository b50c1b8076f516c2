package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code concat}: the engine's concatenation on both axes; a refused one exits 1 and leaves nothing. */
class ConcatCommandTest {
  @TempDir Path dir;

  private Path table(String name, String select) {
    return TestFiles.duckdb(dir.resolve(name), select, "COMPRESSION snappy");
  }

  @Test
  void rows_of_two_files_are_spliced_into_one_with_its_report() {
    Path a = table("a.parquet", "SELECT i AS id, (i * 0.5)::DOUBLE AS mz FROM range(100) t(i)");
    Path b = table("b.parquet", "SELECT i + 100 AS id, (i * 0.5)::DOUBLE AS mz FROM range(50) t(i)");
    Path out = dir.resolve("ab.parquet");
    Cli.Result r = Cli.run("concat", "-o", out.toString(), a.toString(), b.toString(), "--metadata", "stage=test");
    assertEquals(Main.PASS, r.code(), r.toString());
    assertTrue(r.out().startsWith(out + ": 150 rows in 2 row groups, spliced, blake3 "), r.out());
    TableFile f = TableFile.open(out);
    assertEquals(150, f.rows());
    assertEquals("test", f.metadata().get("stage"));
    assertTrue(Files.isRegularFile(dir.resolve("ab.parquet.report.json")));
  }

  @Test
  void columns_of_two_files_are_joined() {
    Path a = table("ids.parquet", "SELECT i AS id FROM range(100) t(i)");
    Path b = table("scores.parquet", "SELECT (i * 0.5)::DOUBLE AS score FROM range(100) t(i)");
    Path out = dir.resolve("joined.parquet");
    Cli.Result r = Cli.run("concat", "--axis", "columns", "--no-report", "-o", out.toString(), a.toString(),
        b.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertEquals(2, TableFile.open(out).columnNames().size());
    assertFalse(Files.exists(dir.resolve("joined.parquet.report.json")));
  }

  @Test
  void columns_whose_row_groups_do_not_line_up_are_refused_and_joined_with_reencode() {
    Path a = TestFiles.duckdb(dir.resolve("ids.parquet"), "SELECT i AS id FROM range(5000) t(i)",
        "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
    Path b = table("scores.parquet", "SELECT (i * 0.5)::DOUBLE AS score FROM range(5000) t(i)");
    Path out = dir.resolve("joined.parquet");
    Cli.Result refused = Cli.run("concat", "--axis", "columns", "-o", out.toString(), a.toString(), b.toString());
    assertEquals(Main.FAILED, refused.code(), refused.toString());
    // the refusal names the option as the command line spells it, never the Java API's ConcatOptions.reencode(true)
    assertTrue(refused.err().startsWith("artifact-io concat: " + b + ": concat columns into " + out
        + ": the row groups of input 1 do not line up with input 0's (" + a + "): "), refused.err());
    assertTrue(refused.err().endsWith("; --reencode re-encodes its columns to input 0's row groups\n"), refused.err());
    Cli.Result r = Cli.run("concat", "--axis", "columns", "--reencode", "-o", out.toString(), a.toString(),
        b.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertTrue(r.out().endsWith("; re-encoded score)\n"), r.out());
    assertEquals(5000, TableFile.open(out).rows());
  }

  @Test
  void reencode_takes_duckdb_lists_and_annotated_integers_and_refuses_a_date_naming_file_and_column() {
    Path a = table("ids.parquet", "SELECT i AS row FROM range(5000) t(i)");
    Path b = TestFiles.duckdb(dir.resolve("duck.parquet"), "SELECT i::INTEGER AS id, i::BIGINT AS big,"
        + " CASE WHEN i % 7 = 0 THEN NULL ELSE [i::FLOAT, 0.5::FLOAT] END AS mzs FROM range(5000) t(i)",
        "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
    Path out = dir.resolve("joined.parquet");
    Cli.Result r = Cli.run("concat", "--axis", "columns", "--reencode", "-o", out.toString(), a.toString(),
        b.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertTrue(r.out().endsWith("; re-encoded id, big, mzs)\n"), r.out());
    TableFile f = TableFile.open(out);
    assertEquals(5000, f.rows());
    assertEquals("optional int32 id (INTEGER(32,true))", f.column("id").parquetType());
    assertTrue(f.column("mzs").parquetType().contains("optional float element"), f.column("mzs").parquetType());
    Path c = TestFiles.duckdb(dir.resolve("dates.parquet"), "SELECT DATE '2020-01-01' + i::INTEGER AS day"
        + " FROM range(5000) t(i)", "COMPRESSION snappy, ROW_GROUP_SIZE 2048");
    Path refusedOut = dir.resolve("dated.parquet");
    Cli.Result refused = Cli.run("concat", "--axis", "columns", "--reencode", "-o", refusedOut.toString(),
        a.toString(), c.toString());
    assertEquals(Main.FAILED, refused.code(), refused.toString());
    assertEquals("artifact-io concat: " + c + ", column 'day': concat columns into " + refusedOut + ": input 1's row"
        + " groups do not line up with input 0's and its column has type INT32 (DATE) (optional int32 day (DATE)),"
        + " which the engine does not read, so it cannot re-encode it; write the input in input 0's row groups\n",
        refused.err());
    assertFalse(Files.exists(refusedOut));
  }

  @Test
  void inputs_whose_columns_differ_exit_1_with_the_engines_message_and_write_nothing() {
    Path a = table("a.parquet", "SELECT i AS id FROM range(10) t(i)");
    Path b = table("b.parquet", "SELECT (i * 0.5)::DOUBLE AS mz FROM range(10) t(i)");
    Path out = dir.resolve("ab.parquet");
    Cli.Result r = Cli.run("concat", "-o", out.toString(), a.toString(), b.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertTrue(r.err().startsWith("artifact-io concat: ") && r.err().contains(b.toString()), r.err());
    assertFalse(Files.exists(out));
    Cli.Result missing = Cli.run("concat", "-o", out.toString(), a.toString(), dir.resolve("c.parquet").toString());
    assertEquals(Main.USAGE, missing.code(), missing.toString());
    assertEquals("artifact-io concat: " + dir.resolve("c.parquet") + " does not exist\n", missing.err());
  }

  @Test
  void no_sync_makes_a_scratch_output_that_is_not_synced_and_the_help_says_so() throws UsageException {
    CommandDef def = new ConcatCommand().def();
    assertTrue(ConcatCommand.options(def.parse(List.of("-o", "out.parquet", "in.parquet"))).durable());
    assertFalse(ConcatCommand.options(def.parse(List.of("--no-sync", "-o", "out.parquet", "in.parquet"))).durable());
    Cli.Result help = Cli.run("concat", "--help");
    assertTrue(help.out().contains("--no-sync"), help.out());
    Path a = table("a.parquet", "SELECT i AS id FROM range(10) t(i)");
    Path b = table("b.parquet", "SELECT i + 10 AS id FROM range(10) t(i)");
    Path out = dir.resolve("scratch.parquet");
    Cli.Result r = Cli.run("concat", "--no-sync", "-o", out.toString(), a.toString(), b.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertEquals(20, TableFile.open(out).rows());
  }
}
