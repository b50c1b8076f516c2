package io.github.artifactio.it.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hash --shard slurm} on a real one-node Slurm cluster: a 4-task job array over a corpus whose large files
 * span several shards, merged, against b3sum; and {@code validate --shard slurm} of {@code testdata/} in a 4-task
 * array, merged, against one {@code validate} run's output, reports and exit code. Runs only where Slurm is installed ({@code sinfo} on the PATH), the
 * build runs as root, which starting the daemons needs ({@code .ci/run} installs Debian's {@code slurm-wlm} and
 * {@code munge}), and no Slurm controller runs already. {@code src/test/slurm/one-node-cluster.sh} starts munged,
 * slurmctld and slurmd with their configuration, state and pid files in the test's temporary folder, and stops them
 * by those pid files, pass or fail.
 */
class SlurmIT {
  private static final Path CLUSTER = Path.of("src", "test", "slurm", "one-node-cluster.sh");
  private static final int MIB = 1 << 20;

  @TempDir static Path work;
  private static Path state;

  @BeforeAll
  static void cluster() throws Exception {
    assumeTrue(onPath("sinfo"), "Slurm is not installed (no sinfo on the PATH)");
    assumeTrue("root".equals(System.getProperty("user.name")), "starting Slurm's daemons needs root");
    state = Files.createDirectories(work.resolve("cluster-state"));
    Result started = run(List.of("bash", CLUSTER.toString(), "start", state.toString()), Path.of("."), 120);
    assumeTrue(started.code() != 3, started.toString());
    assertEquals(0, started.code(), started.toString());
  }

  @AfterAll
  static void stopWhatWasStarted() throws Exception {
    if (state != null) {
      Result stopped = run(List.of("bash", CLUSTER.toString(), "stop", state.toString()), Path.of("."), 60);
      assertEquals(0, stopped.code(), stopped.toString());
    }
  }

  record Result(int code, String out) {
    @Override
    public String toString() {
      return "exit " + code + "\n" + out;
    }
  }

  /** Runs {@code command} in {@code dir}, with SLURM_CONF naming the test's cluster. */
  private static Result run(List<String> command, Path dir, int seconds) throws IOException, InterruptedException {
    Path log = Files.createTempFile(work, "run", ".log");
    ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    b.environment().put("SLURM_CONF", work.resolve("cluster-state").resolve("slurm.conf").toString());
    Process p = b.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new Result(-1, String.join(" ", command) + " did not end in " + seconds + " s\n" + Files.readString(log));
    }
    return new Result(p.exitValue(), Files.readString(log));
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void a_four_task_array_then_merge_prints_b3sums_lines() throws Exception {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar")).toAbsolutePath();
    assertTrue(Files.isRegularFile(jar), "the command line's jar, which mvn package builds in cli: " + jar);
    Path corpus = Files.createDirectories(work.resolve("corpus"));
    List<String> names = new ArrayList<>();
    int[] sizes = {0, 5000, MIB, 5 * MIB + 3, 9 * MIB + 1};
    for (int i = 0; i < sizes.length; i++) {
      names.add("corpus/f" + i + ".bin");
      Files.write(work.resolve(names.get(i)), randomBytes(i + 100, sizes[i]));
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Files.createDirectories(work.resolve("partials"));
    Files.createDirectories(work.resolve("logs"));
    Path job = work.resolve("hash.sbatch");
    Files.writeString(job, "#!/bin/bash\nexec " + java + " -jar " + jar + " hash --shard slurm --split-mib 1"
        + " --partial-out partials/$SLURM_ARRAY_TASK_ID.json " + String.join(" ", names) + "\n",
        StandardCharsets.UTF_8);

    long start = System.nanoTime();
    Result array = run(List.of("sbatch", "--wait", "--array=0-3", "--chdir=" + work, "--output=logs/%a.out",
        job.toString()), work, 600);
    long arrayMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, array.code(), array + "\n" + logs());
    try (var s = Files.list(work.resolve("partials"))) {
      assertEquals(4, s.filter(f -> f.getFileName().toString().endsWith(".json")).count(),
          "one partial report a task, beside their plan's file");
    }

    start = System.nanoTime();
    CliJarIT.jar = jar;
    CliJarIT.Run merged = CliJarIT.run(work, "merge", "partials");
    long mergeMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, merged.code(), merged.toString());
    List<String> b3sum = new ArrayList<>(List.of("b3sum"));
    b3sum.addAll(names);
    Result reference = run(b3sum, work, 120);
    assertEquals(0, reference.code(), reference.toString());
    assertEquals(reference.out(), merged.out());
    System.out.println("SlurmIT: 4-task array " + arrayMillis + " ms, merge " + mergeMillis + " ms");
  }

  @Test
  void a_four_task_validate_array_then_merge_reports_as_one_run() throws Exception {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar")).toAbsolutePath();
    Path testdata = Path.of(System.getProperty("artifact-io.testdata")).toAbsolutePath();
    assertTrue(Files.isDirectory(testdata), "the repository's testdata/: " + testdata);
    CliJarIT.jar = jar;
    long start = System.nanoTime();
    CliJarIT.Run whole = CliJarIT.run(work, "validate", "--report", "reports", testdata.toString());
    long wholeMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(1, whole.code(), "testdata/hostile holds files with findings: " + whole);
    Path wholeReports = Files.move(work.resolve("reports"), work.resolve("whole-reports"));

    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Files.createDirectories(work.resolve("vpartials"));
    Files.createDirectories(work.resolve("logs"));
    Path job = work.resolve("validate.sbatch");
    Files.writeString(job, "#!/bin/bash\nexec " + java + " -jar " + jar + " validate --report reports --shard slurm"
        + " --partial-out vpartials/$SLURM_ARRAY_TASK_ID.json " + testdata + "\n", StandardCharsets.UTF_8);
    start = System.nanoTime();
    Result array = run(List.of("sbatch", "--wait", "--array=0-3", "--chdir=" + work, "--output=logs/v%a.out",
        job.toString()), work, 600);
    long arrayMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, array.code(), array + "\n" + logs());

    start = System.nanoTime();
    CliJarIT.Run merged = CliJarIT.run(work, "merge", "vpartials");
    long mergeMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(whole.code(), merged.code(), merged.toString());
    assertEquals(whole.out(), merged.out());
    assertEquals(Files.readString(wholeReports.resolve("validation.json")),
        Files.readString(work.resolve("reports/validation.json")));
    assertEquals(withoutTimes(Files.readString(wholeReports.resolve("TEST-artifact-io.xml"))),
        withoutTimes(Files.readString(work.resolve("reports/TEST-artifact-io.xml"))));
    System.out.println("SlurmIT: validate of testdata/ in one run " + wholeMillis + " ms; 4-task array "
        + arrayMillis + " ms, merge " + mergeMillis + " ms");
  }

  private static String withoutTimes(String junit) {
    return junit.replaceAll(" time=\"[0-9.]+\"", "");
  }

  private static byte[] randomBytes(long seed, int len) {
    byte[] out = new byte[len];
    new java.util.Random(seed).nextBytes(out);
    return out;
  }

  private static String logs() throws IOException {
    StringBuilder s = new StringBuilder();
    try (var files = Files.list(work.resolve("logs"))) {
      for (Path f : files.sorted().toList()) {
        s.append("--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
      }
    }
    return s.toString();
  }
}
