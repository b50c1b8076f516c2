package io.github.artifactio.it.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.engine.hash.TestInputs;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.it.plugin.ExternalFiles;
import io.github.artifactio.it.plugin.ItSetup;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as its users run it: {@code java -jar cli/target/artifact-io.jar} in a folder of DuckDB-written
 * files, its exit codes, its output (the plugin's messages, word for word those the invoker tests assert in Maven's
 * log) and what it leaves behind (nothing, without {@code --report}).
 */
class CliJarIT {
  static Path jar;

  @TempDir Path work;

  @BeforeAll
  static void jar() {
    jar = Path.of(System.getProperty("artifact-io.cli.jar"));
    assertTrue(Files.isRegularFile(jar), "the command line's jar, which mvn package builds in cli: " + jar);
  }

  /** One run of the jar in {@code dir}. */
  record Run(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  static Run run(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile("cli", ".out");
    Path err = Files.createTempFile("cli", ".err");
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile()).start();
      assertTrue(p.waitFor(180, TimeUnit.SECONDS), "java -jar " + String.join(" ", args) + " did not end");
      // without the progress lines a run over a second prints (any run may, on a loaded machine)
      return new Run(p.exitValue(), Files.readString(out), Files.readString(err)
          .replaceAll("(?m)^artifact-io [a-z-]+: \\d+ of \\d+ [a-z]+ checked, [0-9.]+ s\n", ""));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private List<Path> tree() throws IOException {
    try (Stream<Path> s = Files.walk(work)) {
      return s.sorted().toList();
    }
  }

  @Test
  void validate_gives_the_plugins_message_for_an_id_gap_and_exits_1() throws Exception {
    ExternalFiles.precursorsWithGap(work.resolve("data/ids.parquet"), 5000, 3000);
    // ids-gap-fails' POM contract, as a contract file
    Files.writeString(work.resolve("ids.json"), "{\"name\": \"ids\", \"files\": \"ids.parquet\", \"columns\":"
        + " [{\"name\": \"candidate_id\", \"type\": \"UInt32\"}], \"checks\": [{\"rule\": \"contiguous-ids\","
        + " \"columns\": [\"candidate_id\"]}]}");
    Run r = run(work, "validate", "data", "--contract", "ids.json");
    assertEquals(1, r.code(), r.toString());
    // the line ids-gap-fails/verify.groovy asserts in Maven's build.log
    assertTrue(r.out().contains("[ERROR] [contiguous-ids] ids.parquet, column 'candidate_id', row group 0: id 3001 at"
        + " row 3000, but ids must be the contiguous range 0..n-1 in row order (id == row) (first offending row 3000;"
        + " 2000 violations)\n"), r.toString());
    assertTrue(r.err().startsWith("artifact-io validate: 1 finding at or above ERROR in 1 file; the first:"),
        r.toString());
  }

  @Test
  void two_small_files_pass_with_exit_0_and_nothing_is_written() throws Exception {
    ExternalFiles.precursors(work.resolve("library_precursors.parquet"), 2000);
    ExternalFiles.withCodec(work.resolve("scores.parquet"), "snappy", 1000);
    List<Path> before = tree();
    Run r = run(work, "validate", "library_precursors.parquet", "scores.parquet", "--contract", "library-precursors");
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.out().contains("2 files, 10 checks: 10 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED; 0 from the cache"),
        r.toString());
    assertEquals(before, tree(), "no target/ folder, no report, no cache");
  }

  @Test
  void a_zstd_file_in_json_is_the_validation_json_of_the_command_line_and_report_writes_both_files()
      throws Exception {
    ExternalFiles.withCodec(work.resolve("data/zstd.parquet"), "zstd", 1000);
    Run r = run(work, "validate", "data", "--format", "json", "--report", "reports");
    assertEquals(1, r.code(), r.toString());
    JsonNode json = new ObjectMapper().readTree(r.out());
    assertEquals("artifact-io-cli", json.path("tool").path("name").asText());
    assertFalse(json.path("passed").asBoolean());
    JsonNode written = new ObjectMapper().readTree(work.resolve("reports/validation.json").toFile());
    assertEquals(written, json, "the JSON printed is the report written");
    assertTrue(Files.isRegularFile(work.resolve("reports/TEST-artifact-io.xml")));
  }

