package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spark's overhead ({@code mvn -B -pl it -am verify -Pbench -DskipTests -Dbench=spark}): the scale benchmark's file
 * ({@code scale.bytes} random bytes, 4 GiB by default, written as {@link ScaleBench} writes it, in the same place)
 * hashed by the command line's {@code hash} (the launcher, a whole process) and by the spark module's
 * {@code SparkMain hash} on Spark {@code local[2]}, a whole process too as {@code spark-submit} starts one (Spark's JVM
 * options, the session's start and stop included), the file split into {@value ScaleBench#RANGES} ranges: four tasks
 * on two cores. A third arm hashes an empty file the same way: what Spark costs before any byte is read. Spark's
 * digest must be the command line's.
 *
 * <p>Spark is not on this JVM's class path (its Hadoop client would sit beside the benchmarks' hadoop-common): the
 * bench profile lists the spark module's jar and Spark's in {@code it/target/spark.classpath} ({@code
 * artifact-io.spark.classpath}), which the child JVM puts before this JVM's class path (the engine and the checks),
 * and passes Spark's JVM options as {@code artifact-io.spark.jvm}.
 */
public final class SparkBench {
  private SparkBench() {}

  public static void run(Path outDir) throws Exception {
    long bytes = Long.getLong("scale.bytes", 4L << 30);
    if (bytes % ((long) ScaleBench.RANGES << 20) != 0) {
      throw new IllegalArgumentException("scale.bytes must be a multiple of " + ScaleBench.RANGES + " MiB, got "
          + bytes);
    }
    Path dir = outDir.resolve("scale");
    Files.createDirectories(dir);
    Path file = dir.resolve("big.bin");
    if (!Files.exists(file) || Files.size(file) != bytes) {
      ScaleBench.writeRandom(file, bytes);
    }
    Path empty = dir.resolve("empty.bin");
    Files.write(empty, new byte[0]);
    Path launcher = ConcatBench.launcher();
    List<String> spark = sparkMain(bytes / ScaleBench.RANGES >> 20);
    ObjectNode loadAtStart = Machine.loadNode();
    System.out.println("spark benchmark: " + bytes + " bytes in " + ScaleBench.RANGES + " ranges; "
        + Machine.loadLine());
    String sparkArm = "hash on Spark local[2], " + ScaleBench.RANGES + " ranges (a process)";
    Map<String, List<Double>> times = new LinkedHashMap<>();
    String digest = null;
    for (int round = -1; round < ScaleBench.ROUNDS; round++) {
      Map<String, Double> t = new LinkedHashMap<>();
      Path cliOut = dir.resolve("hash-cli.txt");
      Path sparkOut = dir.resolve("hash-spark.txt");
      t.put("hash (command line)", time(() -> ConcatBench.process(List.of(launcher.toString(), "hash"), List.of(
          file), cliOut)));
      t.put(sparkArm, time(() -> ConcatBench.process(spark, List.of(file), sparkOut)));
      t.put("hash of an empty file on Spark local[2] (a process)", time(() -> ConcatBench.process(spark, List.of(
          empty), null)));
      String cli = Files.readString(cliOut, StandardCharsets.UTF_8).trim().split("\\s+")[0];
      digest = Files.readString(sparkOut, StandardCharsets.UTF_8).trim().split("\\s+")[0];
      if (!digest.equals(cli)) {
        throw new IllegalStateException("Spark's digest " + digest + " is not the command line's " + cli);
      }
      if (round >= 0) {
        t.forEach((k, v) -> times.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
      }
    }

    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "spark");
    root.put("file_bytes", bytes);
    root.put("ranges", ScaleBench.RANGES);
    root.put("rounds", ScaleBench.ROUNDS);
    root.put("digest", digest);
    root.put("spark_digest_equals_the_command_lines", true);
    root.set("load_at_start", loadAtStart);
    root.set("load_at_end", Machine.loadNode());
    ObjectNode arms = root.putObject("arms");
    times.forEach((name, t) -> {
      ObjectNode o = arms.putObject(name);
      o.put("median_s", BenchStats.round(BenchStats.median(t)));
      if (!name.contains("empty")) {
        o.put("gb_per_s", BenchStats.round(bytes / 1e9 / BenchStats.median(t)));
      }
      ArrayNode r = o.putArray("rounds_s");
      t.forEach(x -> r.add(BenchStats.round(x)));
    });
    ArrayNode headlines = root.putArray("headline");
    Bench.headline(headlines, String.format(Locale.ROOT, "time to hash a %,d MiB file on Spark local[2] in %d ranges"
        + " (a process, Spark's start included), over the command line's hash", bytes >> 20, ScaleBench.RANGES),
        BenchStats.paired(ConcatBench.times(times, sparkArm), ConcatBench.times(times, "hash (command line)")));
    Path json = outDir.resolve("spark.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    arms.fields().forEachRemaining(e -> System.out.printf(Locale.ROOT, "%-55s %8.3f s %8.3f GB/s%n", e.getKey(),
        e.getValue().get("median_s").asDouble(), e.getValue().path("gb_per_s").asDouble()));
    System.out.println("wrote " + json);
  }

  /** The command of a JVM running {@code SparkMain hash} on {@code local[2]}, as spark-submit would start it. */
  private static List<String> sparkMain(long splitMib) throws Exception {
    Path classpath = Path.of(System.getProperty("artifact-io.spark.classpath", "missing"));
    if (!Files.isRegularFile(classpath)) {
      throw new IllegalStateException(classpath + " does not exist: run SparkBench through the bench profile");
    }
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(List.of(System.getProperty("artifact-io.spark.jvm", "").trim().split("\\s+")));
    cmd.addAll(Machine.jvmArgs());
    cmd.addAll(List.of("-Dspark.master=local[2]", "-Dspark.ui.enabled=false", "-Dspark.driver.bindAddress=127.0.0.1",
        "-Dspark.driver.host=127.0.0.1", "-cp", Files.readString(classpath).trim() + java.io.File.pathSeparator
            + System.getProperty("java.class.path"),
        "io.github.artifactio.spark.SparkMain", "hash", "--split-mib", Long.toString(splitMib)));
    return cmd;
  }

  private interface Timed {
    void run() throws Exception;
  }

  private static double time(Timed t) throws Exception {
    long start = System.nanoTime();
    t.run();
    return (System.nanoTime() - start) / 1e9;
  }
}
