package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Entry point of {@code mvn -B -pl it -am verify -Pbench -Dbench=NAME}: runs one named benchmark, which prints its
 * table and writes {@code it/target/bench/NAME.json}; this class then adds the {@code machine} object
 * ({@link Machine#describe}) to that JSON, so no benchmark can leave it out.
 */
public final class Bench {
  /** A benchmark run: given the output folder, measure, print, and write its JSON. */
  interface Run {
    void run(Path outDir) throws Exception;
  }

  private static Map<String, Run> runs() {
    Map<String, Run> runs = new TreeMap<>();
    runs.put("plugin", PluginBench::run);
    runs.put("timing", TimingBench::run);
    runs.put("write", WriteBench::run);
    runs.put("blake3", Blake3Bench::run);
    runs.put("read", ReadBench::run);
    runs.put("read-profile", ReadProfile::run);
    runs.put("concat", ConcatBench::run);
    runs.put("startup", StartupBench::run);
    runs.put("scale", ScaleBench::run);
    runs.put("spark", SparkBench::run);
    return runs;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: Bench NAME OUT_DIR");
    }
    Map<String, Run> runs = runs();
    // which engine this run measures: the reactor's build, not whatever another build last installed
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (entry.contains("artifact-io") || entry.contains("/engine/")) {
        System.out.println("bench classpath: " + entry);
      }
    }
    Run run = runs.get(args[0]);
    if (run == null) {
      throw new IllegalArgumentException("unknown benchmark '" + args[0] + "'; known: " + runs.keySet());
    }
    List<String> jvmArgs = Machine.jvmArgs();
    if (!ManagementFactory.getRuntimeMXBean().getInputArguments().containsAll(jvmArgs)) {
      // the JSON would record options this JVM does not run under: started by hand, not by the bench profile
      throw new IllegalStateException("-D" + Machine.JVM_ARGS + " names " + jvmArgs + " but this JVM runs with "
          + ManagementFactory.getRuntimeMXBean().getInputArguments() + ": give them to the JVM as well");
    }
    System.out.println("bench: " + args[0] + ", JVM options of -D" + Machine.JVM_ARGS + ": " + jvmArgs
        + ", UseAVX " + Machine.vmOption("UseAVX"));
    double[] loadBefore = Machine.loadAverages();
    Path outDir = Path.of(args[1]);
    Path json = outDir.resolve(args[0] + ".json");
    java.nio.file.attribute.FileTime start = java.nio.file.attribute.FileTime.from(java.time.Instant.now());
    try {
      run.run(outDir);
    } finally {
      // a benchmark that fails a guard after writing its JSON (blake3) leaves figures worth reading: stamp them too
      if (Files.exists(json) && Files.getLastModifiedTime(json).compareTo(start) >= 0) {
        stamp(json, Machine.describe(loadBefore));
      }
    }
  }

  /**
   * Adds one headline figure to {@code headlines}: {@code figure} says what is compared ("write time of ... over ...")
   * and {@code paired} is the summary of the round-by-round ratios of the two arms, measured in the same run.
   * docs/benchmarks.md and README's headline lines are generated from these ({@link BenchDoc}).
   */
  static void headline(com.fasterxml.jackson.databind.node.ArrayNode headlines, String figure,
      BenchStats.Summary paired) {
    ObjectNode h = headlines.addObject();
    h.put("figure", figure);
    h.put("ratio", BenchStats.round(paired.median()));
    h.put("p10", BenchStats.round(paired.p10()));
    h.put("p90", BenchStats.round(paired.p90()));
    h.put("rounds", paired.n());
  }

  /** Adds {@code machine} to the benchmark's JSON object. */
  static void stamp(Path json, ObjectNode machine) throws java.io.IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    JsonNode root = mapper.readTree(json.toFile());
    if (!(root instanceof ObjectNode o)) {
      throw new IllegalStateException(json + " is not a JSON object, so it cannot carry the machine");
    }
    o.set("machine", machine);
    Files.writeString(json, mapper.writeValueAsString(o) + "\n");
  }

  private Bench() {}
}
