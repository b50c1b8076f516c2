package io.github.artifactio.it.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher, {@code cli/target/artifact-io}, as a user runs it: from a copy of the build's folder (the jar and the
 * script, so that each test makes its own archive), on the DuckDB- and arrow-rs-written files of
 * {@code testdata/writers}; its exit codes, the archive it writes beside the jar and maps on the next run, a folder
 * it may not write to, a symlink to it, {@code JAVA_HOME} and {@code JAVA_OPTS}.
 */
class LauncherIT {
  @TempDir Path work;

  /** The copy of the build's jar and launcher. */
  Path bin;

  /** A folder holding the two files of testdata/writers, where the commands run. */
  Path data;

  @BeforeEach
  void copy() throws IOException {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar"));
    Path launcher = jar.resolveSibling("artifact-io");
    assertTrue(Files.isExecutable(launcher), "the cli module's package phase writes the launcher: " + launcher);
    bin = Files.createDirectories(work.resolve("bin"));
    Files.copy(jar, bin.resolve("artifact-io.jar"));
    Files.copy(launcher, bin.resolve("artifact-io"), StandardCopyOption.COPY_ATTRIBUTES);
    data = Files.createDirectories(work.resolve("data"));
    Path writers = Path.of(System.getProperty("artifact-io.testdata"), "writers");
    for (String f : List.of("duckdb_precursors.parquet", "arrow_rs_precursors.parquet")) {
      Files.copy(writers.resolve(f), data.resolve(f));
    }
  }

