package io.github.artifactio.it.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The top frames of a JFR recording's samples ({@code jdk.ExecutionSample} and {@code jdk.NativeMethodSample}): by
 * self time (the method on top of the stack, where the CPU was), by total time (every method on the stack, each once
 * per sample however often it recurs), and by line (the line on top of the stack). Frames are named
 * {@code SimpleClass.method}: JFR records inlined methods as frames of their own, so a decoding loop C2 inlined into
 * its caller still shows under its own name. The benchmark's own frames, lambdas' hidden classes and
 * {@code Thread.run} are left out of the stacks: they are on every sample and would fill the total column with the
 * harness.
 */
final class JfrTop {
  /**
   * One method's share of the samples.
   *
   * @param frame {@code SimpleClass.method}
   * @param samples how many samples had it on top (self) or anywhere on the stack (total)
   * @param share {@code samples} over all samples
   */
  record Entry(String frame, long samples, double share) {}

  /**
   * The top frames of some samples.
   *
   * @param samples how many samples there were
   * @param self the methods most often on top of the stack, most first
   * @param total the methods most often anywhere on the stack, most first
   * @param lines the lines ({@code SimpleClass.method:line}) most often on top of the stack, most first
   */
  record Top(long samples, List<Entry> self, List<Entry> total, List<Entry> lines) {}

  /** The benchmarks' package, whose frames are left out. */
  private static final String HARNESS = "io.github.artifactio.it.";

  private JfrTop() {}

  /**
   * The {@code n} top frames of {@code stacks}, each a sample's frames ({@code SimpleClass.method:line}) from the top
   * of the stack down.
   */
  static Top of(List<List<String>> stacks, int n) {
    Map<String, Long> self = new HashMap<>();
    Map<String, Long> total = new HashMap<>();
    Map<String, Long> lines = new HashMap<>();
    long samples = 0;
    for (List<String> stack : stacks) {
      if (stack.isEmpty()) {
        continue;
      }
      samples++;
      lines.merge(stack.get(0), 1L, Long::sum);
      self.merge(method(stack.get(0)), 1L, Long::sum);
      Set<String> seen = new HashSet<>();
      for (String frame : stack) {
        if (seen.add(method(frame))) {
          total.merge(method(frame), 1L, Long::sum);
        }
      }
    }
    return new Top(samples, top(self, samples, n), top(total, samples, n), top(lines, samples, n));
  }

  /** {@code SimpleClass.method} of {@code SimpleClass.method:line}. */
  static String method(String frame) {
    int colon = frame.lastIndexOf(':');
    return colon < 0 ? frame : frame.substring(0, colon);
  }

  private static List<Entry> top(Map<String, Long> counts, long samples, int n) {
    List<Entry> out = new ArrayList<>();
    counts.forEach((frame, c) -> out.add(new Entry(frame, c, (double) c / samples)));
    // most samples first; ties by name, so that the same samples always give the same table
    out.sort(Comparator.comparingLong(Entry::samples).reversed().thenComparing(Entry::frame));
    return out.subList(0, Math.min(n, out.size()));
  }

  /**
   * The stacks of the samples in {@code recording}, each from the top of the stack down: threads running Java code
   * ({@code jdk.ExecutionSample}) and threads in native code ({@code jdk.NativeMethodSample}: snappy-java's
   * decompression, file reads), whose top frame is the native method.
   */
  static List<List<String>> stacks(Path recording) throws IOException {
    List<List<String>> stacks = new ArrayList<>();
    for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
      String type = e.getEventType().getName();
      if (!(type.equals("jdk.ExecutionSample") || type.equals("jdk.NativeMethodSample")) || e.getStackTrace() == null) {
        continue;
      }
      List<String> stack = new ArrayList<>();
      for (RecordedFrame f : e.getStackTrace().getFrames()) {
        String owner = f.getMethod().getType().getName();
        String simple = owner.substring(owner.lastIndexOf('.') + 1);
        if (f.isJavaFrame() && !owner.startsWith(HARNESS) && !owner.contains("$$Lambda")
            && !(owner.equals("java.lang.Thread") && f.getMethod().getName().equals("run"))) {
          stack.add(simple + "." + f.getMethod().getName() + ":" + f.getLineNumber());
        }
      }
      stacks.add(stack);
    }
    return stacks;
  }
}
