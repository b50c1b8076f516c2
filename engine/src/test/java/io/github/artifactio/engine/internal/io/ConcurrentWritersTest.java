package io.github.artifactio.engine.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers racing for one destination, threads of this JVM and other processes at once, round after round: the file
 * left is always one writer's whole output (its every value, never a mix or a torn file), and no temporary file
 * survives a round. Beside {@link LeftoversTest}, which kills a writer with {@code kill -9}.
 */
class ConcurrentWritersTest {
  static final int ROUNDS = 50;
  static final int THREADS = 3;
  static final int PROCESSES = 2;

  @TempDir Path dir;

  /** Writer {@code w}'s table for round {@code r}: its own row count and values, so any mix would show. */
  static List<Column> table(int w, int r) {
    int rows = 8_000 + 997 * w;
    long[] tag = new long[rows];
    double[] x = new double[rows];
    SplittableRandom random = new SplittableRandom(w * 1000L + r);
    for (int i = 0; i < rows; i++) {
      tag[i] = w * 1000L + r;
      x[i] = random.nextDouble();
    }
    return List.of(new Int64Column("tag", tag), new Float64Column("x", x));
  }

  /** A writer in another process: for each line "round path" from the test, writes its table there and says so. */
  public static final class ChildWriter {
    public static void main(String[] args) throws IOException {
      int w = Integer.parseInt(args[0]);
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      System.out.println("READY");
      System.out.flush();
      String line;
      while ((line = in.readLine()) != null) {
        String[] f = line.split("\t");
        TableWriter.writeTable(Path.of(f[1]), table(w, Integer.parseInt(f[0])), WriteOptions.defaults());
        System.out.println("done " + f[0]);
        System.out.flush();
      }
    }
  }

  private List<Path> temporaries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().contains(".tmp-")).sorted().toList();
    }
  }

  @Test
  void fifty_rounds_of_threads_and_processes_writing_one_destination_leave_one_whole_writers_file_and_no_temporary()
      throws Exception {
    Path dest = dir.resolve("race.parquet");
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> children = new ArrayList<>();
    List<BufferedReader> outs = new ArrayList<>();
    List<PrintWriter> ins = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    int[] won = new int[THREADS + PROCESSES];
    try {
      for (int c = 0; c < PROCESSES; c++) {
        Process p = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
            ChildWriter.class.getName(), Integer.toString(THREADS + c)).redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
        children.add(p);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("READY")) {
          // the child's JVM may print warnings first
        }
        assertEquals("READY", line);
        outs.add(out);
        ins.add(new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8));
      }
      for (int r = 0; r < ROUNDS; r++) {
        int round = r;
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<?>> writes = new ArrayList<>();
        for (PrintWriter in : ins) {
          in.println(round + "\t" + dest);
        }
        for (int w = 0; w < THREADS; w++) {
          int writer = w;
          writes.add(threads.submit(() -> {
            start.await();
            TableWriter.writeTable(dest, table(writer, round), WriteOptions.defaults());
            return null;
          }));
        }
        for (Future<?> f : writes) {
          f.get(2, TimeUnit.MINUTES);
        }
        for (BufferedReader out : outs) {
          assertEquals("done " + round, out.readLine());
        }
        Table t = Table.read(dest);
        long tag = t.get("tag", io.github.artifactio.engine.table.As.INT64)[0];
        int writer = (int) (tag / 1000);
        assertEquals(round, tag % 1000, "round " + round + " left an older round's file");
        assertEquals(table(writer, round), t.columns(), "round " + round + ": writer " + writer + "'s whole output");
        assertEquals(List.of(), temporaries(), "round " + round);
        won[writer]++;
      }
    } finally {
      threads.shutdownNow();
      for (PrintWriter in : ins) {
        in.close();
      }
      for (Process p : children) {
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) || p.destroyForcibly().waitFor(10, TimeUnit.SECONDS));
      }
    }
    int winners = 0;
    for (int n : won) {
      winners += n > 0 ? 1 : 0;
    }
    assertTrue(winners >= 2, "the race had more than one winner over " + ROUNDS + " rounds: " + java.util.Arrays
        .toString(won));
  }
}