  record Run(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /** One run of {@code command} in {@code dir}, with this JVM's Java as JAVA_HOME and {@code env} added. */
  static Run run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
    Path out = Files.createTempFile("launcher", ".out");
    Path err = Files.createTempFile("launcher", ".err");
    try {
      ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile());
      b.environment().put("JAVA_HOME", System.getProperty("java.home"));
      b.environment().remove("JAVA_OPTS");
      b.environment().putAll(env);
      Process p = b.start();
      assertTrue(p.waitFor(180, TimeUnit.SECONDS), String.join(" ", command) + " did not end");
      // without the progress lines a run over a second prints (any run may, on a loaded machine)
      return new Run(p.exitValue(), Files.readString(out), Files.readString(err)
          .replaceAll("(?m)^artifact-io [a-z-]+: \\d+ of \\d+ [a-z]+ checked, [0-9.]+ s\n", ""));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  Run launch(String... args) throws IOException, InterruptedException {
    return launch(Map.of(), args);
  }

  Run launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(bin.resolve("artifact-io").toString()));
    command.addAll(List.of(args));
    return run(data, env, command.toArray(String[]::new));
  }

  static List<String> archives(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsa")).toList();
    }
  }

  @Test
  void version_names_the_version_and_the_commit_the_jar_was_built_from() throws Exception {
    Run r = launch("--version");
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.out().matches("artifact-io \\S+ \\(commit [0-9a-f]{12}(-dirty)?\\)\n"), r.toString());
    Path repository = Path.of(System.getProperty("artifact-io.repository"));
    Run head = run(repository, Map.of(), "git", "rev-parse", "--short=12", "HEAD");
    assertEquals(0, head.code(), head.toString());
    // the jar was built from this clone's HEAD (in the reactor run that runs this test)
    assertTrue(r.out().contains("(commit " + head.out().strip()), r + "\nHEAD " + head.out());
    assertEquals("", r.err(), r.toString());
  }

  @Test
  void validate_of_the_duckdb_and_the_arrow_rs_file_passes_with_exit_0() throws Exception {
    for (String f : List.of("duckdb_precursors.parquet", "arrow_rs_precursors.parquet")) {
      Run r = launch("validate", f, "--contract", "library-precursors");
      assertEquals(0, r.code(), r.toString());
      assertTrue(r.out().contains("1 files, 6 checks: 6 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED; 0 from the cache"),
          r.toString());
      assertTrue(r.out().contains("contiguous-ids  PASS          candidate_id: 0..9999"), r.toString());
      assertEquals("", r.err(), r.toString());
    }
  }

  @Test
  void inspect_names_each_files_writer_and_its_list_column() throws Exception {
    Run duckdb = launch("inspect", "duckdb_precursors.parquet");
    assertEquals(0, duckdb.code(), duckdb.toString());
    assertTrue(duckdb.out().contains("rows: 10000\ncreated_by: DuckDB"), duckdb.toString());
    assertTrue(duckdb.out().contains("  fragment_mz: List(Float32) (nullable)\n"), duckdb.toString());
    Run arrowRs = launch("inspect", "arrow_rs_precursors.parquet");
    assertEquals(0, arrowRs.code(), arrowRs.toString());
    assertTrue(arrowRs.out().contains("rows: 10000\ncreated_by: parquet-rs version 59.3.0\n"), arrowRs.toString());
    assertTrue(arrowRs.out().contains("  ARROW:schema (decoded):\n"), arrowRs.toString());
  }

  @Test
  void findings_exit_1_and_a_usage_error_exits_2() throws Exception {
    // the arrow-rs file's candidate_id is UInt32; a contract asking for Int64 fails it
    Files.writeString(data.resolve("int64.json"), "{\"name\": \"int64\", \"files\": \"*.parquet\", \"columns\":"
        + " [{\"name\": \"candidate_id\", \"type\": \"Int64\"}]}");
    Run failed = launch("validate", "arrow_rs_precursors.parquet", "--contract", "int64.json");
    assertEquals(1, failed.code(), failed.toString());
    assertTrue(failed.out().contains("[ERROR] [contract] arrow_rs_precursors.parquet"), failed.toString());
    assertTrue(failed.err().startsWith("artifact-io validate: "), failed.toString());
    Run usage = launch("validate", "--no-such-option");
    assertEquals(2, usage.code(), usage.toString());
  }

  @Test
  void the_first_run_writes_an_archive_beside_the_jar_and_the_next_run_maps_it() throws Exception {
    assertEquals(List.of(), archives(bin));
    assertEquals(0, launch("validate", "arrow_rs_precursors.parquet").code());
    List<String> written = archives(bin);
    assertEquals(1, written.size(), "one archive, named for the Java that made it: " + written);
    assertTrue(written.get(0).matches("artifact-io-[0-9][0-9.]*\\.jsa"), written.toString());
    // -Xshare:on makes a JVM that cannot map its archive fail, so exit 0 says the archive was used
    Run mapped = launch(Map.of("JAVA_OPTS", "-Xshare:on"), "validate", "duckdb_precursors.parquet");
    assertEquals(0, mapped.code(), mapped.toString());
    assertEquals(written, archives(bin));
    assertEquals(List.of(), archives(data), "nothing is written where the command runs");
  }

  @Test
  void the_archive_a_first_validate_writes_holds_the_classes_of_concat_too() throws Exception {
    assertEquals(0, launch("validate", "arrow_rs_precursors.parquet").code());
    assertEquals(1, archives(bin).size());
    assertEquals(List.of("arrow_rs_precursors.parquet", "duckdb_precursors.parquet"), files(data),
        "the training's files are elsewhere, and gone");
    // the first run trained the archive on every command (ArchiveTraining): concat's classes come from it
    Run r = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info:stdout"), "concat", "--no-report", "-o", "out.parquet",
        "arrow_rs_precursors.parquet", "arrow_rs_precursors.parquet");
    assertEquals(0, r.code(), r.toString());
    for (String c : List.of("engine.concat.Concat", "engine.internal.parquet.splice.RowSplice",
        "engine.internal.parquet.splice.SpliceInput")) {
      assertTrue(r.out().contains(" io.github.artifactio." + c + " source: shared objects file"), c + ": " + r);
    }
  }

  @Test
  void inspect_and_concat_of_files_with_arrow_schemas_never_load_arrows_schema_class() throws Exception {
    // writing, splicing and inspecting an ARROW:schema once went through Arrow's Schema class, whose initialiser
    // builds a Jackson ObjectMapper for its JSON form: 0.3 s of a short run
    withArchive();
    Run inspected =
        launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info:stdout"), "inspect", "arrow_rs_precursors.parquet");
    assertEquals(0, inspected.code(), inspected.toString());
    assertFalse(inspected.out().contains(" com.fasterxml.jackson.databind.ObjectMapper "), inspected.toString());
    // concat's provenance is JSON in the footer, written by Jackson, but not through Arrow's Schema
    Run joined = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info:stdout"), "concat", "--no-report", "-o",
        "joined.parquet", "arrow_rs_precursors.parquet", "duckdb_precursors.parquet");
    for (Run r : List.of(inspected, joined)) {
      assertEquals(0, r.code(), r.toString());
      assertTrue(r.out().contains(" io.github.artifactio.cli.Main "), "the log lists the classes loaded");
      assertFalse(r.out().contains(" org.apache.arrow.vector.types.pojo.Schema "), "Arrow's Schema was loaded");
    }
  }

  /**
   * Makes the archive with a first run, whose training after the command (ArchiveTraining) loads the classes of
   * every command into the JVM: a class-loading log of a later run shows only that run's own.
   */
  void withArchive() throws IOException, InterruptedException {
    assertEquals(0, launch("--version").code());
    assertEquals(1, archives(bin).size());
  }

  static List<String> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void a_jar_newer_than_its_archive_gets_a_new_one_that_the_next_run_maps() throws Exception {
    assertEquals(0, launch("--version").code());
    Path archive = bin.resolve(archives(bin).get(0));
    // as a rebuild leaves it: the archive no longer fits the jar, and -Xshare:on would fail on it
    Files.setLastModifiedTime(archive,
        FileTime.fromMillis(Files.getLastModifiedTime(bin.resolve("artifact-io.jar")).toMillis() - 10_000));
    Run remade = launch("validate", "duckdb_precursors.parquet");
    assertEquals(0, remade.code(), remade.toString());
    assertEquals("", remade.err(), "the stale archive is replaced without a word: " + remade);
    assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(bin.resolve("artifact-io.jar")))
        > 0, "a new archive, newer than the jar");
    Run mapped = launch(Map.of("JAVA_OPTS", "-Xshare:on"), "validate", "arrow_rs_precursors.parquet");
    assertEquals(0, mapped.code(), mapped.toString());
  }

  @Test
  void a_folder_it_may_not_write_to_runs_without_an_archive_and_says_nothing() throws Exception {
    Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      Run version = launch("--version");
      assertEquals(0, version.code(), version.toString());
      assertEquals("", version.err(), version.toString());
      Run validate = launch("validate", "duckdb_precursors.parquet", "arrow_rs_precursors.parquet");
      assertEquals(0, validate.code(), validate.toString());
      assertEquals("", validate.err(), validate.toString());
      assertEquals(List.of(), archives(bin));
    } finally {
      Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void a_chain_of_symlinks_to_the_launcher_finds_the_jar_and_writes_the_archive_beside_it() throws Exception {
    Path links = Files.createDirectories(work.resolve("links"));
    // an absolute link to a relative one, as a link on the PATH to a checkout's cli/target/artifact-io might be
    Path relative = Files.createSymbolicLink(links.resolve("relative"), Path.of("../bin/artifact-io"));
    Path absolute = Files.createSymbolicLink(work.resolve("artifact-io"), relative.toAbsolutePath());
    Run r = run(data, Map.of(), absolute.toString(), "validate", "duckdb_precursors.parquet");
    assertEquals(0, r.code(), r.toString());
    assertEquals(1, archives(bin).size(), "the archive is beside the jar");
    assertEquals(List.of(), archives(links));
    assertEquals(List.of(), archives(work));
  }

  @Test
  void java_home_names_the_java_and_java_opts_reach_it() throws Exception {
    // a Java home whose bin/java says it ran, then runs this JVM's java
    Path home = Files.createDirectories(work.resolve("jdk/bin"));
    Path java = home.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho 'the JAVA_HOME java ran' >&2\nexec '"
        + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Run r = launch(Map.of("JAVA_HOME", home.getParent().toString(), "JAVA_OPTS", "-XshowSettings:properties"),
        "--version");
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.err().startsWith("the JAVA_HOME java ran\n"), r.toString());
    assertTrue(r.err().contains("Property settings:"), "JAVA_OPTS reached the JVM: " + r);
    assertTrue(r.out().startsWith("artifact-io "), r.toString());
  }

  @Test
  void where_the_vector_module_pays_it_is_added_and_its_warning_kept_off_stderr() throws Exception {
    // ARTIFACT_IO_VECTOR=on stands for a CPU with AVX2 but not AVX-512, where the launcher adds it by itself
    Map<String, String> on = Map.of("ARTIFACT_IO_VECTOR", "on", "JAVA_OPTS", "--show-module-resolution");
    Run hashed = null;
    // the first run writes the archive, the second maps it: two ways through the script
    for (int run = 0; run < 2; run++) {
      hashed = launch(on, "hash", "duckdb_precursors.parquet");
      assertEquals(0, hashed.code(), hashed.toString());
      assertTrue(hashed.out().contains("root jdk.incubator.vector "), "the module is a root: " + hashed);
      assertEquals("", hashed.err(), "the JVM's incubator warning is dropped: " + hashed);
    }
    assertEquals(1, archives(bin).size());
    Run plain = launch(Map.of("ARTIFACT_IO_VECTOR", "off"), "hash", "duckdb_precursors.parquet");
    assertEquals(0, plain.code(), plain.toString());
    assertTrue(hashed.out().endsWith(plain.out()), "the same digest line: " + hashed + "\n" + plain);
    Run offResolution = launch(Map.of("ARTIFACT_IO_VECTOR", "off", "JAVA_OPTS", "--show-module-resolution"),
        "--version");
    assertFalse(offResolution.out().contains("jdk.incubator.vector"), offResolution.toString());
  }

  @Test
  void with_the_vector_module_the_exit_code_and_the_rest_of_stderr_are_the_commands_own() throws Exception {
    Run usage = launch(Map.of("ARTIFACT_IO_VECTOR", "on"), "validate", "--no-such-option");
    assertEquals(2, usage.code(), usage.toString());
    assertTrue(usage.err().startsWith("Unknown option: '--no-such-option'\n"), usage.toString());
    Run noFile = launch(Map.of("ARTIFACT_IO_VECTOR", "on"), "hash", "no such file.parquet");
    assertTrue(noFile.code() != 0, noFile.toString());
    assertTrue(noFile.err().contains("no such file.parquet"), noFile.toString());
    assertFalse(noFile.err().contains("incubator"), noFile.toString());
  }

  @Test
  void validate_of_the_arrow_rs_file_loads_no_jackson_object_mapper() throws Exception {
    // opening a file with ARROW:schema once built one through Arrow's Schema class: half of validate's CPU time
    withArchive();
    Run r = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info:stdout"), "validate", "arrow_rs_precursors.parquet");
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.out().contains(" io.github.artifactio.cli.Main "), "the log lists the classes loaded");
    assertFalse(r.out().contains(" com.fasterxml.jackson.databind.ObjectMapper "), "an ObjectMapper was loaded");
    assertFalse(r.out().contains(" org.apache.arrow.vector.types.pojo.Schema "), "Arrow's Schema was loaded");
  }
}
