package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;

/**
 * Where the read's time goes ({@code -Dbench=read-profile}): the read benchmark's full read, one-column read and
 * two-thread read ({@code -Dread.profile.arms}), on its reference table and on DuckDB's copy of it
 * ({@code -Dread.profile.files}), each after a warm-up run over and over for {@code -Dread.profile.seconds}
 * ({@value #DEFAULT_SECONDS} by default) under a JFR recording that samples every thread running Java or native code
 * each {@value #PERIOD_MS} ms. Each arm's {@value #TOP} top frames by self time, by total time and by line
 * ({@link JfrTop}) go to {@code read-profile.json} as rows of {@code results}; the recordings stay beside it for
 * {@code jfr print}. The shares are of the samples taken: on a loaded machine fewer are taken (the JVM samples a
 * thread when it runs), and the shares still say where the reading threads spend their time.
 */
final class ReadProfile {
  static final int DEFAULT_SECONDS = 20;
  static final int PERIOD_MS = 10;
  static final int TOP = 12;

  private ReadProfile() {}

  static void run(Path outDir) throws Exception {
    Files.createDirectories(outDir);
    int seconds = Integer.getInteger("read.profile.seconds", DEFAULT_SECONDS);
    List<String> arms = List.of(
        System.getProperty("read.profile.arms", "engine-full-arrays,engine-proj-b,engine-full-2t").split(","));
    List<String> files = List.of(System.getProperty("read.profile.files", "reference,duckdb").split(","));
    Map<String, Path> paths = new LinkedHashMap<>();
    Path reference = outDir.resolve("read-reference.parquet");
    TableWriter.writeTable(reference, ReadBench.Data.generate(ReadBench.ROWS).columns(), WriteOptions.defaults());
    paths.put("reference", reference);
    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("benchmark", "read-profile");
    root.put("rows", ReadBench.ROWS);
    root.put("seconds_per_profile", seconds);
    root.put("sample_period_ms", PERIOD_MS);
    root.put("command", "mvn -B -pl it -am verify -Pbench -DskipTests -Dbench=read-profile");
    root.set("load_at_start", Machine.loadNode());
    ArrayNode results = root.putArray("results");
    EngineContext pool = EngineContext.create("bench-decode", 2);
    EngineContext checks = EngineContext.serial();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement st = duck.createStatement()) {
        st.execute("SET threads=1");
        Path duckFile = outDir.resolve("read-duckdb.parquet");
        ReadBench.copyWithDuckDb(st, reference, duckFile);
        paths.put("duckdb", duckFile);
      }
      for (String file : files) {
        Path path = paths.get(file);
        if (path == null) {
          throw new IllegalArgumentException("read.profile.files names '" + file + "'; known: " + paths.keySet());
        }
        Map<String, PairedGoals.Arm> all = ReadBench.goalArms(path, duck, pool, checks);
        for (String arm : arms) {
          PairedGoals.Arm a = all.get(arm);
          if (a == null) {
            throw new IllegalArgumentException("read.profile.arms names '" + arm + "'; known: " + all.keySet());
          }
          Path jfr = outDir.resolve("read-profile-" + file + "-" + arm + ".jfr");
          int runs = profile(a, seconds, jfr);
          JfrTop.Top top = JfrTop.of(JfrTop.stacks(jfr), TOP);
          System.out.printf(Locale.ROOT, "%n%s, %s: %d runs, %d samples%n", file, arm, runs, top.samples());
          for (int i = 0; i < Math.max(top.lines().size(), top.total().size()); i++) {
            JfrTop.Entry line = i < top.lines().size() ? top.lines().get(i) : null;
            ObjectNode row = results.addObject();
            row.put("file", file);
            row.put("arm", arm);
            row.put("samples", top.samples());
            row.put("rank", i + 1);
            put(row, "self", i < top.self().size() ? top.self().get(i) : null);
            put(row, "total", i < top.total().size() ? top.total().get(i) : null);
            put(row, "line", line);
            System.out.printf(Locale.ROOT, "  %2d %-44s %5.1f%%  %-44s %5.1f%%  %-50s %5.1f%%%n", i + 1,
                row.path("self").asText(), 100 * row.path("self_share").asDouble(), row.path("total").asText(),
                100 * row.path("total_share").asDouble(), row.path("line").asText(),
                100 * row.path("line_share").asDouble());
          }
        }
      }
    } finally {
      pool.close();
    }
    root.set("load_at_end", Machine.loadNode());
    Path json = outDir.resolve("read-profile.json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), root);
    System.out.println("wrote " + json);
  }

  private static void put(ObjectNode row, String kind, JfrTop.Entry e) {
    if (e == null) {
      row.putNull(kind);
      row.putNull(kind + "_share");
    } else {
      row.put(kind, e.frame());
      row.put(kind + "_share", BenchStats.round(e.share()));
    }
  }

  /** Runs {@code arm} three times untimed, then over and over for {@code seconds} under a recording; the runs. */
  static int profile(PairedGoals.Arm arm, int seconds, Path jfr) throws Exception {
    for (int i = 0; i < 3; i++) {
      arm.run();
    }
    int runs = 0;
    try (Recording r = new Recording()) {
      r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(PERIOD_MS));
      // snappy-java decompresses in native code, and a file read waits there: without these the profile misses both
      r.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(PERIOD_MS));
      r.start();
      long end = System.nanoTime() + seconds * 1_000_000_000L;
      do {
        arm.run();
        runs++;
      } while (System.nanoTime() < end);
      r.stop();
      r.dump(jfr);
    }
    return runs;
  }
}
