package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.hash.TestInputs;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hash} against Debian's b3sum: the digests b3sum 1.2.0 printed for the engine's reference inputs (recorded
 * in the engine's test resources, {@code b3sum-digests.txt}) are what {@code hash} prints, and {@code hash --check}
 * reads b3sum's lines, escapes included.
 */
class HashCommandTest {
  @TempDir Path dir;

  /** b3sum's output lines, verbatim from the recording. */
  private List<String> recorded;

  @BeforeEach
  void inputs() throws IOException {
    for (TestInputs.Input in : TestInputs.B3SUM_INPUTS) {
      Files.write(dir.resolve(in.name()), in.bytes());
    }
    try (InputStream s = TestInputs.class.getResourceAsStream("b3sum-digests.txt")) {
      recorded = new String(s.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }
    assertEquals(TestInputs.B3SUM_INPUTS.size(), recorded.size());
  }

  /** A recorded line with its path made absolute (the test cannot change the working folder). */
  private String absolute(String line) {
    return line.substring(0, 66) + dir.resolve(line.substring(66));
  }

  @Test
  void hash_prints_what_b3sum_printed_for_the_recorded_inputs() {
    List<String> args = new ArrayList<>(List.of("hash"));
    TestInputs.B3SUM_INPUTS.forEach(in -> args.add(dir.resolve(in.name()).toString()));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertEquals(Main.PASS, r.code(), r.toString());
    assertEquals(recorded.stream().map(this::absolute).toList(), r.out().lines().toList());
  }

  @Test
  void check_reads_b3sums_lines_and_names_each_file_ok() throws IOException {
    Path list = Files.write(dir.resolve("sums.b3"), recorded.stream().map(this::absolute).toList());
    Cli.Result r = Cli.run("hash", "--check", list.toString());
    assertEquals(Main.PASS, r.code(), r.toString());
    assertEquals(TestInputs.B3SUM_INPUTS.stream().map(in -> dir.resolve(in.name()) + ": OK").toList(),
        r.out().lines().toList());
  }

  @Test
  void check_fails_a_changed_or_missing_file_with_exit_1_and_refuses_a_malformed_line_with_exit_2()
      throws IOException {
    Path list = Files.write(dir.resolve("sums.b3"), recorded.stream().map(this::absolute).toList());
    Files.write(dir.resolve("random-1MiB.bin"), new byte[] {1});
    Files.delete(dir.resolve("empty.bin"));
    Cli.Result r = Cli.run("hash", "-c", list.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals(List.of(dir.resolve("empty.bin") + ": FAILED (no such file)", dir.resolve("random-1MiB.bin")
        + ": FAILED", dir.resolve("random-1MiB+12345.bin") + ": OK", dir.resolve("random-3MiB+1.bin") + ": OK"),
        r.out().lines().toList());
    Path bad = Files.writeString(dir.resolve("bad.b3"), recorded.get(1) + "\nnot a digest  x\n");
    Cli.Result malformed = Cli.run("hash", "--check", bad.toString());
    assertEquals(Main.USAGE, malformed.code(), malformed.toString());
    assertEquals("artifact-io hash: " + bad + ", line 2: not a b3sum line (64 hex digits, two spaces, a path)\n",
        malformed.err());
  }

  @Test
  void names_with_a_newline_or_a_backslash_are_escaped_as_b3sum_escapes_them_and_read_back() throws IOException {
    Path odd = Files.write(dir.resolve("x\nx"), new byte[0]);
    Path slash = Files.write(dir.resolve("y\\y"), new byte[0]);
    Cli.Result r = Cli.run("hash", odd.toString(), slash.toString());
    // b3sum's own line for an empty file named x<newline>x (its what_does_check_do.md)
    String empty = "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262";
    assertEquals(List.of("\\" + empty + "  " + dir + "/x\\nx", "\\" + empty + "  " + dir + "/y\\\\y"),
        r.out().lines().toList());
    Path list = Files.writeString(dir.resolve("odd.b3"), r.out());
    Cli.Result check = Cli.run("hash", "--check", list.toString());
    assertEquals(Main.PASS, check.code(), check.toString());
    // b3sum 1.2.0 prints these as \<dir>/x\nx: OK (checked by hand against Debian's b3sum)
    assertEquals(List.of("\\" + dir + "/x\\nx: OK", "\\" + dir + "/y\\\\y: OK"), check.out().lines().toList());
  }

  @Test
  void no_file_or_a_dash_hashes_standard_input() {
    byte[] bytes = TestInputs.B3SUM_INPUTS.get(1).bytes();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    HashCommand hash = new HashCommand().stdin(new ByteArrayInputStream(bytes));
    assertEquals(Main.PASS, Main.run(hash, List.of(), new PrintWriter(out, true), new PrintWriter(err, true)),
        err.toString());
    assertEquals(recorded.get(1).substring(0, 66) + "-\n", out.toString());
  }

  @Test
  void a_file_that_does_not_exist_is_a_usage_error() {
    Cli.Result r = Cli.run("hash", dir.resolve("nope").toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals("artifact-io hash: " + dir.resolve("nope") + " does not exist\n", r.err());
  }
}
