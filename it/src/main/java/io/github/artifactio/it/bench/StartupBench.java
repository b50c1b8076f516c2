package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.it.plugin.ExternalFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line's start-up (issue 15: {@code validate} of two small files under 0.5 s wall), as its users run it:
 * {@code mvn -B -pl it -am verify -Pbench -Dbench=startup}. Two DuckDB-written files (2,000 and 1,000 rows, SNAPPY)
 * are checked by {@code java -jar cli/target/artifact-io.jar validate a.parquet b.parquet}, against the floor of any
 * Java command line, a {@code java} that runs an empty {@code main} ({@code jvm-empty-main}), in the same run: rounds
 * alternate the arms, so load drifts hit both, and every round of each arm is in {@code it/target/bench/startup.json}
 * with the medians, the ratio and the load. Each run is a fresh JVM with the default flags (a plain {@code java
 * -jar} cannot pass any), and must exit 0: a run that failed measures nothing.
 */
public final class StartupBench {
  static final int ROUNDS = Integer.getInteger("bench.rounds", 21);

  private StartupBench() {}

  /** The empty program of the floor arm. */
  public static final class EmptyMain {
    public static void main(String[] args) {}
  }

  public static void run(Path outDir) throws Exception {
    Path jar = Path.of(System.getProperty("artifact-io.cli.jar", "missing")).toAbsolutePath();
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("the command line's jar is not at " + jar + ": the bench profile builds cli");
    }
    Path dir = outDir.resolve("startup");
    Files.createDirectories(dir);
    Path a = ExternalFiles.precursors(dir.resolve("a.parquet"), 2_000);
    Path b = ExternalFiles.precursors(dir.resolve("b.parquet"), 1_000);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Map<String, List<String>> arms = new LinkedHashMap<>();
    String classes = Path.of(EmptyMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    arms.put("jvm-empty-main", List.of(java, "-cp", classes, EmptyMain.class.getName()));
    arms.put("cli-validate", List.of(java, "-jar", jar.toString(), "validate", a.getFileName().toString(),
        b.getFileName().toString()));
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("startup benchmark: " + ROUNDS + " rounds; " + Machine.loadLine());
    Map<String, List<Double>> times = new LinkedHashMap<>();
    for (int round = -2; round < ROUNDS; round++) { // two rounds of warm-up: the jar and the JDK in the page cache
      for (Map.Entry<String, List<String>> arm : arms.entrySet()) {
        double s = once(arm.getValue(), dir);
        if (round >= 0) {
          times.computeIfAbsent(arm.getKey(), k -> new ArrayList<>()).add(s);
        }
      }
    }
    double floor = BenchStats.median(times.get("jvm-empty-main"));
    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "startup");
    root.put("rounds", ROUNDS);
    root.put("files", "2 DuckDB-written files of 2,000 and 1,000 rows (SNAPPY), 4 rules each");
    root.put("target_s", 0.5);
    root.set("load_at_start", loadAtStart);
    root.set("load_at_end", Machine.loadNode());
    ObjectNode out = root.putObject("arms");
    System.out.printf(Locale.ROOT, "%-16s %10s %10s %10s%n", "arm", "median_s", "min_s", "to_floor");
    for (Map.Entry<String, List<Double>> e : times.entrySet()) {
      ObjectNode o = out.putObject(e.getKey());
      double median = BenchStats.median(e.getValue());
      double min = e.getValue().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      o.put("median_s", median);
      o.put("min_s", min);
      o.put("ratio_to_jvm_empty_main", median / floor);
      ArrayNode rounds = o.putArray("rounds_s");
      e.getValue().forEach(rounds::add);
      System.out.printf(Locale.ROOT, "%-16s %10.3f %10.3f %10.2f%n", e.getKey(), median, min, median / floor);
    }
    Path json = outDir.resolve("startup.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.println("wrote " + json);
  }

  /** One run of {@code cmd} in {@code dir}: its wall time; it must exit 0. */
  private static double once(List<String> cmd, Path dir) throws Exception {
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + new String(output));
    }
    return (System.nanoTime() - t0) / 1e9;
  }
}
