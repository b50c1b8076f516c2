package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PLAIN SNAPPY pages of required fixed-width columns that fit in the batch are decompressed straight into the batch's
 * array; pages that do not fit, or a read that starts inside a page, go through the page buffer. Both give the same
 * values, and a damaged page the same error naming file, column, row group and page.
 */
class DirectPagesTest {
  @TempDir Path dir;

  private static final int N = 50_000;

  /** The columns as written. */
  private Column[] written;

  private Path table() throws IOException {
    Random r = new Random(11);
    double[] d = r.doubles(N).toArray();
    long[] l = r.longs(N).toArray();
    int[] i = r.ints(N).toArray();
    float[] f = new float[N];
    for (int k = 0; k < N; k++) {
      f[k] = Float.intBitsToFloat(r.nextInt()); // any bits, NaN payloads included, must come back as written
    }
    Path file = dir.resolve("t.parquet");
    written = new Column[] {
      new Float64Column("d", d), new Int64Column("l", l), new Int32Column("i", i), new Float32Column("f", f)
    };
    TableWriter.writeTable(
        file,
        List.of(written),
        WriteOptions.builder().rowGroupRows(N / 2 + 7).pageRows(3_000).plainColumn("d").plainColumn("l")
            .plainColumn("i").plainColumn("f").build());
    return file;
  }

  @Test
  void everyBatchSizeAndStartGivesTheValuesAsWritten() throws IOException {
    Path file = table();
    Column[] whole = read(file, 0, N, 1); // one row a batch: no page fits, every value through the page buffer
    assertArrayEquals(written, whole);
    for (int batch : new int[] {999, 3_000, 3_001, 20_000, 65_536}) {
      assertArrayEquals(whole, read(file, 0, N, batch), "batch " + batch);
    }
    // a start inside a page: that page's rest through the buffer, the next pages straight into the batch
    for (long first : new long[] {1, 2_999, 3_000, 17_777}) {
      Column[] part = read(file, first, N - first - 5, 65_536);
      for (int c = 0; c < whole.length; c++) {
        assertEquals(whole[c].slice((int) first, (int) (N - 5)), part[c], "from row " + first + ", column " + c);
      }
    }
  }

  @Test
  void aDamagedPageGivesTheSameErrorStraightOrThroughTheBuffer() throws IOException {
    for (boolean verify : new boolean[] {true, false}) {
      Path file = table();
      // the SNAPPY stream's first byte (its varint length) of data page 2 of column d: a CRC mismatch when checked,
      // else a stream that says it holds another length than the page header
      ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(0);
      long at = -1;
      try (FileReads reads = new FileReads(file)) {
        ChunkPages p = ChunkPages.sequential(reads, 0, 0, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount());
        for (ChunkPages.RawPage page = p.next(); page != null; page = p.next()) {
          if (page.page == 2) {
            at = page.bodyAt;
          }
        }
      }
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, at);
        b.put(0, (byte) (b.get(0) ^ 0x01)).rewind();
        ch.write(b, at);
      }
      ScanOptions o = ScanOptions.builder().verifyPageChecksums(verify).build();
      String buffered = error(file, 1, o);
      String straight = error(file, 65_536, o);
      assertEquals(buffered, straight, "checksums verified: " + verify);
      assertTrue(straight.startsWith(file + ", column 'd', row group 0: data page 2: "), straight);
      assertTrue(
          straight.contains(verify ? "CRC32" : "its SNAPPY bytes decompress to"), straight);
    }
  }

  private static String error(Path file, int batch, ScanOptions o) {
    ArtifactException e = assertThrows(ArtifactException.class, () -> {
      try (BatchReader r = TableFile.open(file).batches(List.of("d"), batch, o)) {
        while (r.hasNext()) {
          r.next();
        }
      }
    });
    return e.getMessage();
  }

  /** Rows {@code [first, first + rows)} of every column, read {@code batch} rows at a time and put together. */
  private static Column[] read(Path file, long first, long rows, int batch) {
    double[] d = new double[(int) rows];
    long[] l = new long[(int) rows];
    int[] i = new int[(int) rows];
    float[] f = new float[(int) rows];
    int at = 0;
    try (BatchReader r = TableFile.openRows(file, first, rows).batches(null, batch)) {
      while (r.hasNext()) {
        Batch b = r.next();
        int k = b.rows();
        System.arraycopy(((Float64Column) b.column("d")).values(), 0, d, at, k);
        System.arraycopy(((Int64Column) b.column("l")).values(), 0, l, at, k);
        System.arraycopy(((Int32Column) b.column("i")).values(), 0, i, at, k);
        System.arraycopy(((Float32Column) b.column("f")).values(), 0, f, at, k);
        at += k;
      }
    }
    assertEquals(rows, at);
    return new Column[] {
      new Float64Column("d", d), new Int64Column("l", l), new Int32Column("i", i), new Float32Column("f", f)
    };
  }
}
