package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.blake3.ChunkHasher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Agreement with Debian's b3sum, recorded in b3sum-digests.txt (b3sum is not needed to run this). */
class Blake3B3sumTest {
  private static final Map<String, ContentHash> EXPECTED = new LinkedHashMap<>();

  @BeforeAll
  static void readDigests() throws IOException {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        Blake3B3sumTest.class.getResourceAsStream("b3sum-digests.txt"), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank() && !line.startsWith("#")) {
          String[] parts = line.split("  ", 2);
          EXPECTED.put(parts[1], new ContentHash(parts[0]));
        }
      }
    }
    assertEquals(TestInputs.B3SUM_INPUTS.size(), EXPECTED.size(), "one recorded digest per input");
  }

  @Test
  void every_backend_agrees_with_b3sum_on_the_recorded_inputs() {
    for (Supplier<ChunkHasher> backend : TestInputs.backends()) {
      for (TestInputs.Input input : TestInputs.B3SUM_INPUTS) {
        byte[] bytes = input.bytes();
        Blake3Hasher hasher = TestInputs.hasher(backend).update(bytes, 0, bytes.length);
        assertEquals(EXPECTED.get(input.name()), hasher.digest(), hasher.backend() + ", " + input.name());
      }
    }
  }

  @Test
  void serial_and_parallel_file_hashes_agree_with_b3sum(@TempDir Path dir) throws IOException {
    try (EngineContext pool = EngineContext.create("test-hash", 2)) {
      for (TestInputs.Input input : TestInputs.B3SUM_INPUTS) {
        Path file = dir.resolve(input.name());
        Files.write(file, input.bytes());
        ContentHash expected = EXPECTED.get(input.name());
        assertEquals(expected, Blake3.hashFile(file), "serial " + file);
        assertEquals(expected, Blake3.hashFile(file, pool), "parallel " + file);
      }
    }
  }
}
