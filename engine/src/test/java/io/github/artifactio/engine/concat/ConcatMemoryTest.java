package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory is bounded by the buffers, whatever the input size: five inputs of 48 MB each (one row group, so each
 * column chunk is 24 MB) are spliced in a JVM started with {@code -Xmx64m}, whose heap holds neither the inputs nor
 * one of their row groups twice over.
 */
class ConcatMemoryTest {
  static final int ROWS = 3_000_000;

  @TempDir Path dir;

  @Test
  void a_splice_of_inputs_three_times_the_heap_runs_in_a_64_mib_jvm() throws Exception {
    List<String> args = new ArrayList<>();
    Path out = dir.resolve("out.parquet");
    args.add(out.toString());
    long total = 0;
    for (int i = 0; i < 5; i++) {
      Path p = dir.resolve("in-" + i + ".parquet");
      write(p, i);
      total += Files.size(p);
      args.add(p.toString());
    }
    assertTrue(total > 3L * (64 << 20), "inputs of " + total + " bytes");
    String output = fork(args);
    assertEquals(5L * ROWS, TableFile.open(out).rows());
    assertTrue(output.contains("ok " + 5L * ROWS + " " + Blake3.hashFile(out).hex()), output);
  }

  /** Random longs and doubles, uncompressed and plain: nothing shrinks them. */
  private static void write(Path p, int seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] ids = new long[ROWS];
    double[] xs = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      ids[i] = r.nextLong();
      xs[i] = r.nextDouble();
    }
    TableWriter.writeTable(p, List.of(new Int64Column("id", ids), new Float64Column("x", xs)),
        WriteOptions.builder().codec(Codec.UNCOMPRESSED).plainColumn("id").plainColumn("x").rowGroupRows(ROWS)
            .build());
  }

  private static String fork(List<String> args) throws Exception {
    String file = System.getProperty("artifact-io.runtimeClasspathFile");
    List<String> cp = new ArrayList<>(List.of(Files.readString(Path.of(file), StandardCharsets.UTF_8).trim()
        .split(File.pathSeparator)));
    cp.add(System.getProperty("artifact-io.classesDir"));
    cp.add(System.getProperty("artifact-io.testClassesDir"));
    String java = ChildProcess.javaBinary();
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx64m", "-cp", String.join(File.pathSeparator, cp),
        ForkedConcatMain.class.getName()));
    cmd.addAll(args);
    ChildProcess.Result child =
        ChildProcess.run(new ProcessBuilder(cmd).redirectErrorStream(true), Duration.ofSeconds(300));
    assertEquals(0, child.exitCode(), child.output());
    return child.stdout();
  }
}
