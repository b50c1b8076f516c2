package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What the machine was doing while a benchmark ran: the load averages and, per timed run, the page cache's dirty and
 * under-writeback bytes. A ratio measured on a loaded machine, or after another arm left hundreds of megabytes for the
 * kernel to write back, is a figure about the machine, not about the code; these numbers let a reader tell.
 *
 * <p>The values come from the kernel's own files ({@code /proc/loadavg}, {@code /proc/meminfo}); where they cannot
 * be read (not Linux) the figures are -1 and the benchmark still runs.
 *
 * <p>{@link #describe} is the {@code machine} object every benchmark JSON carries: the same code is faster on a CPU
 * with wider vectors, and a ratio can only be compared with one measured on a like machine and JVM.
 */
final class Machine {
  /** The property whose JVM options go to the benchmark's JVM and to every JVM it starts. */
  static final String JVM_ARGS = "bench.jvmArgs";

  /** The CPU flags that decide which code paths the JIT and the engine's hashing can take. */
  private static final Set<String> SIMD = Set.of(
      "sse4_2", "avx", "avx2", "fma", "bmi2", "avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl",
      "avx512_vnni", "sha_ni", "asimd", "sve", "sve2");

  private Machine() {}

  /**
   * The JVM options of {@code -Dbench.jvmArgs="..."} (split at blanks), which every JVM a benchmark starts gets
   * after its own: a run under {@code -XX:UseAVX=2} measures the children under it too.
   */
  static List<String> jvmArgs() {
    String args = System.getProperty(JVM_ARGS, "").trim();
    return args.isEmpty() ? List.of() : List.of(args.split("\\s+"));
  }

  /**
   * The machine a benchmark ran on: CPU model, processors, SIMD flags, the JVM's effective {@code UseAVX}, Java
   * version, the tree's git commit, the JVM options of {@link #JVM_ARGS}, the load averages before and now, and the
   * time now (UTC), the end of the run.
   */
  static ObjectNode describe(double[] loadBefore) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    List<String> cpuinfo = cpuinfo();
    o.put("cpu_model", field(cpuinfo, "model name").orElse(System.getProperty("os.arch")));
    o.put("nproc", Runtime.getRuntime().availableProcessors());
    ArrayNode flags = o.putArray("cpu_flags");
    String all = field(cpuinfo, "flags").or(() -> field(cpuinfo, "Features")).orElse("");
    Arrays.stream(all.split("\\s+")).filter(SIMD::contains).distinct().forEach(flags::add);
    o.put("use_avx", vmOption("UseAVX"));
    o.put("java_version", System.getProperty("java.version"));
    o.put("java_vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    o.put("git_commit", gitCommit());
    ArrayNode jvm = o.putArray("jvm_args");
    jvmArgs().forEach(jvm::add);
    o.set("load_before", load(loadBefore));
    o.set("load_after", load(loadAverages()));
    o.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    return o;
  }

  private static ObjectNode load(double[] l) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("load_1m", l[0]);
    o.put("load_5m", l[1]);
    o.put("load_15m", l[2]);
    return o;
  }

  private static List<String> cpuinfo() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo"));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The value of the first {@code name : value} line of /proc/cpuinfo. */
  private static java.util.Optional<String> field(List<String> cpuinfo, String name) {
    return cpuinfo.stream()
        .filter(l -> l.startsWith(name) && l.indexOf(':') > 0 && l.substring(0, l.indexOf(':')).trim().equals(name))
        .map(l -> l.substring(l.indexOf(':') + 1).trim())
        .findFirst();
  }

  /** A HotSpot option's effective value in this JVM, "unknown" where the JVM has no such option. */
  static String vmOption(String name) {
    try {
      return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name).getValue();
    } catch (RuntimeException e) {
      return "unknown";
    }
  }

  /** {@code git rev-parse --short HEAD} of the working folder's tree, "unknown" where git or the tree is absent. */
  static String gitCommit() {
    try {
      Process p = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
      // the output is one short line: read it whole, then the exit status (git exits once it is written)
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      boolean done = p.waitFor(30, TimeUnit.SECONDS);
      return done && p.exitValue() == 0 && out.matches("[0-9a-f]{4,40}") ? out : "unknown";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  /** The 1, 5 and 15 minute load averages. */
  static double[] loadAverages() {
    try {
      String[] p = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1]), Double.parseDouble(p[2])};
    } catch (IOException | RuntimeException e) {
      return new double[] {-1, -1, -1};
    }
  }

  /** Dirty plus under-writeback page-cache bytes: data written by someone that the disk has not taken yet. */
  static long unwrittenBytes() {
    try {
      long kb = 0;
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("Dirty:") || line.startsWith("Writeback:")) {
          kb += Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
      return kb * 1024;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * This process's CPU time in user and kernel mode (seconds) and its minor page faults so far, from
   * {@code /proc/self/stat}; all -1 where it cannot be read. The difference over a timed run says where its time went:
   * DuckDB's COPY spends a third of its time in the kernel, taking some 78,000 page faults a write for buffers it
   * frees and maps again, while the JVM writes into a heap it touched once.
   */
  static double[] processCpu() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      double tick = 100.0; // USER_HZ, 100 on every Linux this runs on
      return new double[] {Long.parseLong(f[11]) / tick, Long.parseLong(f[12]) / tick, Long.parseLong(f[7])};
    } catch (IOException | RuntimeException e) {
      return new double[] {-1, -1, -1};
    }
  }

  /** The load averages now, for the JSON, with the processor count they are relative to. */
  static ObjectNode loadNode() {
    double[] l = loadAverages();
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("load_1m", l[0]);
    o.put("load_5m", l[1]);
    o.put("load_15m", l[2]);
    o.put("processors", Runtime.getRuntime().availableProcessors());
    return o;
  }

  /** "load 1.31 / 0.97 / 0.60 on 2 processors", for the printed table. */
  static String loadLine() {
    double[] l = loadAverages();
    return String.format(Locale.ROOT, "load %.2f / %.2f / %.2f (1/5/15 min) on %d processors", l[0], l[1], l[2],
        Runtime.getRuntime().availableProcessors());
  }
}
