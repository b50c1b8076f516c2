package io.github.artifactio.engine.internal.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.io.EarlyWriteback;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The writer's file output: direct or not, the file holds exactly the bytes written, padding cut off. */
class FileOutputTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {0, 1, 511, 4095, 4096, 4097, FileOutput.BUFFER_BYTES - 1, FileOutput.BUFFER_BYTES,
    3 * FileOutput.BUFFER_BYTES + 123})
  void the_file_holds_exactly_the_bytes_written_in_pieces_of_any_size(int n) throws IOException {
    byte[] data = new byte[n];
    new SplittableRandom(n).nextBytes(data);
    for (boolean direct : new boolean[] {false, true}) {
      Path p = dir.resolve("out-" + direct + ".bin");
      try (FileOutput out = new FileOutput(p, null, direct)) {
        SplittableRandom r = new SplittableRandom(7);
        int at = 0;
        while (at < n) {
          // pieces of every size, some larger than the buffer (the buffered output writes those straight through)
          int len = Math.min(n - at, r.nextInt(4) == 0 ? r.nextInt(2 * FileOutput.BUFFER_BYTES) : r.nextInt(5000));
          out.write(data, at, len);
          at += len;
        }
        assertEquals(n, out.position());
      }
      assertArrayEquals(data, Files.readAllBytes(p), "direct=" + direct);
    }
  }

  @Test
  void a_file_system_that_refuses_direct_io_gets_the_same_bytes_through_the_page_cache() throws IOException {
    byte[] data = new byte[FileOutput.BUFFER_BYTES + 4321];
    new SplittableRandom(3).nextBytes(data);
    Path p = dir.resolve("refused.bin");
    try (FileOutput out = new FileOutput(p, null, true, path -> {
      throw new IOException("Invalid argument"); // what open(2) says on a file system without O_DIRECT
    })) {
      assertFalse(out.direct());
      out.write(data, 0, data.length);
    }
    assertArrayEquals(data, Files.readAllBytes(p));
  }

  @Test
  void early_syncs_on_a_spare_lane_leave_the_bytes_as_they_are_and_give_the_turn_back() throws IOException {
    byte[] data = new byte[(int) (3 * EarlyWriteback.INTERVAL) + 12_345];
    new SplittableRandom(5).nextBytes(data);
    try (EngineContext context = EngineContext.create("writeback", 2)) {
      Workers w = Workers.of(context);
      for (boolean direct : new boolean[] {false, true}) {
        Path p = dir.resolve("early-" + direct + ".bin");
        try (FileOutput out = new FileOutput(p, null, direct)) {
          out.writeBackOn(w.spareLane());
          for (int at = 0; at < data.length; at += 300_000) {
            out.write(data, at, Math.min(300_000, data.length - at));
          }
        }
        assertArrayEquals(data, Files.readAllBytes(p), "direct=" + direct);
        assertEquals(0, w.activeTurns(), "direct=" + direct);
      }
      try (FileOutput abandoned = new FileOutput(dir.resolve("abandoned.bin"), null, false)) {
        abandoned.writeBackOn(w.spareLane());
        abandoned.write(data, 0, data.length);
        abandoned.abandon();
      }
      assertEquals(0, w.activeTurns(), "an abandoned output gives its lane back too");
    }
  }

  @Test
  void direct_io_needs_a_power_of_two_block_that_divides_the_buffer() {
    assertEquals(4096, FileOutput.usableBlock(4096));
    assertEquals(512, FileOutput.usableBlock(512));
    assertEquals(0, FileOutput.usableBlock(0));
    assertEquals(0, FileOutput.usableBlock(3000));
    assertEquals(0, FileOutput.usableBlock(2L * FileOutput.BUFFER_BYTES));
  }
}
