package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.blake3.PartTree;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's BLAKE3 hashed in parts of whole spans and merged: b3sum's digest, whatever the cuts. */
class Blake3PartsTest {
  private static final int MIB = 1 << 20;
  private static EngineContext pool;

  @BeforeAll
  static void startPool() {
    pool = EngineContext.create("test-parts", 2);
  }

  @AfterAll
  static void stopPool() {
    pool.close();
  }

  /** The parts of {@code file} cut before each span in {@code cuts}, each hashed on the pool. */
  private static List<FilePart> parts(Path file, TreeSet<Long> cuts) {
    FileStamp stamp = FileStamp.of(file);
    List<FilePart> out = new ArrayList<>();
    long from = 0;
    for (long cut : cuts) {
      out.add(Blake3Parts.hash(file, stamp, from, cut, pool));
      from = cut;
    }
    out.add(Blake3Parts.hash(file, stamp, from, Blake3Parts.spans(stamp.size()), pool));
    return out;
  }

  /** b3sum's digest of {@code file}, when b3sum is on the PATH. */
  private static Optional<ContentHash> b3sum(Path file) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder("b3sum", "--no-names", file.toString()).redirectErrorStream(true).start();
    } catch (IOException absent) {
      return Optional.empty();
    }
    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line = in.readLine();
      assertEquals(0, p.waitFor(), "b3sum " + file + ": " + line);
      return Optional.of(new ContentHash(line.trim()));
    }
  }

  @Test
  void merged_parts_give_the_whole_files_digest_for_random_sizes_and_cuts(@TempDir Path dir) throws Exception {
    long seed = Long.getLong("parts.seed", 27L);
    Random random = new Random(seed);
    for (int trial = 0; trial < 40; trial++) {
      // sizes around span and chunk boundaries, where the tree changes shape, and anywhere up to 6 MiB
      int size = switch (trial % 4) {
        case 0 -> random.nextInt(6 * MIB);
        case 1 -> random.nextInt(7) * MIB + random.nextInt(3) - 1;
        case 2 -> random.nextInt(5) * MIB + 1024 * random.nextInt(4) + random.nextInt(3) - 1;
        default -> random.nextInt(2 * MIB);
      };
      size = Math.max(0, size);
      byte[] data = TestInputs.random(seed * 1000 + trial, size);
      Path file = dir.resolve("t" + trial + ".bin");
      Files.write(file, data);
      long spans = Blake3Parts.spans(size);
      TreeSet<Long> cuts = new TreeSet<>();
      int wanted = spans < 2 ? 0 : random.nextInt((int) Math.min(spans, 5));
      while (cuts.size() < wanted) {
        cuts.add(1 + (long) random.nextInt((int) spans - 1));
      }
      List<FilePart> parts = parts(file, cuts);
      Collections.shuffle(parts, random);
      String what = "seed " + seed + ", trial " + trial + ": " + size + " bytes cut before spans " + cuts;
      ContentHash merged = Blake3Parts.merge(file, parts);
      assertEquals(Blake3.hashBytes(data), merged, what);
      assertEquals(Blake3.hashFile(file), merged, what);
      Optional<ContentHash> reference = b3sum(file);
      if (reference.isPresent()) {
        assertEquals(reference.get(), merged, what + " (b3sum)");
      }
    }
  }

  @Test
  void a_file_of_many_spans_cut_anywhere_gives_its_digest(@TempDir Path dir) throws Exception {
    // 38 spans: subtrees up to 32 spans deep, and a last span of 5 bytes
    byte[] data = TestInputs.random(38, 37 * MIB + 5);
    Path file = dir.resolve("many.bin");
    Files.write(file, data);
    ContentHash expected = b3sum(file).orElse(Blake3.hashBytes(data));
    Random random = new Random(38);
    for (int trial = 0; trial < 6; trial++) {
      TreeSet<Long> cuts = new TreeSet<>();
      for (int c = 0, n = 1 + random.nextInt(6); c < n; c++) {
        cuts.add(1 + (long) random.nextInt(37));
      }
      assertEquals(expected, Blake3Parts.merge(file, parts(file, cuts)), "cut before spans " + cuts);
    }
  }

  @Test
  void every_cut_of_the_recorded_b3sum_inputs_gives_the_recorded_digest(@TempDir Path dir) throws IOException {
    List<String> recorded = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        Blake3PartsTest.class.getResourceAsStream("b3sum-digests.txt"), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank() && !line.startsWith("#")) {
          recorded.add(line);
        }
      }
    }
    for (TestInputs.Input input : TestInputs.B3SUM_INPUTS) {
      Path file = dir.resolve(input.name());
      Files.write(file, input.bytes());
      ContentHash expected = recorded.stream().filter(l -> l.endsWith("  " + input.name()))
          .map(l -> new ContentHash(l.substring(0, 64))).findFirst().orElseThrow();
      long spans = Blake3Parts.spans(input.length());
      for (long mask = 0; mask < 1L << Math.max(0, spans - 1); mask++) {
        TreeSet<Long> cuts = new TreeSet<>();
        for (long s = 1; s < spans; s++) {
          if ((mask & (1L << (s - 1))) != 0) {
            cuts.add(s);
          }
        }
        assertEquals(expected, Blake3Parts.merge(file, parts(file, cuts)), input.name() + " cut before " + cuts);
      }
    }
  }

  @Test
  void a_part_yields_the_maximal_aligned_subtrees_and_never_the_root() {
    assertEquals(List.of(new PartTree.Block(3, 0), new PartTree.Block(4, 2)), PartTree.blocks(3, 8, 9));
    assertEquals(List.of(new PartTree.Block(0, 1), new PartTree.Block(2, 1)), PartTree.blocks(0, 4, 4),
        "the whole of 4 spans is its root's two children");
    assertEquals(List.of(new PartTree.Block(0, 2), new PartTree.Block(4, 0)), PartTree.blocks(0, 5, 5));
    // O(log) values a part: at most two per bit of the span count
    assertTrue(PartTree.blocks(1, 100_000 - 1, 100_000).size() <= 2 * 17);
  }

  @Test
  void a_file_of_one_span_is_hashed_whole_to_its_digest(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("small.bin");
    Files.write(file, TestInputs.random(3, 5000));
    FilePart part = Blake3Parts.hash(file, FileStamp.of(file), 0, 1, pool);
    assertEquals(Optional.of(Blake3.hashFile(file)), part.digest());
    assertEquals(List.of(), part.subtrees());
  }

  @Test
  void one_file_hashed_in_parts_on_a_pool_gives_its_digest(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("big.bin");
    Files.write(file, TestInputs.random(9, 13 * MIB + 77));
    for (long perPart : new long[] {1, 3, 4, 14}) {
      assertEquals(Blake3.hashFile(file), Blake3Parts.hashFile(file, perPart, pool), perPart + " spans a part");
    }
  }

  private static Path threeSpans(Path dir) throws IOException {
    Path file = dir.resolve("three.bin");
    Files.write(file, TestInputs.random(4, 3 * MIB));
    return file;
  }

  @Test
  void parts_that_overlap_are_refused_naming_the_file_and_the_spans(@TempDir Path dir) throws IOException {
    Path file = threeSpans(dir);
    FileStamp stamp = FileStamp.of(file);
    List<FilePart> parts =
        List.of(Blake3Parts.hash(file, stamp, 0, 2, pool), Blake3Parts.hash(file, stamp, 1, 3, pool));
    HashPartsException e = assertThrows(HashPartsException.class, () -> Blake3Parts.merge(file, parts));
    assertEquals(file + ": parts overlap: spans [0, 2) and spans [1, 3)", e.getMessage());
  }

  @Test
  void parts_that_leave_a_gap_are_refused_naming_the_missing_spans(@TempDir Path dir) throws IOException {
    Path file = threeSpans(dir);
    FileStamp stamp = FileStamp.of(file);
    HashPartsException inside = assertThrows(HashPartsException.class, () -> Blake3Parts.merge(file,
        List.of(Blake3Parts.hash(file, stamp, 0, 1, pool), Blake3Parts.hash(file, stamp, 2, 3, pool))));
    assertEquals(file + ": parts leave a gap: spans [1, 2) are in no part", inside.getMessage());
    HashPartsException end = assertThrows(HashPartsException.class,
        () -> Blake3Parts.merge(file, List.of(Blake3Parts.hash(file, stamp, 0, 2, pool))));
    assertEquals(file + ": parts leave a gap: spans [2, 3) are in no part", end.getMessage());
  }

  @Test
  void parts_of_two_versions_of_a_file_are_refused_naming_both(@TempDir Path dir) throws IOException {
    Path file = threeSpans(dir);
    FileStamp stamp = FileStamp.of(file);
    FilePart head = Blake3Parts.hash(file, stamp, 0, 2, pool);
    Files.setLastModifiedTime(file, FileTime.fromMillis(86_400_000L));
    FileStamp later = FileStamp.of(file);
    FilePart tail = Blake3Parts.hash(file, later, 2, 3, pool);
    HashPartsException e = assertThrows(HashPartsException.class, () -> Blake3Parts.merge(file, List.of(head, tail)));
    assertEquals(file + ": parts disagree on the file: spans [0, 2) has " + stamp + ", spans [2, 3) has size "
        + 3 * MIB + " bytes, modified 1970-01-02T00:00:00Z", e.getMessage());
  }

  @Test
  void a_file_that_changed_since_its_plan_is_an_error_not_a_digest(@TempDir Path dir) throws IOException {
    Path file = threeSpans(dir);
    FileStamp planned = FileStamp.of(file);
    Files.write(file, new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
    FileChangedException grown = assertThrows(FileChangedException.class,
        () -> Blake3Parts.hash(file, planned, 0, 3, pool));
    assertEquals(file + ": changed since it was planned: its size was " + 3 * MIB + " bytes, now " + (3 * MIB + 1),
        grown.getMessage());
    Files.write(file, TestInputs.random(4, 3 * MIB));
    Files.setLastModifiedTime(file, FileTime.fromMillis(86_400_000L));
    FileStamp touched = new FileStamp(3 * MIB, 0);
    FileChangedException e =
        assertThrows(FileChangedException.class, () -> Blake3Parts.hash(file, touched, 0, 3, pool));
    assertEquals(file + ": changed since it was planned: it was modified at 1970-01-01T00:00:00Z, now at "
        + "1970-01-02T00:00:00Z", e.getMessage());
  }
}
