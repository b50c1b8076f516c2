package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk read through one reused window ({@link ChunkPages#streamed}) gives the pages and the values a whole read
 * gives, reads each byte once into one array, and refuses a wrong value count before its first page, as the whole
 * read does, from its page headers alone.
 */
class StreamedChunkTest {
  @TempDir Path dir;

  @Test
  void aStreamedChunkGivesTheSamePagesAsOneWholeReadReadingEachByteOnceIntoOneArray() throws IOException {
    Path file = ChunkPagesWindowTest.table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    assertTrue(cc.getTotalSize() > 2 * ChunkPages.STREAM_WINDOW, "chunk of " + cc.getTotalSize() + " bytes");
    List<byte[]> whole = new ArrayList<>();
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p = ChunkPages.sequential(reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount());
      for (ChunkPages.RawPage page = p.next(); page != null; page = p.next()) {
        whole.add(bodyOf(page));
      }
    }
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p = ChunkPages.streamed(
          reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), ChunkPages.STREAM_WINDOW, null);
      Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
      int i = 0;
      for (ChunkPages.RawPage page = p.next(); page != null; page = p.next()) {
        assertArrayEquals(whole.get(i), bodyOf(page), "page " + i);
        arrays.add(page.data);
        i++;
      }
      assertEquals(whole.size(), i);
      assertEquals(1, arrays.size(), "every window in one array");
      assertSame(arrays.iterator().next(), p.windowArray());
      assertEquals(cc.getTotalSize(), reads.bytes.get(), "bytes read, the header walk not counted again");
    }
  }

  /**
   * Every Parquet file of the repository (every writer's, the hostile ones too) reads to the same batches, or fails
   * with the same message, through windows of 1 byte (each grown to one page, each page read over the last) and of
   * 4 KiB as read whole: no decoder keeps a page's bytes past its next page.
   */
  @Test
  void everyRepositoryFileReadsTheSameThroughWindowsOfAnySizeAsWhole() throws IOException {
    int files = 0;
    int streamedChunks = 0;
    for (Path file : TestData.parquetFiles()) {
      Object whole = batches(file, Integer.MAX_VALUE);
      for (int window : new int[] {1, 4096}) {
        assertEquals(whole, batches(file, window), file + ", window " + window);
      }
      files++;
      try {
        for (var block : ParquetFile.open(file).blocks()) {
          for (ColumnChunkMetaData cc : block.getColumns()) {
            streamedChunks += cc.getTotalSize() > 4096 ? 1 : 0;
          }
        }
      } catch (RuntimeException e) {
        // a hostile footer: compared above as an error
      }
    }
    assertTrue(files >= 60, "files: " + files);
    assertTrue(streamedChunks >= 50, "chunks over 4 KiB: " + streamedChunks);
  }

  /** The file's batches of 1,000 rows (columns compare by value), or its error's message. */
  private static Object batches(Path file, int window) {
    List<List<Column>> out = new ArrayList<>();
    try {
      ParquetFile pf = ParquetFile.open(file);
      List<ColumnSpec> columns = TableFile.open(file).columns();
      long rows = pf.blocks().stream().mapToLong(b -> b.getRowCount()).sum();
      long[] starts = rows == 0 ? new long[0] : new long[] {0};
      long[] ends = rows == 0 ? new long[0] : new long[] {rows};
      Scan.Config config = new Scan.Config(Workers.serial(), 1, null, true, false, window);
      try (Scan scan = new Scan(pf, columns, starts, ends, 1000, config)) {
        for (List<Column> batch = scan.next(); batch != null; batch = scan.next()) {
          out.add(batch);
        }
      }
      return out;
    } catch (RuntimeException e) {
      return "error after " + out.size() + " batches: " + e.getMessage();
    }
  }

  @Test
  void aChunkOfOnePageLargerThanTheWindowIsReadWithOneRead() throws IOException {
    Path file = dir.resolve("one-page.parquet");
    // 120,000 random doubles in one page of 960 KB (pages are cut at 1 MiB)
    double[] xs = new Random(3).doubles(120_000).toArray();
    TableWriter.writeTable(file, List.of(new Float64Column("x", xs)),
        WriteOptions.builder().pageRows(120_000).plainColumn("x").build());
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(0);
    assertTrue(cc.getTotalSize() > ChunkPages.STREAM_WINDOW * 3 / 2, "chunk of " + cc.getTotalSize() + " bytes");
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p = ChunkPages.streamed(
          reads, 0, 0, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), ChunkPages.STREAM_WINDOW, null);
      int pages = 0;
      while (p.next() != null) {
        pages++;
      }
      assertEquals(1, pages);
      assertEquals(1, reads.reads.get(), "reads of the chunk, the header walk's not counted");
      assertEquals(cc.getTotalSize(), reads.bytes.get());
    }
  }

  @Test
  void theCallersArrayIsTheWindowWhenItHoldsOne() throws IOException {
    Path file = ChunkPagesWindowTest.table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    byte[] mine = new byte[ChunkPages.STREAM_WINDOW];
    try (FileReads reads = new FileReads(file)) {
      ChunkPages p = ChunkPages.streamed(
          reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), ChunkPages.STREAM_WINDOW, mine);
      while (p.next() != null) {
        // to the end
      }
      assertSame(mine, p.windowArray());
    }
  }

  @Test
  void aWrongValueCountIsRefusedWhenTheStreamedChunkIsOpenedWithTheWholeReadsMessage() throws IOException {
    Path file = ChunkPagesWindowTest.table(dir.resolve("t.parquet"));
    ColumnChunkMetaData cc = ParquetFile.open(file).blocks().get(0).getColumns().get(1);
    try (FileReads reads = new FileReads(file)) {
      for (long declared : new long[] {cc.getValueCount() - 1, cc.getValueCount() + 1}) {
        PageFormatException whole = assertThrows(PageFormatException.class, () -> ChunkPages.sequential(
            reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), declared));
        PageFormatException streamed = assertThrows(PageFormatException.class, () -> ChunkPages.streamed(
            reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), declared, ChunkPages.STREAM_WINDOW, null));
        assertEquals(whole.getMessage(), streamed.getMessage());
      }
      assertEquals("its data pages hold 200000 values, fewer than the 200001 the column chunk declares",
          assertThrows(PageFormatException.class, () -> ChunkPages.streamed(
              reads, 0, 1, cc.getStartingPos(), cc.getTotalSize(), 200_001, ChunkPages.STREAM_WINDOW, null))
              .getMessage());
    }
  }

  /**
   * The header walk by reads comes to what the walk over the whole chunk's array comes to, on chunks of pages from
   * empty to larger than the largest read, headers larger than the first read, chunks cut short and garbage.
   */
  @Test
  void theHeaderWalkByReadsAgreesWithTheWalkOverTheWholeChunk() throws IOException {
    Random random = new Random(26);
    int agreedErrors = 0;
    for (int trial = 0; trial < 300; trial++) {
      ByteArrayOutputStream chunk = new ByteArrayOutputStream();
      long values = 0;
      boolean many = trial % 3 == 0; // many small pages, or a few of any size
      int pages = 1 + random.nextInt(many ? 400 : 12);
      if (random.nextInt(4) == 0) {
        Util.writePageHeader(dictionaryPage(random.nextInt(3000)), chunk);
      }
      for (int i = 0; i < pages; i++) {
        int body = switch (many ? random.nextInt(2) * 3 : random.nextInt(4)) {
          case 0 -> random.nextInt(40);
          case 1 -> 1000 + random.nextInt(6000);
          case 2 -> 100_000 + random.nextInt(500_000);
          default -> random.nextInt(ValueCounts.PROBE);
        };
        int n = random.nextInt(50_000);
        values += n;
        PageHeader h = dataPage(n, body);
        if (random.nextInt(8) == 0) { // statistics larger than the walk's first read
          byte[] big = new byte[ValueCounts.PROBE + random.nextInt(3 * ValueCounts.PROBE)];
          random.nextBytes(big);
          h.data_page_header.setStatistics(new Statistics().setMin_value(big).setMax_value(big));
        }
        Util.writePageHeader(h, chunk);
        chunk.write(new byte[body], 0, body);
      }
      byte[] bytes = chunk.toByteArray();
      int spoil = random.nextInt(6);
      int size = spoil == 0 ? random.nextInt(bytes.length + 1) : bytes.length; // cut short
      if (spoil == 1) {
        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256); // one byte of garbage
      }
      long declared = values + (random.nextInt(3) == 0 ? random.nextInt(3) - 1 : 0);
      String byArray = outcome(() -> ValueCounts.check(bytes, 0, size, declared));
      Source source = new Source(bytes);
      String byReads = outcome(() -> ValueCounts.check(source, 0, 0, 0, size, declared));
      assertEquals(byArray, byReads, "trial " + trial + ": " + pages + " pages, " + size + " bytes");
      // reads never overlap but where a header cut by a read's end is read again, in twice the bytes
      assertTrue(source.read <= 3L * size, "trial " + trial + " read " + source.read + " bytes of " + size);
      agreedErrors += byArray.isEmpty() ? 0 : 1;
    }
    assertTrue(agreedErrors > 30, "the trials should refuse some chunks: " + agreedErrors);
  }

  private interface Walk {
    void run() throws IOException;
  }

  private static String outcome(Walk walk) throws IOException {
    try {
      walk.run();
      return "";
    } catch (PageFormatException e) {
      return e.getMessage();
    }
  }

  /** A chunk in memory, counting what the walk reads. */
  private static final class Source implements ChunkSource {
    final byte[] bytes;
    long read;

    Source(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public Slice read(int rowGroup, int leaf, long offset, int length) {
      read += length;
      return new Slice(Arrays.copyOfRange(bytes, (int) offset, (int) offset + length), 0, length);
    }
  }

  private static PageHeader dataPage(int values, int body) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, body, body);
    h.setData_page_header(new DataPageHeader(values, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    return h;
  }

  private static PageHeader dictionaryPage(int body) {
    PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, body, body);
    h.setDictionary_page_header(new DictionaryPageHeader(10, Encoding.PLAIN));
    return h;
  }

  private static byte[] bodyOf(ChunkPages.RawPage page) {
    return Arrays.copyOfRange(page.data, page.offset, page.offset + page.length);
  }
}
