package io.github.artifactio.it.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the machine was doing while a benchmark ran: the load averages and, per timed run, the page cache's dirty and
 * under-writeback bytes. A ratio measured on a loaded machine, or after another arm left hundreds of megabytes for the
 * kernel to write back, is a figure about the machine, not about the code; these numbers let a reader tell.
 *
 * <p>The values come from the kernel's own files ({@code /proc/loadavg}, {@code /proc/meminfo}); where they cannot
 * be read (not Linux) the figures are -1 and the benchmark still runs.
 */
final class Machine {
  private Machine() {}

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
