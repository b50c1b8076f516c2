package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.inspect.Inspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect}: the engine's report, DECIMAL columns included; a missing file is a usage error, a broken one 1. */
class InspectCommandTest {
  @TempDir Path dir;

  @Test
  void inspect_prints_the_engines_report_and_the_head_says_why_a_decimal_column_is_not_read() {
    Path p = TestFiles.duckdb(dir.resolve("decimal.parquet"), "SELECT 'name' || i AS name, (i * 1.25)::DECIMAL(10,2)"
        + " AS price, i::UINTEGER AS id FROM range(20) t(i)", "COMPRESSION snappy");
    Cli.Result r = Cli.run("inspect", p.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertEquals(Inspector.inspect(p), r.out());
    assertTrue(r.out().contains("| \"name0\" | (not read) | 0  |"), r.out());
    assertTrue(r.out().contains("not read:\n  price: the engine has no column kind for optional int64 price"
        + " (DECIMAL(10,2))\n"), r.out());
  }

  @Test
  void a_missing_file_exits_2_and_a_file_that_is_not_parquet_exits_1_naming_it() throws IOException {
    Cli.Result missing = Cli.run("inspect", dir.resolve("nope.parquet").toString());
    assertEquals(Main.USAGE, missing.code(), missing.toString());
    assertEquals("artifact-io inspect: " + dir.resolve("nope.parquet") + " does not exist\n", missing.err());
    Path text = Files.writeString(dir.resolve("notes.parquet"), "not parquet at all, just some text");
    Cli.Result broken = Cli.run("inspect", text.toString());
    assertEquals(Main.FAILED, broken.code(), broken.toString());
    // one line, in the engine's format: the file, then what is wrong with it
    assertEquals("artifact-io inspect: " + text + ": the trailing magic is 'text', not PAR1\n", broken.err());
  }
}
