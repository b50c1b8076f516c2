package io.github.artifactio.engine.internal.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan reads each column's chunks into one reused array: a file cut shorter while it is read is the engine's error
 * naming the file, and reusing the chunk array changes no value (dictionaries and strings are copied out of a chunk
 * before the next is read).
 */
class FileReadsTest {
  @TempDir Path dir;

  @Test
  void aFileCutShorterAfterItWasOpenedIsAnEofNamingTheFile() throws IOException {
    Path file = Files.write(dir.resolve("cut"), new byte[4 << 20]);
    try (FileReads reads = new FileReads(file)) {
      truncate(file, 100);
      EOFException e = assertThrows(EOFException.class, () -> reads.read(1 << 20, 2 << 20));
      assertEquals("read 0 of 2097152 bytes at 1048576 of " + file, e.getMessage());
      assertEquals(0, reads.bytes.get());
    }
  }

  @Test
  void aReadOfManyPiecesGivesTheFilesBytesAndCountsAsOneRead() throws IOException {
    byte[] content = new byte[3 * FileReads.PIECE + 1000];
    new Random(6).nextBytes(content);
    Path file = Files.write(dir.resolve("bytes"), content);
    try (FileReads reads = new FileReads(file)) {
      int length = 2 * FileReads.PIECE + 123;
      byte[] dst = new byte[length + 10];
      reads.readInto(0, 0, 777, dst, 5, length);
      assertArrayEquals(Arrays.copyOfRange(content, 777, 777 + length), Arrays.copyOfRange(dst, 5, 5 + length));
      assertArrayEquals(new byte[5], Arrays.copyOf(dst, 5));
      assertArrayEquals(new byte[5], Arrays.copyOfRange(dst, 5 + length, dst.length));
      assertArrayEquals(content, reads.read(0, content.length));
      assertEquals(length + content.length, reads.bytes.get());
      assertEquals(2, reads.reads.get());
      // cut inside the second piece: the read says how far it got
      truncate(file, FileReads.PIECE + 100);
      EOFException e = assertThrows(EOFException.class, () -> reads.read(0, content.length));
      assertEquals("read " + (FileReads.PIECE + 100) + " of " + content.length + " bytes at 0 of " + file,
          e.getMessage());
    }
  }

  @Test
  void aFileCutShorterWhileAScanReadsItIsTheScansErrorNamingFileAndColumn() throws IOException {
    // 400,000 random doubles: a 3.2 MB chunk
    int n = 400_000;
    double[] xs = new Random(3).doubles(n).toArray();
    Path file = dir.resolve("t.parquet");
    TableWriter.writeTable(file, List.of(new Float64Column("x", xs)), WriteOptions.builder().rowGroupRows(n).build());
    try (BatchReader r = TableFile.open(file).batches(List.of("x"), 10_000)) {
      truncate(file, 1000);
      ArtifactException e = assertThrows(ArtifactException.class, r::hasNext);
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("column 'x', row group 0"), e.getMessage());
    }
  }

  @Test
  void aReusedArrayTakesTheBytesWhenLargeEnoughAndIsLeftAloneOtherwise() throws IOException {
    byte[] content = new byte[10_000];
    new Random(4).nextBytes(content);
    Path file = Files.write(dir.resolve("bytes"), content);
    try (FileReads reads = new FileReads(file)) {
      byte[] reuse = new byte[5000];
      ChunkSource.Slice s = reads.read(0, 0, 100, 4000, reuse);
      assertSame(reuse, s.data());
      assertArrayEquals(Arrays.copyOfRange(content, 100, 4100), Arrays.copyOf(s.data(), s.length()));
      byte[] before = reuse.clone();
      ChunkSource.Slice t = reads.read(0, 0, 0, 6000, reuse);
      assertNotSame(reuse, t.data());
      assertArrayEquals(Arrays.copyOf(content, 6000), t.data());
      assertArrayEquals(before, reuse);
      assertEquals(10_000, reads.bytes.get());
    }
  }

  @Test
  void chunksReadIntoOneReusedArrayGiveEveryValueAsWritten() throws IOException {
    // row groups of falling size, so each chunk lands in the array of a larger one before it; dictionary-encoded
    // strings and doubles (each dictionary page copied out before the array is overwritten), plain doubles, and
    // uncompressed pages, whose values are decoded straight from the chunk's array
    int n = 250_000;
    Random r = new Random(5);
    double[] plain = r.doubles(n).toArray();
    double[] few = new double[n];
    long[] ids = new long[n];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      few[i] = r.nextInt(50) / 4.0;
      ids[i] = i * 3L;
      names[i] = "name-" + r.nextInt(300);
    }
    List<io.github.artifactio.engine.column.Column> cols =
        List.of(
            new Int64Column("id", ids), new Float64Column("plain", plain), new Float64Column("few", few),
            Utf8Column.of("name", names));
    for (Codec codec : Codec.values()) {
      Path file = dir.resolve(codec + ".parquet");
      TableWriter.writeTable(
          file, cols,
          WriteOptions.builder().codec(codec).rowGroupRows(n / 2 + 17).pageRows(10_000).plainColumn("plain").build());
      for (int batch : new int[] {65_536, 7_777}) {
        double[] plainBack = new double[n];
        double[] fewBack = new double[n];
        long[] idsBack = new long[n];
        String[] namesBack = new String[n];
        int at = 0;
        try (BatchReader br = TableFile.open(file).batches(List.of("id", "plain", "few", "name"), batch)) {
          while (br.hasNext()) {
            Batch b = br.next();
            int k = b.rows();
            System.arraycopy(((Int64Column) b.column("id")).values(), 0, idsBack, at, k);
            System.arraycopy(((Float64Column) b.column("plain")).values(), 0, plainBack, at, k);
            System.arraycopy(((Float64Column) b.column("few")).values(), 0, fewBack, at, k);
            Utf8Column s = (Utf8Column) b.column("name");
            for (int i = 0; i < k; i++) {
              namesBack[at + i] = s.get(i);
            }
            at += k;
          }
        }
        assertEquals(n, at);
        assertArrayEquals(ids, idsBack, codec + ", batch " + batch);
        assertArrayEquals(plain, plainBack, codec + ", batch " + batch);
        assertArrayEquals(few, fewBack, codec + ", batch " + batch);
        assertArrayEquals(names, namesBack, codec + ", batch " + batch);
      }
    }
  }

  private static void truncate(Path file, long length) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(length);
    }
  }
}
