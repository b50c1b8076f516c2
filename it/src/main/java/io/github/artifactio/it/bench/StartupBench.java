package io.github.artifactio.it.bench;

import static io.github.artifactio.it.bench.BenchStats.median;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The command line's start-up, whole processes as its users start them, both ways: {@code java -jar artifact-io.jar}
 * and the launcher beside it ({@code cli/target/artifact-io}, with its class-data sharing archive), for
 * {@code --version} and for {@code validate} of each file of {@code testdata/writers} (10,000 rows, 7 columns with a
 * list, one written by DuckDB and one by arrow-rs), against {@code java -version} as the floor of any Java command:
 * {@code mvn -B -pl it -am verify -Pbench -Dbench=startup}. Issue 24's target: {@code validate} of those files through
 * the launcher in at most 0.5 s wall on a 2-core machine.
 *
 * <p>The jar and the launcher are copied into a folder of their own, so the launcher's first run there makes its
 * archive (timed once, apart: {@code first_run_s}); then two warm-up rounds, then {@code bench.rounds} rounds (15 by
 * default) in which the arms alternate, so that load drifts hit all of them. Each run's wall time and CPU time (user
 * plus system of the child and its children, from {@code /proc/self/stat}, 10 ms ticks; -1 where it cannot be read)
 * is in {@code it/target/bench/startup.json} with the medians, the ratios and the load. A run must exit 0: a run that
 * failed measures nothing. The options the launcher leaves out ({@link #OPTIONS_LEFT_OUT}) are measured the same
 * way, each added through {@code JAVA_OPTS} to the launcher's {@code validate} of the arrow-rs file.
 *
 * <p>The launcher's first run trains its archive on every command (ArchiveTraining). {@code inspect} and {@code
 * concat} of the arrow-rs file run through it, and through a second copy whose first run made the archive without
 * that training ({@code -Dartifact-io.archive-training=false}): the archive of a first {@code validate}, as the launcher
 * made it before. {@code trained_to_untrained_archive} is the paired median ratio of each pair, and {@code
 * first_run_untrained_s} the untrained first run, beside {@code first_run_s}.
 */
public final class StartupBench {
  static final int ROUNDS = Integer.getInteger("bench.rounds", 15);
  static final double TARGET_S = 0.5;

  /**
   * Options measured here that the launcher does not pass (its comments say why): C1 only, the serial collector, the
   * Vector API module (BLAKE3's vector back end), no perf-data file.
   */
  static final List<String> OPTIONS_LEFT_OUT = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
      "--add-modules jdk.incubator.vector", "-XX:-UsePerfData");

  private StartupBench() {}

  /** One timed run: wall and CPU seconds. */
  record Sample(double wallS, double cpuS) {}

  /** A command and what it adds to the environment ({@code JAVA_OPTS}, for the options the launcher leaves out). */
  record Arm(List<String> command, Map<String, String> env) {
    Arm(String... command) {
      this(List.of(command), Map.of());
    }
  }

  public static void run(Path outDir) throws Exception {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar", "missing")).toAbsolutePath();
    Path launcher = jar.resolveSibling("artifact-io");
    if (!Files.isRegularFile(jar) || !Files.isExecutable(launcher)) {
      throw new IllegalStateException("the command line's jar and launcher are not at " + jar + " and " + launcher
          + ": the bench profile builds cli");
    }
    Path writers = Path.of(System.getProperty("artifact-io.testdata", "missing"), "writers");
    List<String> files = List.of("duckdb_precursors.parquet", "arrow_rs_precursors.parquet");
    Path dir = outDir.resolve("startup");
    deleteTree(dir);
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.copy(jar, bin.resolve("artifact-io.jar"));
    Files.copy(launcher, bin.resolve("artifact-io"), StandardCopyOption.COPY_ATTRIBUTES);
    // a second copy whose archive is made without the training after the first command (ArchiveTraining), as the
    // launcher made it before: the archive of a first validate, and nothing of the other commands
    Path untrainedBin = Files.createDirectories(dir.resolve("bin-untrained"));
    Files.copy(jar, untrainedBin.resolve("artifact-io.jar"));
    Files.copy(launcher, untrainedBin.resolve("artifact-io"), StandardCopyOption.COPY_ATTRIBUTES);
    for (String f : files) {
      Files.copy(writers.resolve(f), dir.resolve(f));
    }
    String javaHome = System.getProperty("java.home");
    String java = Path.of(javaHome, "bin", "java").toString();
    String jarArg = bin.resolve("artifact-io.jar").toString();
    String launcherArg = bin.resolve("artifact-io").toString();
    String untrainedArg = untrainedBin.resolve("artifact-io").toString();

    Map<String, Arm> arms = new LinkedHashMap<>();
    arms.put("java -version", new Arm(java, "-version"));
    arms.put("java -jar --version", new Arm(java, "-jar", jarArg, "--version"));
    arms.put("launcher --version", new Arm(launcherArg, "--version"));
    for (String f : files) {
      String name = f.substring(0, f.indexOf('_'));
      arms.put("java -jar validate " + name, new Arm(java, "-jar", jarArg, "validate", f));
      arms.put("launcher validate " + name, new Arm(launcherArg, "validate", f));
    }
    // the commands after validate, each through the launcher with the archive a first validate trained on every
    // command and with one that holds only validate's classes
    Map<String, List<String>> others = new LinkedHashMap<>();
    others.put("inspect arrow", List.of("inspect", files.get(1)));
    others.put("concat arrow", List.of("concat", "--no-report", "-o", "joined.parquet", files.get(1), files.get(1)));
    for (Map.Entry<String, List<String>> c : others.entrySet()) {
      List<String> trained = new ArrayList<>(List.of(launcherArg));
      trained.addAll(c.getValue());
      List<String> untrained = new ArrayList<>(List.of(untrainedArg));
      untrained.addAll(c.getValue());
      arms.put("launcher " + c.getKey(), new Arm(trained, Map.of()));
      arms.put("launcher, untrained archive, " + c.getKey(), new Arm(untrained, Map.of()));
    }
    // the options the launcher could pass and does not, each through JAVA_OPTS on the arrow-rs file's validate
    for (String option : OPTIONS_LEFT_OUT) {
      arms.put("launcher " + option.replaceAll("^(-XX:|--add-modules )", "") + " validate arrow",
          new Arm(List.of(launcherArg, "validate", files.get(1)), Map.of("JAVA_OPTS", option)));
    }

    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("startup benchmark: " + ROUNDS + " rounds; " + Machine.loadLine() + "; java " + javaHome);
    // the launcher's first run in a fresh folder: it runs the command and writes the archive at its exit
    Sample first = once(new Arm(launcherArg, "validate", files.get(1)), dir, javaHome);
    String archive;
    try (Stream<Path> s = Files.list(bin)) {
      archive = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsa")).findFirst().orElse("none");
    }
    System.out.printf(Locale.ROOT, "launcher's first run (validate arrow_rs, archive %s written): %.3f s wall%n",
        archive, first.wallS());
    // the launcher's own -D comes before JAVA_OPTS, so this one wins: the archive of validate alone
    Sample firstUntrained = once(new Arm(List.of(untrainedArg, "validate", files.get(1)),
        Map.of("JAVA_OPTS", "-Dartifact-io.archive-training=false")), dir, javaHome);
    System.out.printf(Locale.ROOT, "the same without the archive's training: %.3f s wall%n", firstUntrained.wallS());

    Map<String, List<Sample>> samples = new LinkedHashMap<>();
    for (int round = -2; round < ROUNDS; round++) { // two rounds of warm-up: jar, JDK and archive in the page cache
      for (Map.Entry<String, Arm> arm : arms.entrySet()) {
        Sample s = once(arm.getValue(), dir, javaHome);
        if (round >= 0) {
          samples.computeIfAbsent(arm.getKey(), k -> new ArrayList<>()).add(s);
        }
      }
    }

    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "startup");
    root.put("rounds", ROUNDS);
    root.put("java_home", javaHome);
    root.put("files", "testdata/writers: 10,000 rows, 7 columns with a list, by DuckDB (157 KB) and arrow-rs (203 KB)");
    root.put("target_s", TARGET_S);
    root.put("archive", archive);
    root.put("first_run_s", first.wallS());
    root.put("first_run_untrained_s", firstUntrained.wallS());
    root.set("load_at_start", loadAtStart);
    root.set("load_at_end", Machine.loadNode());
    ObjectNode out = root.putObject("arms");
    double floor = median(wall(samples.get("java -version")));
    System.out.printf(Locale.ROOT, "%-46s %9s %9s %9s %9s%n", "arm", "wall_s", "min_s", "cpu_s", "to_floor");
    for (Map.Entry<String, List<Sample>> e : samples.entrySet()) {
      List<Double> wall = wall(e.getValue());
      List<Double> cpu = e.getValue().stream().map(Sample::cpuS).toList();
      ObjectNode o = out.putObject(e.getKey());
      o.put("command", String.join(" ", arms.get(e.getKey()).command()));
      arms.get(e.getKey()).env().forEach(o::put);
      o.put("median_wall_s", median(wall));
      o.put("min_wall_s", wall.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
      o.put("median_cpu_s", median(cpu));
      o.put("ratio_to_java_version", median(wall) / floor);
      ArrayNode w = o.putArray("rounds_wall_s");
      wall.forEach(w::add);
      ArrayNode c = o.putArray("rounds_cpu_s");
      cpu.forEach(c::add);
      System.out.printf(Locale.ROOT, "%-46s %9.3f %9.3f %9.3f %9.2f%n", e.getKey(), median(wall),
          o.get("min_wall_s").asDouble(), median(cpu), median(wall) / floor);
    }
    ObjectNode ratios = root.putObject("launcher_to_java_jar");
    for (String command : List.of("--version", "validate duckdb", "validate arrow")) {
      double viaJar = median(wall(samples.get("java -jar " + command)));
      double viaLauncher = median(wall(samples.get("launcher " + command)));
      ratios.put(command, viaLauncher / viaJar);
      System.out.printf(Locale.ROOT, "launcher / java -jar, %s: %.2f%n", command, viaLauncher / viaJar);
    }
    ObjectNode training = root.putObject("trained_to_untrained_archive");
    for (String command : others.keySet()) {
      double ratio = BenchStats.paired(wall(samples.get("launcher " + command)),
          wall(samples.get("launcher, untrained archive, " + command))).median();
      training.put(command, ratio);
      System.out.printf(Locale.ROOT, "trained archive / untrained, %s: %.2f (paired median)%n", command, ratio);
    }
    // the arms of a round run back to back, so each round pairs the launcher with java -jar on the same machine state
    ArrayNode headlines = root.putArray("headline");
    for (String file : List.of("duckdb", "arrow")) {
      Bench.headline(headlines, "validate of the " + (file.equals("arrow") ? "arrow-rs" : "DuckDB")
          + " 10,000-row file, launcher over java -jar (whole processes)",
          BenchStats.paired(
              wall(samples.get("launcher validate " + file)), wall(samples.get("java -jar validate " + file))));
    }
    boolean met = files.stream().map(f -> median(wall(samples.get("launcher validate " + f.substring(0,
        f.indexOf('_')))))).allMatch(s -> s <= TARGET_S);
    root.put("target_met", met);
    System.out.println("launcher validate of each file at most " + TARGET_S + " s wall: " + (met ? "yes" : "no"));
    Path json = outDir.resolve("startup.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.println("wrote " + json);
  }

  /**
   * One run of {@code cmd} in {@code dir} with {@code JAVA_HOME} set (the launcher's Java is the bench's own): its
   * wall time and its CPU time; it must exit 0.
   */
  private static Sample once(Arm arm, Path dir, String javaHome) throws Exception {
    // -Dbench.jvmArgs (e.g. -XX:UseAVX=2) reaches every arm: on java's command line or the launcher's JAVA_OPTS
    List<String> extra = Machine.jvmArgs();
    List<String> cmd = new ArrayList<>(arm.command());
    boolean plainJava = cmd.get(0).equals(Path.of(javaHome, "bin", "java").toString());
    if (plainJava) {
      cmd.addAll(1, extra);
    }
    Path output = Files.createTempFile(dir, "run", ".out");
    try {
      ProcessBuilder b = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(output.toFile());
      b.environment().put("JAVA_HOME", javaHome);
      b.environment().remove("JAVA_OPTS");
      b.environment().putAll(arm.env());
      if (!extra.isEmpty() && !plainJava) {
        String own = arm.env().getOrDefault("JAVA_OPTS", "");
        b.environment().put("JAVA_OPTS", (String.join(" ", extra) + " " + own).trim());
      }
      double cpu0 = childrenCpu();
      long t0 = System.nanoTime();
      Process p = b.start();
      boolean ended = p.waitFor(120, TimeUnit.SECONDS);
      double wall = (System.nanoTime() - t0) / 1e9;
      if (!ended) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", cmd) + " did not end in 120 s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " exited " + p.exitValue() + ":\n"
            + Files.readString(output));
      }
      double cpu1 = childrenCpu();
      return new Sample(wall, cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0);
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * User plus system seconds of this process's ended and waited-for children ({@code cutime}, {@code cstime} of
   * {@code /proc/self/stat}: a child's own children count once it has waited for them), -1 where it cannot be read.
   */
  static double childrenCpu() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0; // USER_HZ, 100 on every Linux this runs on
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static List<Double> wall(List<Sample> samples) {
    return samples.stream().map(Sample::wallS).toList();
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
