package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A large column chunk is walked window by window: the same pages as one whole read, each byte read once. */
class ChunkPagesWindowTest {
  @TempDir Path dir;

  @Test
  void windowsOfAnySizeGiveTheSamePagesAsOneWholeReadAndReadEachByteOnce() throws IOException {
    Path file = table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    List<byte[]> whole = pages(file, cc, Integer.MAX_VALUE, 0, null);
    assertTrue(whole.size() > 10, "the chunk should have many pages, has " + whole.size());
    // 1 byte: every header and every body is cut; 700: some; 64 KiB: few
    for (int window : new int[] {1, 7, 700, 4096, 65_536}) {
      long[] bytesRead = new long[1];
      List<byte[]> windowed = pages(file, cc, 0, window, bytesRead);
      assertEquals(whole.size(), windowed.size(), "window " + window);
      for (int i = 0; i < whole.size(); i++) {
        assertArrayEquals(whole.get(i), windowed.get(i), "window " + window + ", page " + i);
      }
      assertEquals(cc.getTotalSize(), bytesRead[0], "window " + window + ": bytes read");
    }
  }

  @Test
  void aWindowedChunkHoldsOneWindowOrOnePageNotTheChunk() throws IOException {
    Path file = table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p =
          ChunkPages.sequential(
              reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), 0, 4096);
      int largest = 0;
      int largestPage = 0;
      for (ChunkPages.RawPage page = p.next(); page != null; page = p.next()) {
        largest = Math.max(largest, page.data.length);
        largestPage = Math.max(largestPage, page.length);
      }
      assertTrue(largest < cc.getTotalSize() / 4, "a window of " + largest + " bytes for a " + cc.getTotalSize()
          + "-byte chunk");
      assertTrue(largest <= Math.max(4096, largestPage + 1024), "window " + largest + ", largest page " + largestPage);
    }
  }

  @Test
  void aPageRunningPastItsWindowedChunkIsAnError() throws IOException {
    Path file = table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    try (FileReads reads = new FileReads(file)) {
      // the chunk declared 100 bytes short: its last page runs past the end
      ChunkPages p =
          ChunkPages.sequential(
              reads, 0, 1, cc.getStartingPos(), cc.getTotalSize() - 100, Long.MAX_VALUE, 0, 4096);
      PageFormatException e =
          assertThrows(
              PageFormatException.class,
              () -> {
                while (p.next() != null) {
                  // walk to the cut page
                }
              });
      assertTrue(e.getMessage().matches("a page of \\d+ bytes runs past its column chunk \\(\\d+ bytes left\\)"),
          e.getMessage());
    }
  }

  @Test
  void theWholeFileReadsToTheSameValuesAsBefore() throws IOException {
    // the public path still takes small chunks whole; values are checked elsewhere, the page count here
    Path file = table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    assertTrue(cc.getTotalSize() < ChunkPages.WHOLE_CHUNK_MAX);
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p =
          ChunkPages.sequential(reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount());
      while (p.next() != null) {
        // one read for the whole chunk
      }
      assertEquals(1, reads.reads.get());
      assertNull(p.next());
    }
  }

  @Test
  void aChunkLargerThanOneReadIsReadThroughTheReaderToItsValues() throws IOException {
    // 9,000,000 random doubles, plain, one row group: a 72 MB chunk, over the one-read limit
    int n = 9_000_000;
    double[] xs = new double[n];
    Random r = new Random(9);
    for (int i = 0; i < n; i++) {
      xs[i] = r.nextDouble();
    }
    Path file = dir.resolve("big.parquet");
    TableWriter.writeTable(
        file, List.of(new Float64Column("x", xs)), WriteOptions.builder().rowGroupRows(n).plainColumn("x").build());
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(0);
    assertTrue(cc.getTotalSize() > ChunkPages.WHOLE_CHUNK_MAX, "chunk of " + cc.getTotalSize() + " bytes");
    double[] back = io.github.artifactio.engine.table.TableFile.open(file).get("x", As.FLOAT64);
    assertArrayEquals(xs, back);
  }

  /** Each page as header-less body bytes plus its header's string form, in order. */
  private static List<byte[]> pages(Path file, ColumnChunkMetaData cc, int wholeMax, int window, long[] bytesRead)
      throws IOException {
    List<byte[]> out = new ArrayList<>();
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p =
          ChunkPages.sequential(
              reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), wholeMax,
              Math.max(1, window));
      for (ChunkPages.RawPage page = p.next(); page != null; page = p.next()) {
        byte[] body = Arrays.copyOfRange(page.data, page.offset, page.offset + page.length);
        byte[] header = page.header.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] both = Arrays.copyOf(header, header.length + body.length);
        System.arraycopy(body, 0, both, header.length, body.length);
        out.add(both);
      }
      if (bytesRead != null) {
        bytesRead[0] = reads.bytes.get();
      }
    }
    return out;
  }

  /** 200,000 rows; the random float64 column is plain, in 2,000-row pages: about 1.6 MB in 100 pages. */
  static Path table(Path file) {
    int n = 200_000;
    long[] ids = new long[n];
    double[] xs = new double[n];
    Random r = new Random(5);
    for (int i = 0; i < n; i++) {
      ids[i] = i;
      xs[i] = r.nextDouble();
    }
    TableWriter.writeTable(
        file,
        List.of(new Int64Column("id", ids), new Float64Column("x", xs)),
        WriteOptions.builder().pageRows(2_000).plainColumn("x").build());
    try {
      assertTrue(Files.size(file) > 1_000_000);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return file;
  }
}
