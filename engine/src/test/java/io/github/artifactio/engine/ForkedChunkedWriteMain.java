package io.github.artifactio.engine;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs in a JVM of its own with a small heap (see {@code WriteMemoryTest}): writes {@code rows} rows of random
 * longs, doubles and float lists (nothing compresses them) chunk by chunk, each chunk made on demand and dropped
 * after, and prints the rows written and the heap's limit.
 */
public final class ForkedChunkedWriteMain {
  /** Rows {@code [start, end)}: ids, doubles and lists of 0 to 16 floats, from a seed per row range. */
  static List<Column> chunk(long start, long end) {
    int n = (int) (end - start);
    SplittableRandom r = new SplittableRandom(start);
    long[] ids = new long[n];
    double[] xs = new double[n];
    int[] offsets = new int[n + 1];
    float[] items = new float[n * 16];
    boolean[] valid = new boolean[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
      ids[i] = r.nextLong();
      xs[i] = r.nextDouble();
      valid[i] = true;
      for (int m = r.nextInt(17); m > 0; m--) {
        items[k++] = r.nextFloat();
      }
      offsets[i + 1] = k;
    }
    return List.of(new Int64Column("id", ids), new Float64Column("x", xs),
        new ListFloat32Column("trace", offsets, java.util.Arrays.copyOf(items, k), valid));
  }

  public static void main(String[] args) {
    Path out = Path.of(args[0]);
    long rows = Long.parseLong(args[1]);
    TableWriter.writeTableChunked(out, rows, ForkedChunkedWriteMain::chunk,
        WriteOptions.builder().rowGroupRows(131_072).build(), EngineContext.serial());
    System.out.println("ok " + TableFile.open(out).rows() + " rows in a heap of at most "
        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
  }

  private ForkedChunkedWriteMain() {}
}
