package io.github.artifactio.it.bench;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Entry point of {@code mvn -B -pl it -am verify -Pbench -Dbench=NAME}: runs one named benchmark, which prints its
 * table and writes {@code it/target/bench/NAME.json}.
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
    runs.put("concat", ConcatBench::run);
    runs.put("startup", StartupBench::run);
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
    run.run(Path.of(args[1]));
  }

  private Bench() {}
}