  @Test
  void hash_prints_b3sums_lines_and_check_reads_b3sums_recorded_output_verbatim() throws Exception {
    List<String> names = new ArrayList<>();
    for (TestInputs.Input in : TestInputs.B3SUM_INPUTS) {
      Files.write(work.resolve(in.name()), in.bytes());
      names.add(in.name());
    }
    List<String> recorded;
    try (InputStream s = TestInputs.class.getResourceAsStream("b3sum-digests.txt")) {
      recorded = new String(s.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }
    Files.write(work.resolve("b3sum.out"), recorded);
    List<String> args = new ArrayList<>(List.of("hash"));
    args.addAll(names);
    Run hash = run(work, args.toArray(String[]::new));
    assertEquals(0, hash.code(), hash.toString());
    assertEquals(recorded, hash.out().lines().toList(), "byte for byte what b3sum 1.2.0 printed");
    Run check = run(work, "hash", "--check", "b3sum.out");
    assertEquals(0, check.code(), check.toString());
    assertEquals(names.stream().map(n -> n + ": OK").toList(), check.out().lines().toList());
    Files.write(work.resolve("random-1MiB.bin"), new byte[] {7});
    Run changed = run(work, "hash", "--check", "b3sum.out");
    assertEquals(1, changed.code(), changed.toString());
    assertTrue(changed.out().contains("random-1MiB.bin: FAILED\n"), changed.toString());
  }

  @Test
  void verify_manifest_passes_a_run_and_fails_a_tampered_one_with_exit_1() throws Exception {
    Path manifest = ItSetup.run(work.resolve("run"));
    assertEquals(0, run(work, "verify-manifest", "run").code());
    String hash = SidecarJson.readManifest(manifest).artifacts().get("peptides").contentHash();
    Files.writeString(manifest, Files.readString(manifest).replace(hash, "0".repeat(64)));
    Run r = run(work, "verify-manifest", "run");
    assertEquals(1, r.code(), r.toString());
    assertTrue(r.out().contains("[ERROR] [manifest-hash] manifest.json#peptides: content_hash is " + "0".repeat(64)
        + " but the blake3 of peptides.parquet is " + hash + " (1 violation)"), r.toString());
  }

  @Test
  void inspect_shows_a_decimal_file_and_concat_splices_two_duckdb_files() throws Exception {
    ExternalFiles.decimal(work.resolve("decimal.parquet"));
    Run inspect = run(work, "inspect", "decimal.parquet");
    assertEquals(0, inspect.code(), inspect.toString());
    assertTrue(inspect.out().contains("not read:\n  price: the engine has no column kind for optional int64 price"
        + " (DECIMAL(10,2))\n"), inspect.toString());
    ExternalFiles.withCodec(work.resolve("a.parquet"), "snappy", 100);
    ExternalFiles.withCodec(work.resolve("b.parquet"), "zstd", 50);
    Run concat = run(work, "concat", "-o", "ab.parquet", "a.parquet", "b.parquet");
    assertEquals(0, concat.code(), concat.toString());
    assertTrue(concat.out().startsWith("ab.parquet: 150 rows in 2 row groups, spliced, blake3 "), concat.toString());
  }

  @Test
  void usage_errors_exit_2() throws Exception {
    assertEquals(2, run(work, "validate", "missing").code());
    assertEquals(2, run(work, "validate", ".", "--fail-on", "sometimes").code());
    assertEquals(2, run(work).code());
  }

  @Test
  void the_jar_carries_no_maven_type() throws IOException {
    try (ZipFile z = new ZipFile(jar.toFile())) {
      assertEquals(List.of(), z.stream().map(e -> e.getName()).filter(n -> n.startsWith("org/apache/maven/"))
          .toList());
      assertTrue(z.getEntry("io/github/artifactio/checks/Gate.class") != null, "the checks are in it");
    }
  }
}
